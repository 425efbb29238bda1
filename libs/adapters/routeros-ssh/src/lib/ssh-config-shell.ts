import type { NodeSSH } from 'node-ssh';
import {
  CallOptions,
  ConfigExport,
  ConfigShell,
  DeviceCommandError,
  DeviceRequestObserver,
  DeviceTarget,
  DeviceTimeoutError,
  DeviceUnreachableError,
  ExportOptions,
  Logger,
  NO_DEVICE_REQUEST_OBSERVER,
  OpenOptions,
  SafeModeStyle,
  ShellPrint,
  ShellSession,
} from '@routeros-mcp/application-ports';
import { ConsoleSafeMode } from './console-safe-mode';
import { parseExport } from './export-parser';
import { exportCommand, printCommand, SAFE_MODE_COMMANDS } from './shell-commands';
import { observedSsh } from './request-telemetry';
import { connectPinned, readPresentedHostKey, sshUnreachable } from './ssh-connect';

export interface SshShellOptions {
  /** Connect plus handshake plus authentication, within the call's own bound (default 5000). */
  connectTimeoutMs: number;
  /** Bounds a whole call other than an export, connecting included: print, open, each safe-mode step (default 5000). */
  requestTimeoutMs: number;
  /** Bounds a whole export, connecting included: exports of large configurations take a while (default 30000). */
  exportTimeoutMs: number;
}

const DEFAULTS: SshShellOptions = { connectTimeoutMs: 5_000, requestTimeoutMs: 5_000, exportTimeoutMs: 30_000 };

/** A call's bound, and how much of it is left. */
class Deadline {
  private readonly started = performance.now();
  constructor(readonly boundMs: number) {}
  get leftMs(): number {
    return Math.max(1, this.boundMs - (performance.now() - this.started));
  }
}

/**
 * Runs one allow-listed command on an open connection within what is left of the call's bound; a console error
 * is a DeviceCommandError, a connection lost on the way is DeviceUnreachable, running out of time is DeviceTimeout
 * naming the whole bound.
 */
async function run(ssh: NodeSSH, target: DeviceTarget, command: string, deadline: Deadline, signal?: AbortSignal): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      ssh.dispose();
      reject(new DeviceTimeoutError(target.deviceId, command, Math.round(deadline.boundMs / 100) / 10));
    }, deadline.leftMs);
    // The caller gave up (its client cancelled, or a shutdown): the connection goes now, not when the bound runs out.
    onAbort = () => {
      ssh.dispose();
      reject(signal?.reason ?? new Error('aborted'));
    };
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
  try {
    const execution = ssh.execCommand(command, { noTrim: true }).catch((error: unknown) => {
      throw sshUnreachable(target.deviceId, error, { timeoutMs: deadline.boundMs, awaited: 'answer' });
    });
    const result = await Promise.race([execution, timedOut]);
    // No exit status at all: the channel closed under the command (the connection dropped), not a console error.
    if (result.code === null && result.signal === null) throw new DeviceUnreachableError(target.deviceId, 'the SSH connection was lost during the command', 5);
    if (result.code !== 0) {
      throw new DeviceCommandError(target.deviceId, command, { status: 400, message: 'console error', detail: (result.stdout || result.stderr).trim() });
    }
    return result.stdout;
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}

/** RouterOS 7.18 brought the `/safe-mode` menu; earlier v7 only has the console's Ctrl+X. */
export function safeModeStyle(routerosVersion: string | undefined): SafeModeStyle {
  const [major, minor] = (routerosVersion ?? '').split(/[.\s]/).map(Number);
  if (!Number.isFinite(major) || !Number.isFinite(minor)) return 'command';
  return major > 7 || (major === 7 && minor >= 18) ? 'command' : 'console';
}

class PinnedShellSession implements ShellSession {
  private console?: ConsoleSafeMode;

  constructor(
    private readonly ssh: NodeSSH,
    private readonly target: DeviceTarget,
    /** Each step is a call of its own, bounded by the request timeout. */
    private readonly timeoutMs: number,
    readonly safeModeStyle: SafeModeStyle,
    private readonly observer: DeviceRequestObserver,
  ) {}
  takeSafeMode(): Promise<void> {
    return observedSsh(this.observer, this.target.deviceId, 'safe_mode.take', async () => {
      if (this.safeModeStyle === 'console') {
        this.console ??= await ConsoleSafeMode.open(this.ssh, this.target, this.timeoutMs);
        return this.console.take();
      }
      await run(this.ssh, this.target, SAFE_MODE_COMMANDS.take, new Deadline(this.timeoutMs));
    });
  }
  releaseSafeMode(): Promise<void> {
    return observedSsh(this.observer, this.target.deviceId, 'safe_mode.release', async () => {
      if (this.console) return this.console.release();
      await run(this.ssh, this.target, SAFE_MODE_COMMANDS.release, new Deadline(this.timeoutMs));
    });
  }
  unrollSafeMode(): Promise<{ immediate: boolean }> {
    return observedSsh(this.observer, this.target.deviceId, 'safe_mode.unroll', async () => {
      // Before 7.18 there is no unroll: the session that held safe mode ends unreleased, and the device undoes it.
      if (this.console) {
        this.ssh.dispose();
        return { immediate: false };
      }
      await run(this.ssh, this.target, SAFE_MODE_COMMANDS.unroll, new Deadline(this.timeoutMs));
      return { immediate: true };
    });
  }
  async close(): Promise<void> {
    this.ssh.dispose();
  }
}

/** The SSH console of RouterOS, limited to typed operations, with the host key pinned. */
export class SshConfigShell implements ConfigShell {
  /** As configured, defaults filled in (read by composition's wiring test). */
  readonly options: Readonly<SshShellOptions>;

  constructor(
    private readonly logger: Logger,
    options: Partial<SshShellOptions> = {},
    /** Told how every operation ended (metrics). */
    private readonly observer: DeviceRequestObserver = NO_DEVICE_REQUEST_OBSERVER,
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  async export(target: DeviceTarget, options: ExportOptions & CallOptions = {}): Promise<ConfigExport> {
    const output = await observedSsh(this.observer, target.deviceId, 'export', () => this.once(target, exportCommand(options), new Deadline(options.timeoutMs ?? this.options.exportTimeoutMs), options.signal));
    return parseExport(output, { keepSecrets: options.showSensitive === true });
  }

  print(target: DeviceTarget, menu: ShellPrint, options: CallOptions = {}): Promise<string> {
    return observedSsh(this.observer, target.deviceId, 'print', () => this.once(target, printCommand(menu), new Deadline(options.timeoutMs ?? this.options.requestTimeoutMs), options.signal)).then((text) => text.replace(/\r\n?/g, '\n'));
  }

  async open(target: DeviceTarget, options: OpenOptions = {}): Promise<ShellSession> {
    const ssh = await observedSsh(this.observer, target.deviceId, 'open', () => connectPinned(target, Math.min(this.options.connectTimeoutMs, options.timeoutMs ?? this.options.requestTimeoutMs)));
    return new PinnedShellSession(ssh, target, this.options.requestTimeoutMs, safeModeStyle(options.routerosVersion), this.observer);
  }

  presentedHostKey(host: string, port: number, options: CallOptions = {}): Promise<string> {
    return readPresentedHostKey(host, port, options.timeoutMs ?? Math.min(this.options.connectTimeoutMs, this.options.requestTimeoutMs));
  }

  /** Connects and runs one command, both within the call's one bound. */
  private async once(target: DeviceTarget, command: string, deadline: Deadline, signal?: AbortSignal): Promise<string> {
    const started = performance.now();
    const ssh = await connectPinned(target, Math.min(this.options.connectTimeoutMs, deadline.boundMs));
    try {
      return await run(ssh, target, command, deadline, signal);
    } finally {
      ssh.dispose();
      this.logger.debug('routeros ssh command', { device_id: target.deviceId, command, ms: Math.round(performance.now() - started) });
    }
  }
}
