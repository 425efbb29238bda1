import { ChangeResult, displayJson } from '../composition';
import { Command } from 'commander';
import { randomUUID } from 'node:crypto';
import { CliContext } from '../cli-context';
import { CliUsageError } from '../cli-error';
import { write } from '../cli-io';
import { changeResultJson, changeResultText } from '../change-result-render';
import { shown } from '../display';
import { AbortedByUser } from './device-remove.command';

interface RevertOptions {
  dryRun?: boolean;
  yes?: boolean;
  json?: boolean;
}

/**
 * `change revert ID`: what `change_revert` does, as the operating-system user. The same use case, so the same rules:
 * the capability flag the original change needed, the deployment's environment, the management-path evaluation on the
 * live state, safe mode or a device-side revert timer, verification; an audit record around it as around a tool call.
 */
export function changeRevertCommand(ctx: CliContext): Command {
  return new Command('revert')
    .description("undo an applied change from its recorded before-state, through the change pipeline under the same rules as the change_revert tool (after showing the diff and asking, on a terminal)")
    .argument('<id>', 'change id (see change list)')
    .option('--dry-run', 'show what the revert would write, and write nothing')
    .option('--yes', 'revert without asking (scripts)')
    .option('--json', 'print JSON (the shape the write tools answer)')
    .action(async (id: string, options: RevertOptions, cmd: Command) => {
      await ctx.withServices(cmd, async (services) => {
        const original = await services.changes.get(id);
        const correlationId = randomUUID();
        const revert = (dryRun: boolean): Promise<ChangeResult> =>
          services.audit.run({ principal: ctx.principal, action: 'change.revert', deviceId: original.deviceId, correlationId, arguments: { change_id: id, dry_run: dryRun } }, () =>
            services.changes.revert({ principal: ctx.principal, correlationId, environment: services.config.environment, changeId: id, dryRun }),
          );
        const print = (result: ChangeResult) => write(ctx.io.stdout, options.json ? displayJson(changeResultJson(result)) : changeResultText(result));
        if (options.dryRun) return print(await revert(true));
        if (!options.yes) {
          if (!ctx.io.interactive) throw new CliUsageError(`refusing to revert ${id} without confirmation: see what it would write with change revert ${id} --dry-run, then pass --yes`);
          const preview = await revert(true);
          write(ctx.io.stdout, changeResultText(preview));
          if (!preview.changed) return;
          const ok = await ctx.io.confirm(`Revert ${id} on ${original.deviceId} as ${shown(ctx.principal.id)}?`);
          if (!ok) throw new AbortedByUser(`not reverted: ${original.deviceId} is unchanged`);
        }
        print(await revert(false));
      });
    });
}
