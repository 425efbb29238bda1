import { displayJson } from '../composition';
import { Command } from 'commander';
import { CliContext } from '../cli-context';
import { write } from '../cli-io';
import { collectTag, ENVIRONMENT_HELP } from '../option-parsers';
import { deviceJson, deviceTable } from '../render';
import { parseFilterEnvironment, parseFilterStatus } from './filters';

export function deviceListCommand(ctx: CliContext): Command {
  return new Command('list')
    .description('list enrolled devices')
    .option('--environment <env>', `only this environment (${ENVIRONMENT_HELP})`)
    .option('--tag <key=value>', 'only devices with this tag, repeatable (all must match)', collectTag)
    .option('--status <status>', 'only devices in this status')
    .option('--json', 'print JSON')
    .action(async (options: { environment?: string; tag?: Record<string, string>; status?: string; json?: boolean }, cmd: Command) => {
      const filter = {
        environment: parseFilterEnvironment(options.environment),
        status: parseFilterStatus(options.status),
        tags: options.tag,
      };
      await ctx.withServices(cmd, async (services) => {
        const devices = await services.devices.list(filter);
        write(ctx.io.stdout, options.json ? displayJson(devices.map((d) => deviceJson(d))) : deviceTable(devices));
      });
    });
}
