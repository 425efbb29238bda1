import { displayJson } from '../composition';
import { Command } from 'commander';
import { CliContext } from '../cli-context';
import { write } from '../cli-io';
import { deviceJson } from '../render';
import { choosePins } from './pin-identities';

export function deviceRepinCommand(ctx: CliContext): Command {
  return new Command('repin')
    .description("pin a device's new certificate and SSH host key after they changed on purpose (shows old and new)")
    .argument('<id>', 'device id')
    .option('--tls-fingerprint <SHA256:..>', 'the new certificate fingerprint you expect (as openssl prints it)')
    .option('--ssh-host-key <SHA256:..>', 'the new host key fingerprint you expect (as ssh-keygen prints it)')
    .option('--yes', 'pin what the device presents without asking')
    .option('--json', 'print the device as JSON')
    .action(async (id: string, options: { tlsFingerprint?: string; sshHostKey?: string; yes?: boolean; json?: boolean }, cmd: Command) => {
      await ctx.withServices(cmd, async (services) => {
        const device = await services.devices.get(id);
        const pins = await choosePins(ctx, services, device, options, device);
        const updated = await services.connectivity.repin(ctx.principal, id, pins);
        if (options.json) return write(ctx.io.stdout, displayJson(deviceJson(updated)));
        const changes = [
          device.tlsFingerprint !== updated.tlsFingerprint ? `certificate ${device.tlsFingerprint ?? '(none)'} -> ${updated.tlsFingerprint}` : undefined,
          device.sshHostKey !== updated.sshHostKey ? `host key ${device.sshHostKey ?? '(none)'} -> ${updated.sshHostKey}` : undefined,
        ].filter(Boolean);
        write(ctx.io.stdout, changes.length ? `Re-pinned ${id}: ${changes.join('; ')}.` : `${id}: the device presents the pinned identities; nothing changed.`);
      });
    });
}
