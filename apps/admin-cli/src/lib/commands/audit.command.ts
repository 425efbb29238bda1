import { displayJson } from '../composition';
import { Command, InvalidArgumentError } from 'commander';
import { auditEventJson, auditTable } from '../audit-render';
import { chainReportJson, chainReportText } from '../audit-verify-render';
import { ReportedFailure } from '../cli-error';
import { CliContext } from '../cli-context';
import { write } from '../cli-io';
import { limitOf } from '../option-parsers';

function instantOf(value: string): Date {
  const at = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(at.getTime())) throw new InvalidArgumentError('must be an ISO 8601 date or time, e.g. 2026-11-23 or 2026-11-23T10:00:00Z');
  return at;
}

/** `audit`: what was done, by whom, to which device or plan; the newest N, printed oldest first. */
export function auditCommand(ctx: CliContext): Command {
  const verify = new Command('verify')
    .description('walk the audit trail\'s hash chain and signed checkpoints: names every record altered, removed or inserted, and cut-off links; exit 1 on any')
    .option('--since <time>', 'report only records at or after this ISO 8601 time (every link is still walked)', instantOf)
    .option('--json', 'print JSON')
    .action(async (_own: unknown, cmd: Command) => {
      // `audit` has --since and --json too, and Commander gives them to it wherever they stand: read both levels.
      const options = cmd.optsWithGlobals<{ since?: Date; json?: boolean }>();
      await ctx.withServices(cmd, async (services) => {
        const report = await services.auditChain.verify({ since: options.since });
        write(ctx.io.stdout, options.json ? displayJson(chainReportJson(report)) : chainReportText(report));
        if (!report.ok) throw new ReportedFailure('audit chain broken', 1);
      });
    });
  return new Command('audit')
    .addCommand(verify)
    .description('list audited actions (tool calls, changes, plan moves, key and token operations): the newest, printed oldest first')
    .option('--device <id>', 'only actions on this device')
    .option('--plan <id>', 'only actions on this plan (its moves and its device steps)')
    .option('--action <action>', 'only this action, e.g. plan.approve, change.apply, or a tool name (system_get_overview)')
    .option('--since <time>', 'only actions at or after this ISO 8601 time', instantOf)
    .option('--limit <n>', 'at most this many (default 50)', limitOf(10_000), 50)
    .option('--json', 'print JSON (newest first)')
    .action(async (options: { device?: string; plan?: string; action?: string; since?: Date; limit: number; json?: boolean }, cmd: Command) => {
      // Tool calls are recorded as `tool.<name>`; a bare tool name means that, as in the MCP audit tool.
      const action = options.action && !options.action.includes('.') ? `tool.${options.action}` : options.action;
      await ctx.withServices(cmd, async (services) => {
        const events = await services.audit.recent({ deviceId: options.device, planId: options.plan, action, since: options.since, limit: options.limit });
        write(ctx.io.stdout, options.json ? displayJson(events.map(auditEventJson)) : auditTable(events));
      });
    });
}
