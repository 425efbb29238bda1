import { displayJson } from '../composition';
import { Command } from 'commander';
import { CliContext } from '../cli-context';
import { write } from '../cli-io';
import { deviceDetails, deviceJson } from '../render';

export function deviceShowCommand(ctx: CliContext): Command {
  return new Command('show')
    .description('show one device with its stored credentials (never the secrets)')
    .argument('<id>', 'device id')
    .option('--json', 'print JSON')
    .action(async (id: string, options: { json?: boolean }, cmd: Command) => {
      await ctx.withServices(cmd, async (services) => {
        const device = await services.devices.get(id);
        const credentials = await services.devices.credentialSummary(id);
        write(ctx.io.stdout, options.json ? displayJson(deviceJson(device, credentials)) : deviceDetails(device, credentials));
      });
    });
}
