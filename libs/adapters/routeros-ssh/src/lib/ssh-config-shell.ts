import type { NodeSSH } from 'node-ssh';
import {
  CallOptions,
  ConfigExport,
  ConfigShell,
  DeviceCommandError,
  DeviceTarget,
  DeviceTimeoutError,
  ExportOptions,
  Logger,
  ShellPrint,
  ShellSession,
} from '@routeros-mcp/application-ports';
import { parseExport } from './export-parser';
import { exportCommand, printCommand, SAFE_MODE_COMMANDS } from './shell-commands';
import { connectPinned, readPresentedHostKey } from './ssh-connect';

export interface SshShellOptions {
  /** Connect plus handshake plus authentication (default 5000). */
  connectTimeoutMs: number;
  /** One command (default 30000: exports of large configurations take a while). */
  commandTimeoutMs: number;
}

const DEFAULTS: SshShellOptions = { connectTimeoutMs: 5_000, commandTimeoutMs: 30_000 };

/** Runs one allow-listed command on an open connection, bounded in time; a console error is a DeviceCommandError. */
async function run(ssh: NodeSSH, target: DeviceTarget, command: string, timeoutMs: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      ssh.dispose();
      reject(new DeviceTimeoutError(target.deviceId, command, timeoutMs / 1000));
    }, timeoutMs);
  });
  try {
    const result = await Promise.race([ssh.execCommand(command, { noTrim: true }), timedOut]);
    if (result.code !== 0) {
      throw new DeviceCommandError(target.deviceId, command, { status: 400, message: 'console error', detail: (result.stdout || result.stderr).trim() });
    }
    return result.stdout;
  } finally {
    clearTimeout(timer);
  }
}

class PinnedShellSession implements ShellSession {
  constructor(
    private readonly ssh: NodeSSH,
    private readonly target: DeviceTarget,
    private readonly timeoutMs: number,
  ) {}
  async takeSafeMode(): Promise<void> {
    await run(this.ssh, this.target, SAFE_MODE_COMMANDS.take, this.timeoutMs);
  }
  async releaseSafeMode(): Promise<void> {
    await run(this.ssh, this.target, SAFE_MODE_COMMANDS.release, this.timeoutMs);
  }
  async unrollSafeMode(): Promise<void> {
    await run(this.ssh, this.target, SAFE_MODE_COMMANDS.unroll, this.timeoutMs);
  }
  async close(): Promise<void> {
    this.ssh.dispose();
  }
}

/** The SSH console of RouterOS, limited to typed operations, with the host key pinned. */
export class SshConfigShell implements ConfigShell {
  private readonly options: SshShellOptions;

  constructor(
    private readonly logger: Logger,
    options: Partial<SshShellOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  async export(target: DeviceTarget, options: ExportOptions & CallOptions = {}): Promise<ConfigExport> {
    const output = await this.once(target, exportCommand(options), options.timeoutMs);
    return parseExport(output, { keepSecrets: options.showSensitive === true });
  }

  print(target: DeviceTarget, menu: ShellPrint, options: CallOptions = {}): Promise<string> {
    return this.once(target, printCommand(menu), options.timeoutMs).then((text) => text.replace(/\r\n?/g, '\n'));
  }

  async open(target: DeviceTarget, options: CallOptions = {}): Promise<ShellSession> {
    const ssh = await connectPinned(target, options.timeoutMs ?? this.options.connectTimeoutMs);
    return new PinnedShellSession(ssh, target, this.options.commandTimeoutMs);
  }

  presentedHostKey(host: string, port: number, options: CallOptions = {}): Promise<string> {
    return readPresentedHostKey(host, port, options.timeoutMs ?? this.options.connectTimeoutMs);
  }

  private async once(target: DeviceTarget, command: string, timeoutMs?: number): Promise<string> {
    const started = performance.now();
    const ssh = await connectPinned(target, this.options.connectTimeoutMs);
    try {
      return await run(ssh, target, command, timeoutMs ?? this.options.commandTimeoutMs);
    } finally {
      ssh.dispose();
      this.logger.debug('routeros ssh command', { device_id: target.deviceId, command, ms: Math.round(performance.now() - started) });
    }
  }
}
