import { Command } from 'commander';
import { CliContext } from '../cli-context';
import { CliUsageError } from '../cli-error';
import { write } from '../cli-io';

export class AbortedByUser extends Error {
  override name = 'AbortedByUser';
}

export function deviceRemoveCommand(ctx: CliContext): Command {
  return new Command('remove')
    .description('remove a device with its tags, credentials, snapshots and health history (audit records stay)')
    .argument('<id>', 'device id')
    .option('--yes', 'do not ask for confirmation')
    .action(async (id: string, options: { yes?: boolean }, cmd: Command) => {
      await ctx.withServices(cmd, async (services) => {
        const device = await services.devices.get(id);
        if (!options.yes) {
          if (!ctx.io.interactive) throw new CliUsageError(`refusing to remove ${id} without confirmation: pass --yes`);
          const ok = await ctx.io.confirm(`Remove ${device.id} (${device.name}, ${device.environment}) and its stored credentials? This cannot be undone.`);
          if (!ok) throw new AbortedByUser(`not removed: ${id} is unchanged`);
        }
        await services.devices.remove(ctx.principal, id);
        write(ctx.io.stdout, `Removed ${id}.`);
      });
    });
}
