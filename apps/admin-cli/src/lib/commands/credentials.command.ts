import { Command } from 'commander';
import { CliContext } from '../cli-context';
import { write } from '../cli-io';
import { obtainPassword, readKeyFile } from '../read-secret';

export function credentialsCommand(ctx: CliContext): Command {
  const set = new Command('set')
    .description("replace a device's stored credentials (encrypted at rest)")
    .argument('<id>', 'device id')
    .requiredOption('--username <user>', 'RouterOS user for REST (and SSH unless --ssh-username)')
    .option('--ssh-username <user>', 'RouterOS user for SSH')
    .option('--password-stdin', 'read the password from stdin')
    .option('--ssh-key-file <path>', 'private key for SSH instead of the password')
    .action(async (id: string, options: { username: string; sshUsername?: string; passwordStdin?: boolean; sshKeyFile?: string }, cmd: Command) => {
      await ctx.withServices(cmd, async (services) => {
        const device = await services.devices.get(id);
        const privateKey = options.sshKeyFile ? readKeyFile(options.sshKeyFile) : undefined;
        const password = await obtainPassword(ctx.io, options, `Password for ${options.username}@${device.host}: `);
        await services.devices.setCredentials(ctx.principal, id, {
          rest: { username: options.username, password },
          ssh: { username: options.sshUsername ?? options.username, ...(privateKey ? { privateKey } : { password }) },
        });
        write(ctx.io.stdout, `Stored new credentials for ${id}.`);
      });
    });
  return new Command('credentials').description('manage device credentials').addCommand(set);
}
