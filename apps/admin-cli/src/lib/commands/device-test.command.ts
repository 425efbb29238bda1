import { displayJson } from '@routeros-mcp/composition';
import type { CheckOutcome, ConnectivityReport } from '@routeros-mcp/composition';
import { Command } from 'commander';
import { CliContext } from '../cli-context';
import { write } from '../cli-io';
import { ReportedFailure } from '../cli-error';
import { keyValues } from '../render';
import { choosePins } from './pin-identities';

const outcome = (o: CheckOutcome) => (o.ok ? `ok (${o.ms} ms)` : `FAILED ${o.code}: ${o.error}`);

function render(report: ConnectivityReport): string {
  return keyValues([
    ['device', report.deviceId],
    ['rest', outcome(report.rest)],
    ['ssh', outcome(report.ssh)],
    ['routeros', report.facts?.version ?? '-'],
    ['identity', report.facts?.identity ?? '-'],
    ['board', report.facts?.board ?? '-'],
    ['uptime', report.facts?.uptime ?? '-'],
    ['latency', report.facts ? `${report.facts.latencyMs} ms` : '-'],
    ['status', report.status],
  ]);
}

const outcomeJson = (o: CheckOutcome) => (o.ok ? { ok: true, ms: o.ms } : { ok: false, code: o.code, error: o.error });

/** The `--json` shape: snake_case like every other JSON output of this CLI. */
function reportJson(report: ConnectivityReport): Record<string, unknown> {
  const f = report.facts;
  return {
    device_id: report.deviceId,
    rest: outcomeJson(report.rest),
    ssh: outcomeJson(report.ssh),
    facts: f ? { version: f.version, identity: f.identity, board: f.board, uptime: f.uptime, latency_ms: f.latencyMs } : null,
    status: report.status,
  };
}

export function deviceTestCommand(ctx: CliContext): Command {
  return new Command('test')
    .description('check REST and SSH reachability, read version, identity, board and latency, and record them')
    .argument('<id>', 'device id')
    .option('--yes', 'pin the identities a device enrolled offline presents, without asking')
    .option('--json', 'print the report as JSON')
    .action(async (id: string, options: { yes?: boolean; json?: boolean }, cmd: Command) => {
      await ctx.withServices(cmd, async (services) => {
        const device = await services.devices.get(id);
        // A device enrolled offline is pinned at its first test, after confirmation.
        if (!device.tlsFingerprint || !device.sshHostKey) {
          const pins = await choosePins(ctx, services, device, { yes: options.yes, json: options.json }, device);
          await services.connectivity.repin(ctx.principal, id, { tlsFingerprint: device.tlsFingerprint ?? pins.tlsFingerprint, sshHostKey: device.sshHostKey ?? pins.sshHostKey });
        }
        const report = await services.connectivity.test(ctx.principal, id);
        write(ctx.io.stdout, options.json ? displayJson(reportJson(report)) : render(report));
        if (!report.rest.ok) throw new ReportedFailure(`${id} did not answer over REST`);
      });
    });
}
