import type { NodeSSH } from 'node-ssh';
import type { ClientChannel } from 'ssh2';
import { DeviceCommandError, DeviceTarget, DeviceTimeoutError, DeviceUnreachableError } from '@routeros-mcp/application-ports';

/** Ctrl+X: the console's safe-mode toggle on every RouterOS v7 (the `/safe-mode` menu exists from 7.18 only). */
const CTRL_X = '\x18';
// eslint-disable-next-line no-control-regex -- terminal escape sequences are what is being removed
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Za-z0-9]|\r/g;
/** The console prompt, `[admin@core-1] >`, and in safe mode `[admin@core-1] <SAFE>`. */
const PROMPT = /\[[^\]\n]*\] >\s*$/;
const SAFE_PROMPT = /\[[^\]\n]*\] <SAFE>\s*$/;

/**
 * Safe mode on an interactive console (RouterOS before 7.18): a shell channel on the held connection, toggled with
 * Ctrl+X and confirmed by the prompt. There is no unroll before 7.18: dropping the session is what makes the device
 * undo the changes by itself.
 */
export class ConsoleSafeMode {
  private output = '';
  private closed = false;

  private constructor(
    private readonly channel: ClientChannel,
    private readonly target: DeviceTarget,
    private readonly timeoutMs: number,
  ) {
    channel.on('data', (chunk: Buffer) => (this.output += chunk.toString('utf8').replace(ANSI, '')));
    channel.on('close', () => (this.closed = true));
  }

  static async open(ssh: NodeSSH, target: DeviceTarget, timeoutMs: number): Promise<ConsoleSafeMode> {
    const channel = await ssh.requestShell({ term: 'dumb', cols: 200, rows: 50 }).catch((error: unknown) => {
      if (!ssh.isConnected()) throw new DeviceUnreachableError(target.deviceId, 'the SSH connection was lost opening the console', 5);
      throw new DeviceCommandError(target.deviceId, 'open an interactive console', { status: 400, message: 'console error', detail: String((error as Error).message ?? error).slice(0, 200) });
    });
    const console = new ConsoleSafeMode(channel, target, timeoutMs);
    await console.waitFor(PROMPT, 'the console prompt');
    return console;
  }

  async take(): Promise<void> {
    await this.toggle(SAFE_PROMPT, 'the <SAFE> prompt after Ctrl+X');
  }

  async release(): Promise<void> {
    await this.toggle(PROMPT, 'the prompt without <SAFE> after Ctrl+X');
  }

  private async toggle(expected: RegExp, what: string): Promise<void> {
    this.output = '';
    this.channel.write(CTRL_X);
    await this.waitFor(expected, what);
  }

  private waitFor(pattern: RegExp, what: string): Promise<void> {
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const check = () => {
        const text = this.output.trimEnd();
        if (pattern.test(this.output) || pattern.test(text)) return resolve();
        // The console refused (another session holds safe mode, not enough permissions): it says so in a line.
        if (/not enough permissions|already taken|failure:/i.test(text)) return reject(new DeviceCommandError(this.target.deviceId, 'safe mode (Ctrl+X)', { status: 400, message: 'console error', detail: text.split('\n').slice(-2).join(' ').slice(0, 200) }));
        if (this.closed) return reject(new DeviceUnreachableError(this.target.deviceId, 'the SSH console closed while waiting for safe mode', 5));
        if (performance.now() - started > this.timeoutMs) return reject(new DeviceTimeoutError(this.target.deviceId, `waiting for ${what}`, Math.round(this.timeoutMs / 100) / 10));
        setTimeout(check, 20);
      };
      check();
    });
  }
}
