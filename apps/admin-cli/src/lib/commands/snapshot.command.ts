import { displayJson, linesOfSection } from '../composition';
import { Command } from 'commander';
import { CliContext } from '../cli-context';
import { CliUsageError } from '../cli-error';
import { write } from '../cli-io';
import { limitOf } from '../option-parsers';
import { diffJson, diffText, snapshotJson, snapshotSummaryJson, snapshotTable, snapshotText } from '../snapshot-render';

const SECTION_HELP = 'only this export section and its sub-menus, e.g. "/ip firewall filter"';

export function snapshotCommand(ctx: CliContext): Command {
  const list = new Command('list')
    .description("list a device's configuration snapshots, newest first")
    .argument('<device>', 'device id')
    .option('--limit <n>', 'at most this many (default 50)', limitOf(10_000), 50)
    .option('--json', 'print JSON')
    .action(async (device: string, options: { limit: number; json?: boolean }, cmd: Command) => {
      await ctx.withServices(cmd, async (services) => {
        const items = await services.snapshots.list(device, { limit: options.limit });
        write(ctx.io.stdout, options.json ? displayJson(items.map(snapshotSummaryJson)) : snapshotTable(items));
      });
    });

  const show = new Command('show')
    .description('print one snapshot: its normalised export lines, secrets redacted')
    .argument('<id>', 'snapshot id (snap-…)')
    .option('--section <menu>', SECTION_HELP)
    .option('--json', 'print JSON')
    .action(async (id: string, options: { section?: string; json?: boolean }, cmd: Command) => {
      await ctx.withServices(cmd, async (services) => {
        const snapshot = await services.snapshots.get(id);
        const lines = options.section ? linesOfSection(snapshot.lines, options.section) : snapshot.lines;
        write(ctx.io.stdout, options.json ? displayJson(snapshotJson(snapshot, lines)) : snapshotText(snapshot, lines, ctx.color));
      });
    });

  const diff = new Command('diff')
    .description('unified diff of snapshot A against snapshot B, or against the live export with --live')
    .argument('<a>', 'snapshot id')
    .argument('[b]', 'snapshot id')
    .option('--live', "compare with the device's export now (over SSH)")
    .option('--section <menu>', SECTION_HELP)
    .option('--json', 'print JSON')
    .action(async (a: string, b: string | undefined, options: { live?: boolean; section?: string; json?: boolean }, cmd: Command) => {
      if ((b === undefined) === !options.live) throw new CliUsageError('give either a second snapshot id or --live');
      await ctx.withServices(cmd, async (services) => {
        const result = await services.snapshots.diff(a, b ?? 'live', { section: options.section });
        write(ctx.io.stdout, options.json ? displayJson(diffJson(result)) : diffText(result, ctx.color));
      });
    });

  const capture = new Command('capture')
    .description("export a device's configuration over SSH now and store it (unchanged: the latest snapshot is marked seen)")
    .argument('<device>', 'device id')
    .option('--json', 'print JSON')
    .action(async (device: string, options: { json?: boolean }, cmd: Command) => {
      await ctx.withServices(cmd, async (services) => {
        const result = await services.snapshots.capture(device, 'manual');
        const summary = snapshotSummaryJson(result.snapshot);
        if (options.json) write(ctx.io.stdout, displayJson({ ...summary, created: result.created, previous_id: result.previousId ?? null }));
        else write(ctx.io.stdout, result.created ? `${result.snapshot.id} captured (${result.snapshot.lineCount} lines)` : `unchanged since ${result.snapshot.id} (captured ${summary['captured_at']}); marked seen`);
      });
    });

  return new Command('snapshot').description('configuration history: list, show, diff and capture snapshots').addCommand(list).addCommand(show).addCommand(diff).addCommand(capture);
}
