import { ChangeResult, displayJson, Plan } from '../composition';
import { Command } from 'commander';
import { randomUUID } from 'node:crypto';
import { CliContext } from '../cli-context';
import { CliUsageError, ReportedFailure } from '../cli-error';
import { write } from '../cli-io';
import { changeResultJson, changeResultText } from '../change-result-render';
import { shown } from '../display';
import { planStatusJson, planStatusText, planStatusView } from '../plan-status-render';
import { AbortedByUser } from './device-remove.command';

interface RollbackOptions {
  dryRun?: boolean;
  yes?: boolean;
  json?: boolean;
}

/** One device of a rollback preview: what its undo would write, or why it has nothing to undo. */
interface DeviceUndo {
  deviceId: string;
  changeId: string | null;
  result?: ChangeResult;
  note?: string;
}

/**
 * `plan rollback ID`: what `plan_rollback` does, as the operating-system user: the plan moves to `rolling_back` (audited
 * as plan.rollback) and the rollout runner undoes each changed device through the change pipeline, newest first. A
 * server that runs plans may take it; otherwise this process runs it to its end and reports how it ended.
 */
export function planRollbackCommand(ctx: CliContext, notCompletedExit: number): Command {
  return new Command('rollback')
    .description("undo a completed or failed plan: each changed device restored from its recorded before-state, newest first, under the same rules as the plan_rollback tool (after showing what it would write and asking, on a terminal)")
    .argument('<id>', 'plan id')
    .option('--dry-run', "show what each device's undo would write, and write nothing")
    .option('--yes', 'roll back without asking (scripts)')
    .option('--json', 'print JSON')
    .action(async (id: string, options: RollbackOptions, cmd: Command) => {
      await ctx.withServices(cmd, async (services) => {
        const plan = await services.plans.get(id);
        // The preview of each undo, judged as the rollback's own steps will be (under the approved plan).
        const preview = async (): Promise<DeviceUndo[]> => {
          const undos: DeviceUndo[] = [];
          for (const step of plan.stepsToRollBack()) {
            const change = step.changeId ? await services.changes.get(step.changeId) : undefined;
            if (!change) undos.push({ deviceId: step.deviceId, changeId: null, note: 'nothing to undo (its step changed nothing)' });
            else if (change.status === 'reverted' || change.status === 'failed') undos.push({ deviceId: step.deviceId, changeId: change.id, note: `nothing to undo (its change ${change.status})` });
            else {
              const result = await services.changes.revert({ principal: ctx.principal, correlationId: randomUUID(), environment: services.config.environment, changeId: change.id, dryRun: true, authority: { kind: 'plan_preview', planId: plan.id } });
              undos.push({ deviceId: step.deviceId, changeId: change.id, result });
            }
          }
          return undos;
        };
        if (options.dryRun) {
          const undos = await preview();
          write(ctx.io.stdout, options.json ? displayJson({ plan_id: id, dry_run: true, devices: undos.map(undoJson) }) : undosText(plan, undos));
          return;
        }
        if (!options.yes) {
          if (!ctx.io.interactive) throw new CliUsageError(`refusing to roll back ${id} without confirmation: see what it would write with plan rollback ${id} --dry-run, then pass --yes`);
          write(ctx.io.stdout, undosText(plan, await preview()));
          const ok = await ctx.io.confirm(`Roll back ${id} as ${shown(ctx.principal.id)}?`);
          if (!ok) throw new AbortedByUser(`not rolled back: ${id} is unchanged`);
        }
        await services.rollouts.rollback(id, ctx.principal);
        const ranHere = await services.rollouts.follow(id);
        const view = planStatusView(await services.plans.get(id));
        write(ctx.io.stdout, options.json ? displayJson(planStatusJson(view)) : planStatusText(view));
        if (!ranHere) {
          if (!options.json) write(ctx.io.stdout, `Plan ${id} is rolling back in another process: follow it with plan status ${id} --watch.`);
          return;
        }
        if (view.status !== 'rolled_back') throw new ReportedFailure(`plan ${id} ended ${view.status}`, notCompletedExit);
        if (!options.json) write(ctx.io.stdout, `Plan ${id} rolled back.`);
      });
    });
}

function undoJson(u: DeviceUndo): Record<string, unknown> {
  return { device_id: u.deviceId, change_id: u.changeId, note: u.note ?? null, result: u.result ? changeResultJson(u.result) : null };
}

function undosText(plan: Plan, undos: readonly DeviceUndo[]): string {
  if (undos.length === 0) return `Plan ${plan.id} (${plan.status}) has no device to undo.`;
  const blocks = undos.map((u) => `${u.deviceId}${u.changeId ? ` (change ${u.changeId})` : ''}: ${u.note ?? ''}${u.result ? `\n${changeResultText(u.result)}` : ''}`.replace(/: \n/, ':\n'));
  return [`Rolling back plan ${plan.id} (${plan.status}) would undo, newest first:`, ...blocks].join('\n');
}
