import { CHANGE_STATUSES, ChangeStatus, displayJson } from '../composition';
import { Command, Option } from 'commander';
import { CliContext } from '../cli-context';
import { write } from '../cli-io';
import { limitOf } from '../option-parsers';
import { changeJson, changeSummaryJson, changeTable, changeText } from '../change-render';
import { changeRevertCommand } from './change-revert.command';

export function changeCommand(ctx: CliContext): Command {
  const list = new Command('list')
    .description('list recorded changes, newest first, of every device or one')
    .argument('[device]', 'device id')
    .addOption(new Option('--status <status>', 'only changes in this state').choices(CHANGE_STATUSES))
    .option('--limit <n>', 'at most this many (default 50)', limitOf(1_000), 50)
    .option('--json', 'print JSON')
    .action(async (device: string | undefined, options: { status?: ChangeStatus; limit: number; json?: boolean }, cmd: Command) => {
      await ctx.withServices(cmd, async (services) => {
        const items = await services.changes.list({ ...(device ? { deviceId: device } : {}), ...(options.status ? { status: options.status } : {}), limit: options.limit });
        write(ctx.io.stdout, options.json ? displayJson(items.map(changeSummaryJson)) : changeTable(items));
      });
    });

  const show = new Command('show')
    .description('print one change: diff, before/after rows, verdicts, protection, verification, end state and its revert')
    .argument('<id>', 'change id (see change list)')
    .option('--json', 'print JSON')
    .action(async (id: string, options: { json?: boolean }, cmd: Command) => {
      await ctx.withServices(cmd, async (services) => {
        const change = await services.changes.get(id);
        write(ctx.io.stdout, options.json ? displayJson(changeJson(change)) : changeText(change, ctx.color));
      });
    });

  return new Command('change').description('changes made through the change pipeline: list, show, revert').addCommand(list).addCommand(show).addCommand(changeRevertCommand(ctx));
}
