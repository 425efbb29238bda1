import { Command } from 'commander';
import { CliContext } from '../cli-context';
import { write } from '../cli-io';
import { shown } from '../display';
import { obtainPassword, readKeyFile } from '../read-secret';

interface SetOptions {
  username: string;
  sshUsername?: string;
  passwordStdin?: boolean;
  sshKeyFile?: string;
  offline?: boolean;
}

export function credentialsCommand(ctx: CliContext): Command {
  const set = new Command('set')
    .description("replace a device's stored credentials (encrypted at rest) once the device accepts them over REST and SSH")
    .argument('<id>', 'device id')
    .requiredOption('--username <user>', 'RouterOS user for REST (and SSH unless --ssh-username)')
    .option('--ssh-username <user>', 'RouterOS user for SSH')
    .option('--password-stdin', 'read the password from stdin')
    .option('--ssh-key-file <path>', 'private key for SSH instead of the password')
    .option('--offline', 'store them without asking the device (the next `device test` checks them)')
    .action(async (id: string, options: SetOptions, cmd: Command) => {
      await ctx.withServices(cmd, async (services) => {
        const device = await services.devices.get(id);
        const privateKey = options.sshKeyFile ? readKeyFile(options.sshKeyFile) : undefined;
        const password = await obtainPassword(ctx.io, options, `Password for ${options.username}@${device.host}: `);
        const credentials = {
          rest: { username: options.username, password },
          ssh: { username: options.sshUsername ?? options.username, ...(privateKey ? { privateKey } : { password }) },
        };
        // Refused (exit 1, nothing stored) when the device rejects them or cannot check them over REST.
        const { ssh } = await services.connectivity.setCredentials(ctx.principal, id, credentials, { offline: options.offline });
        if (options.offline) return write(ctx.io.stdout, `Stored new credentials for ${id} without asking the device (--offline); \`device test ${id}\` checks them.`);
        if (ssh && !ssh.ok) write(ctx.io.stderr, `warning: SSH could not be reached to check them (${shown(ssh.error)}); REST accepted them, stored anyway.`);
        write(ctx.io.stdout, `Stored new credentials for ${id}: the device accepted them over REST${ssh?.ok ? ' and SSH' : ''}.`);
      });
    });
  return new Command('credentials').description('manage device credentials').addCommand(set);
}
