import { displayJson } from '../composition';
import type { DevicePatch } from '../composition';
import { Command } from 'commander';
import { CliContext } from '../cli-context';
import { CliUsageError } from '../cli-error';
import { write } from '../cli-io';
import { addCapabilityOptions, capabilityPatch, collect, collectTag, ENVIRONMENT_HELP } from '../option-parsers';
import { deviceChanges } from '../device-changes';
import { deviceJson } from '../render';

interface UpdateOptions {
  name?: string;
  host?: string;
  port?: string;
  sshPort?: string;
  environment?: string;
  status?: string;
  tag?: Record<string, string>;
  removeTag?: string[];
  critical?: boolean;
  tlsFingerprint?: string;
  clearTlsFingerprint?: boolean;
  sshHostKey?: string;
  clearSshHostKey?: boolean;
  json?: boolean;
  [flag: string]: unknown;
}

function toPatch(o: UpdateOptions): DevicePatch {
  if (o.tlsFingerprint && o.clearTlsFingerprint) throw new CliUsageError('tls_fingerprint: give either --tls-fingerprint or --clear-tls-fingerprint');
  if (o.sshHostKey && o.clearSshHostKey) throw new CliUsageError('ssh_host_key: give either --ssh-host-key or --clear-ssh-host-key');
  const capabilities = capabilityPatch(o);
  const patch: DevicePatch = {
    name: o.name,
    host: o.host,
    restPort: o.port,
    sshPort: o.sshPort,
    environment: o.environment,
    status: o.status,
    setTags: o.tag,
    removeTags: o.removeTag,
    critical: o.critical,
    capabilities: Object.keys(capabilities).length > 0 ? capabilities : undefined,
    tlsFingerprint: o.clearTlsFingerprint ? null : o.tlsFingerprint,
    sshHostKey: o.clearSshHostKey ? null : o.sshHostKey,
  };
  const given = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  if (Object.keys(given).length === 0) throw new CliUsageError('nothing to update: give at least one option (see --help)');
  return given;
}

export function deviceUpdateCommand(ctx: CliContext): Command {
  const command = new Command('update')
    .description('change a device; only the options given change')
    .argument('<id>', 'device id')
    .option('--name <name>', 'new display name')
    .option('--host <host>', 'new management address')
    .option('--port <port>', 'REST (HTTPS) port')
    .option('--ssh-port <port>', 'SSH port')
    .option('--environment <env>', ENVIRONMENT_HELP)
    .option('--status <status>', 'e.g. decommissioned, or unknown to bring a device back')
    .option('--tag <key=value>', 'add or replace a tag, repeatable', collectTag)
    .option('--remove-tag <key>', 'remove a tag, repeatable', collect)
    .option('--critical', 'mark as critical')
    .option('--no-critical', 'mark as not critical')
    .option('--tls-fingerprint <SHA256:..>', 'pin a certificate fingerprint')
    .option('--clear-tls-fingerprint', 'remove the certificate pin')
    .option('--ssh-host-key <SHA256:..>', 'pin an SSH host key')
    .option('--clear-ssh-host-key', 'remove the SSH host-key pin')
    .option('--json', 'print the updated device as JSON');
  addCapabilityOptions(command, true);
  return command.action(async (id: string, options: UpdateOptions, cmd: Command) => {
    const patch = toPatch(options);
    await ctx.withServices(cmd, async (services) => {
      const before = deviceJson(await services.devices.get(id));
      const device = await services.devices.update(ctx.principal, id, patch);
      if (options.json) return write(ctx.io.stdout, displayJson(deviceJson(device)));
      // Say what changed (an option that set a value already held changes nothing, and says so).
      const changes = deviceChanges(before, deviceJson(device));
      write(ctx.io.stdout, changes.length ? [`Updated ${device.id}:`, ...changes.map((c) => `  ${c}`)].join('\n') : `${device.id}: already as given; nothing changed.`);
    });
  });
}
