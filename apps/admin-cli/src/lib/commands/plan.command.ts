import { declaredPrincipalId, displayJson, PLAN_STATUSES, PlanStatus, Principal, PRINCIPAL_NAME, PRINCIPAL_NAME_RULE } from '../composition';
import { Command, InvalidArgumentError, Option } from 'commander';
import { CliContext } from '../cli-context';
import { CliUsageError, ReportedFailure } from '../cli-error';
import { write } from '../cli-io';
import { reviewWidth, shown } from '../display';
import { limitOf } from '../option-parsers';
import { planJson, planSummaryJson, planTable, planText } from '../plan-render';
import { planStatusJson, planStatusText, planStatusView, PlanStatusView } from '../plan-status-render';
import { barRenderer, DEFAULT_WATCH_INTERVAL_MS, jsonLinesRenderer, lineRenderer, watchPlan } from '../plan-watch';
import { AbortedByUser } from './device-remove.command';
import { planRollbackCommand } from './plan-rollback.command';

/** `plan status --watch` exits 3 when the plan ended other than completed (1 and 2 stay usage and internal errors). */
export const PLAN_NOT_COMPLETED_EXIT = 3;
/** Ended by Ctrl+C, as shells report a SIGINT. */
const INTERRUPTED_EXIT = 130;

const intervalOf = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 50 || n > 60_000) throw new InvalidArgumentError('must be whole milliseconds from 50 to 60000');
  return n;
};

/**
 * `--as NAME` is a name declared at the CLI, not proven: it becomes `as:NAME`, a namespace of its own, so it can never
 * stand for an OS account, an API token or an OAuth subject (a namespace prefix given here would let the person at the
 * CLI claim to be any authenticated principal). Names follow the token rule: no `:`, nothing unprintable.
 */
function declaredApprover(name: string): Principal {
  const trimmed = name.trim();
  if (trimmed === '') throw new CliUsageError('--as needs a name');
  if (!PRINCIPAL_NAME.test(trimmed)) throw new CliUsageError(`--as: '${JSON.stringify(trimmed).slice(1, -1)}' is not a name (${PRINCIPAL_NAME_RULE}); it is recorded as as:<name>, never as an os:, token: or oidc: principal`);
  return { id: declaredPrincipalId(trimmed), via: 'admin-cli' };
}

export function planCommand(ctx: CliContext): Command {
  const list = new Command('list')
    .description('list plans, newest first')
    .addOption(new Option('--status <status>', 'only plans in this state').choices(PLAN_STATUSES))
    .option('--limit <n>', 'at most this many (default 50)', limitOf(1_000), 50)
    .option('--json', 'print JSON')
    .action(async (options: { status?: PlanStatus; limit: number; json?: boolean }, cmd: Command) => {
      await ctx.withServices(cmd, async (services) => {
        const items = await services.plans.list({ ...(options.status ? { status: options.status } : {}), limit: options.limit });
        write(ctx.io.stdout, options.json ? displayJson(items.map(planSummaryJson)) : planTable(items));
      });
    });

  const show = new Command('show')
    .description('print a plan for review: per device its diff, risk and safety verdicts, and the content hash an approval binds to')
    .argument('<id>', 'plan id (see plan list)')
    .option('--json', 'print JSON')
    .action(async (id: string, options: { json?: boolean }, cmd: Command) => {
      await ctx.withServices(cmd, async (services) => {
        const plan = await services.plans.get(id);
        write(ctx.io.stdout, options.json ? displayJson(planJson(plan)) : planText(plan, ctx.color, reviewWidth(ctx.io.stdout)));
      });
    });

  const approve = new Command('approve')
    .description('approve a plan as the operating-system user (after showing its content hash and asking, on a terminal)')
    .argument('<id>', 'plan id')
    .option('--yes', 'approve without asking (scripts)')
    .option('--comment <text>', 'recorded with the approval')
    .option('--as <name>', 'approve under a declared name, recorded as as:<name>, instead of os:<user> (only where the deployment allows it: planApproveAsAllowed)')
    .action(async (id: string, options: { yes?: boolean; comment?: string; as?: string }, cmd: Command) => {
      await ctx.withServices(cmd, async (services) => {
        if (options.as !== undefined && !services.config.planApproveAsAllowed) throw new CliUsageError('--as is off in this deployment (set planApproveAsAllowed / ROUTEROS_MCP_PLAN_APPROVE_AS_ALLOWED=true to allow it)');
        const approver: Principal = options.as !== undefined ? declaredApprover(options.as) : ctx.principal;
        const plan = await services.plans.get(id);
        if (!options.yes) {
          if (!ctx.io.interactive) throw new CliUsageError(`refusing to approve ${id} without confirmation: review it with plan show, then pass --yes`);
          write(ctx.io.stdout, planText(plan, ctx.color, reviewWidth(ctx.io.stdout)));
          const ok = await ctx.io.confirm(`Approve ${plan.id} (content hash ${plan.contentHash}) as ${shown(approver.id)}?`);
          if (!ok) throw new AbortedByUser(`not approved: ${id} is unchanged`);
        }
        const approval = await services.plans.approve(id, approver, { ...(options.comment ? { comment: options.comment } : {}) });
        write(ctx.io.stdout, `Approved ${id} as ${approval.approver}: content hash ${approval.contentHash}, valid until ${approval.expiresAt.toISOString()}.`);
      });
    });

  const reject = new Command('reject')
    .description('reject a pending plan')
    .argument('<id>', 'plan id')
    .requiredOption('--reason <text>', 'why (recorded)')
    .action(async (id: string, options: { reason: string }, cmd: Command) => {
      await ctx.withServices(cmd, async (services) => {
        await services.plans.reject(id, ctx.principal, options.reason);
        write(ctx.io.stdout, `Rejected ${id}.`);
      });
    });

  const cancel = new Command('cancel')
    .description('cancel a pending or approved plan')
    .argument('<id>', 'plan id')
    .option('--reason <text>', 'why (recorded)', 'cancelled at the admin CLI')
    .action(async (id: string, options: { reason: string }, cmd: Command) => {
      await ctx.withServices(cmd, async (services) => {
        await services.plans.cancel(id, ctx.principal, options.reason);
        write(ctx.io.stdout, `Cancelled ${id}.`);
      });
    });

  const status = new Command('status')
    .description("a plan's rollout: status, each batch's devices (applied, failed, rolled back) and health gate, the latest log entries")
    .argument('<id>', 'plan id')
    .option('--watch', 'follow the rollout until the plan ends (a progress bar per batch on a terminal, a line per change otherwise); exit 0 when it completed, 3 when it ended otherwise')
    .option('--interval <ms>', 'with --watch: read the plan this often', intervalOf, DEFAULT_WATCH_INTERVAL_MS)
    .option('--json', 'print JSON (with --watch: one object per change)')
    .action(async (id: string, options: { watch?: boolean; interval: number; json?: boolean }, cmd: Command) => {
      await ctx.withServices(cmd, async (services) => {
        const out = ctx.io.stdout;
        if (!options.watch) {
          const view = planStatusView(await services.plans.get(id));
          write(out, options.json ? displayJson(planStatusJson(view)) : planStatusText(view));
          return;
        }
        const onTerminal = (out as { isTTY?: boolean }).isTTY === true;
        const renderer = options.json ? jsonLinesRenderer(out) : onTerminal ? barRenderer(out, id) : lineRenderer(out, id);
        // Ctrl+C ends the watch (never the rollout, which runs in the server): the bars stop and the cursor comes back.
        const interrupt = new AbortController();
        const stop = () => interrupt.abort();
        process.once('SIGINT', stop).once('SIGTERM', stop);
        let end: PlanStatusView;
        try {
          end = await watchPlan(() => services.plans.get(id), renderer, { intervalMs: options.interval, signal: interrupt.signal });
        } catch (error) {
          if (!interrupt.signal.aborted) throw error;
          write(ctx.io.stderr, `Stopped watching ${id}; the rollout goes on in the server (plan status ${id}).`);
          throw new ReportedFailure('watch interrupted', INTERRUPTED_EXIT);
        } finally {
          process.off('SIGINT', stop).off('SIGTERM', stop);
        }
        const reason = end.failureReason ? `: ${shown(end.failureReason)}` : '';
        if (!options.json) write(out, end.status === 'completed' ? `Plan ${id} completed.` : `Plan ${id} ended ${end.status === 'pending' || end.status === 'approved' ? 'expired' : end.status}${reason}.`);
        if (end.status !== 'completed') throw new ReportedFailure(`plan ${id} ended ${end.status}`, PLAN_NOT_COMPLETED_EXIT);
      });
    });

  return new Command('plan')
    .description('multi-device change plans: review, approve, reject, cancel, follow a rollout, roll back')
    .addCommand(list)
    .addCommand(show)
    .addCommand(approve)
    .addCommand(reject)
    .addCommand(cancel)
    .addCommand(status)
    .addCommand(planRollbackCommand(ctx, PLAN_NOT_COMPLETED_EXIT));
}
