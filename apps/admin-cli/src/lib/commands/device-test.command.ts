import { displayJson } from '../composition';
import type { CheckOutcome, ConnectivityReport } from '../composition';
import { Command } from 'commander';
import { CliContext } from '../cli-context';
import { write } from '../cli-io';
import { ReportedFailure } from '../cli-error';
import { keyValues } from '../render';
import { choosePins } from './pin-identities';

/** `device test` exits 3 when the device answers over one of REST and SSH only (2: over neither; 0: both). */
export const DEVICE_DEGRADED_EXIT = 3;

const outcome = (o: CheckOutcome) => (o.ok ? `ok (${o.ms} ms)` : `FAILED ${o.code}: ${o.error}`);

/** What still works on a degraded device, in an operator's words. */
function works(report: ConnectivityReport): string | undefined {
  if (report.rest.ok === report.ssh.ok) return undefined;
  return report.rest.ok
    ? 'REST only: reads and writes work; exports, config snapshots and safe mode need SSH'
    : 'SSH only: the device is up, but reads and writes need REST (check www-ssl, its certificate and the firewall)';
}

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
    ...(works(report) ? [['works', works(report)] as [string, string]] : []),
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
    works: works(report) ?? null,
  };
}

export function deviceTestCommand(ctx: CliContext): Command {
  return new Command('test')
    .description('check REST and SSH reachability, read version, identity, board and latency, and record them; exit 0 when both answer, 3 when only one does (degraded), 2 when neither does')
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
        if (!report.rest.ok && !report.ssh.ok) throw new ReportedFailure(`${id} did not answer over REST or SSH`);
        if (!report.rest.ok || !report.ssh.ok) throw new ReportedFailure(`${id} is degraded`, DEVICE_DEGRADED_EXIT);
      });
    });
}
