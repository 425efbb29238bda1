import { displayJson, targetFor } from '../composition';
import type { Device, DeviceCredentials, NewDeviceInput } from '../composition';
import { choosePins } from './pin-identities';
import { Command } from 'commander';
import { CliContext } from '../cli-context';
import { write } from '../cli-io';
import { shown } from '../display';
import { addCapabilityOptions, capabilityPatch, collectTag, ENVIRONMENT_HELP } from '../option-parsers';
import { obtainPassword, readKeyFile } from '../read-secret';
import { deviceJson } from '../render';

interface AddOptions {
  id: string;
  name: string;
  host: string;
  port?: string;
  sshPort?: string;
  environment: string;
  username: string;
  sshUsername?: string;
  passwordStdin?: boolean;
  sshKeyFile?: string;
  tag?: Record<string, string>;
  critical?: boolean;
  tlsFingerprint?: string;
  sshHostKey?: string;
  offline?: boolean;
  yes?: boolean;
  json?: boolean;
  [flag: string]: unknown;
}

export function deviceAddCommand(ctx: CliContext): Command {
  const command = new Command('add')
    .description('enroll a device; the password is read from stdin (--password-stdin) or a hidden prompt, never from argv')
    .requiredOption('--id <id>', 'device id, e.g. dev-lab-01')
    .requiredOption('--name <name>', 'unique display name')
    .requiredOption('--host <host>', 'management IP address or host name')
    .option('--port <port>', 'REST (HTTPS) port', '443')
    .option('--ssh-port <port>', 'SSH port', '22')
    .requiredOption('--environment <env>', ENVIRONMENT_HELP)
    .requiredOption('--username <user>', 'RouterOS user for REST (and SSH unless --ssh-username)')
    .option('--ssh-username <user>', 'RouterOS user for SSH')
    .option('--password-stdin', 'read the password from stdin')
    .option('--ssh-key-file <path>', 'private key for SSH instead of the password')
    .option('--tag <key=value>', 'tag, repeatable', collectTag)
    .option('--critical', 'mark the device as critical')
    .option('--tls-fingerprint <SHA256:..>', 'pin the certificate (as `openssl x509 -fingerprint -sha256` prints it)')
    .option('--ssh-host-key <SHA256:..>', 'pin the SSH host key (as `ssh-keygen -l` prints it)')
    .option('--offline', 'enroll without contacting the device (pins are taken at the first `device test`)')
    .option('--yes', 'pin the identities the device presents without asking')
    .option('--json', 'print the enrolled device as JSON');
  addCapabilityOptions(command, false);
  return command.action(async (options: AddOptions, cmd: Command) => {
    const input: NewDeviceInput = {
      id: options.id,
      name: options.name,
      host: options.host,
      restPort: options.port,
      sshPort: options.sshPort,
      environment: options.environment,
      tags: options.tag,
      critical: options.critical ?? false,
      capabilities: capabilityPatch(options),
      tlsFingerprint: options.tlsFingerprint,
      sshHostKey: options.sshHostKey,
    };
    await ctx.withServices(cmd, async (services) => {
      await services.devices.checkNewDevice(input);
      const privateKey = options.sshKeyFile ? readKeyFile(options.sshKeyFile) : undefined;
      const password = await obtainPassword(ctx.io, options, `Password for ${options.username}@${options.host}: `);
      const credentials: DeviceCredentials = {
        rest: { username: options.username, password },
        ssh: { username: options.sshUsername ?? options.username, ...(privateKey ? { privateKey } : { password }) },
      };
      if (options.offline) {
        const device = await services.devices.enroll(ctx.principal, input, credentials);
        return report(ctx, device, options.json);
      }
      // Online: pin what the device presents, prove the credentials work, then enroll with the facts learned.
      const pins = await choosePins(ctx, services, { host: input.host, restPort: Number(input.restPort ?? 443), sshPort: Number(input.sshPort ?? 22) }, options);
      const pinned: NewDeviceInput = { ...input, ...pins };
      const candidate = await services.devices.preview(pinned);
      const { facts, ssh } = await services.connectivity.verify(targetFor(candidate, credentials));
      if (!ssh.ok) write(ctx.io.stderr, `warning: SSH check failed (${shown(ssh.error)}); REST works, enrolling anyway.`);
      const device = await services.devices.enroll(ctx.principal, pinned, credentials, { facts: { routerosVersion: facts.version, identity: facts.identity, board: facts.board }, status: ssh.ok ? 'healthy' : 'degraded' });
      return report(ctx, device, options.json);
    });
  });
}

function report(ctx: CliContext, device: Device, json?: boolean): void {
  if (json) return write(ctx.io.stdout, displayJson(deviceJson(device)));
  const facts = device.facts.routerosVersion ? `; RouterOS ${shown(device.facts.routerosVersion)} (${shown(device.facts.board)})` : '';
  // The version and board are what the device said: escaped like any outside text.
  write(ctx.io.stdout, `Enrolled ${device.id} (${device.name}) at ${device.host}:${device.restPort} in ${device.environment}; status ${device.status}${facts}.`);
  if (device.tlsFingerprint) write(ctx.io.stdout, `Pinned TLS certificate SHA-256 ${device.tlsFingerprint}; SSH host key SHA-256 ${device.sshHostKey ?? '(none offered)'}.`);
}
