import { displayJson } from '../composition';
import { Command } from 'commander';
import { CliContext } from '../cli-context';
import { write } from '../cli-io';
import { table } from '../render';

export function dbCommand(ctx: CliContext): Command {
  const migrate = new Command('migrate')
    .description('apply pending schema migrations (also done by every app on start)')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }, cmd: Command) => {
      await ctx.withServices(cmd, async (services) => {
        const applied = await services.database.migrate();
        if (options.json) return write(ctx.io.stdout, displayJson({ applied }));
        write(ctx.io.stdout, applied.length === 0 ? 'Database is up to date.' : `Applied ${applied.length} migration(s): ${applied.join(', ')}.`);
      }, { migrate: false });
    });
  const status = new Command('status')
    .description('list applied and pending migrations')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }, cmd: Command) => {
      await ctx.withServices(cmd, async (services) => {
        const states = await services.database.status();
        if (options.json) return write(ctx.io.stdout, displayJson(states));
        write(ctx.io.stdout, table(['MIGRATION', 'STATE'], states.map((s) => [s.name, s.applied ? 'applied' : 'pending'])));
      }, { migrate: false });
    });
  return new Command('db').description('database schema').addCommand(migrate).addCommand(status);
}
