import type { DeviceState, DeviceUser } from '../model/device-state';
import { runConsole } from './console-command';
import { ItemNumbers } from './item-numbers';

/** The terminal side of an interactive session: what the shell writes and how it ends the session. */
export interface ShellIo {
  write(text: string): void;
  /** Ends the session (after `/quit` or Ctrl+D). */
  end(): void;
  /** False while the configuration cuts the client off: keystrokes no longer arrive. */
  reachable(): boolean;
}

const CTRL_C = 0x03;
const CTRL_D = 0x04;
const CTRL_X = 0x18;
const ESC = 0x1b;
const BACKSPACE = new Set([0x08, 0x7f]);
const F4 = '\x1bOS';

/** Interactive sessions per device, so a hijacked safe mode can tell its previous holder. */
const sessions = new WeakMap<DeviceState, Map<string, ConsoleShell>>();

/**
 * RouterOS's interactive console over an SSH PTY: a `[admin@identity] > ` prompt with line editing, the
 * commands of the exec console, and safe mode on Ctrl+X (or F4) on every v7 version: `[Safe Mode taken]`,
 * the prompt shows `<SAFE>`, Ctrl+X again releases. Ctrl+D leaves undoing the safe-mode changes; `/quit`
 * leaves keeping them; a session that just drops keeps safe mode until the device notices (ssh-server).
 */
export class ConsoleShell {
  private line = '';
  private cwd: string[] = [];
  /** The session's item numbers, kept from one line to the next (item-numbers.ts). */
  private readonly numbers = new ItemNumbers();
  private escape = '';
  /** Set while asking whether to hijack another session's safe mode. */
  private hijacking = false;
  /** A CR LF pair is one Enter. */
  private lastWasCr = false;
  private queue = Promise.resolve();
  /** Set while a command runs; Ctrl+C stops one that runs until stopped (`print follow`, `print interval=`). */
  private running?: AbortController;

  constructor(
    private readonly state: DeviceState,
    private readonly session: string,
    private readonly user: DeviceUser,
    /** The terminal's columns, as the client last reported them. */
    private readonly width: () => number | undefined,
    private readonly io: ShellIo,
  ) {
    if (!sessions.has(state)) sessions.set(state, new Map());
    sessions.get(state)!.set(session, this);
  }

  start(): void {
    this.io.write(`\r\n\r\n  MikroTik RouterOS ${this.state.version} (c) 1999-2025       https://www.mikrotik.com/\r\n\r\n`);
    this.prompt();
  }

  close(): void {
    // A print that runs until stopped (`follow`, `interval=`) ends with its session, not only on Ctrl+C.
    this.running?.abort();
    sessions.get(this.state)?.delete(this.session);
  }

  /** Keystrokes from the client, handled in order even while a command runs. */
  input(data: Buffer): void {
    if (!this.io.reachable()) return;
    // Ctrl+C reaches a running command at once (keystrokes otherwise wait for it) and is not typed afterwards.
    if (this.running && data.includes(CTRL_C)) {
      this.running.abort();
      data = Buffer.from(data.filter((byte) => byte !== CTRL_C));
    }
    this.queue = this.queue.then(() => this.consume(data)).catch(() => undefined);
  }

  private get prefix(): string {
    const name = this.state.singleton('system/identity')['name'] ?? 'MikroTik';
    const where = this.cwd.length > 0 ? `/${this.cwd.join('/')}` : '';
    return `[${this.user.name}@${name}] ${where}${this.state.safeModeHolder === this.session ? '<SAFE>' : '>'} `;
  }

  private prompt(): void {
    this.io.write(this.prefix);
  }

  private async consume(data: Buffer): Promise<void> {
    for (const byte of data) {
      if (this.escape || byte === ESC) {
        this.escape += String.fromCharCode(byte);
        if (this.escape === F4) this.toggleSafeMode();
        // An escape sequence ends with a letter or `~` (arrows, function keys): none edits the line here.
        if (this.escape.length > 1 && /[A-Za-z~]$/.test(this.escape) && this.escape !== '\x1bO') this.escape = '';
        continue;
      }
      if (this.hijacking) {
        this.answerHijack(String.fromCharCode(byte).toLowerCase());
        continue;
      }
      if (byte === CTRL_X) this.toggleSafeMode();
      else if (byte === CTRL_D && this.line === '') return this.leave(true);
      else if (byte === CTRL_C) {
        this.line = '';
        this.io.write('\r\n');
        this.prompt();
      } else if (BACKSPACE.has(byte)) {
        if (this.line) {
          this.line = this.line.slice(0, -1);
          this.io.write('\b \b');
        }
      } else if (byte === 0x0d || byte === 0x0a) {
        if (byte === 0x0a && this.lastWasCr) continue;
        await this.enter();
      } else if (byte >= 0x20 && byte < 0x7f) {
        this.line += String.fromCharCode(byte);
        this.io.write(String.fromCharCode(byte));
      }
      this.lastWasCr = byte === 0x0d;
    }
  }

  private async enter(): Promise<void> {
    const line = this.line;
    this.line = '';
    this.io.write('\r\n');
    if (line.trim() !== '') {
      const running = (this.running = new AbortController());
      const stream = { write: (text: string) => this.io.write(text), signal: running.signal };
      const result = await runConsole(this.state, line, { session: this.session, user: this.user, cwd: this.cwd, width: this.width(), stream, numbers: this.numbers }).finally(() => (this.running = undefined));
      this.io.write(result.output);
      this.cwd = result.cwd ?? this.cwd;
      if (result.quit) return this.leave(false);
    }
    this.prompt();
  }

  /** Ctrl+D undoes the safe-mode changes; `/quit` keeps them. Either way the session ends. */
  private leave(unroll: boolean): void {
    if (unroll) this.state.revertSafeMode(this.session, false);
    else this.state.releaseSafeMode(this.session);
    this.close();
    this.io.end();
  }

  private toggleSafeMode(): void {
    const holder = this.state.safeModeHolder;
    if (holder === this.session) {
      this.state.releaseSafeMode(this.session);
      this.io.write('\r\n[Safe Mode released]\r\n');
    } else if (holder !== undefined) {
      this.hijacking = true;
      this.io.write("\r\nHijacking Safe Mode from someone - unroll/release/don't take it [u/r/d]: ");
      return;
    } else {
      this.state.takeSafeMode(this.session);
      this.io.write('\r\n[Safe Mode taken]\r\n');
    }
    this.prompt();
  }

  private answerHijack(key: string): void {
    if (!['u', 'r', 'd'].includes(key)) return;
    this.hijacking = false;
    this.io.write(`${key}\r\n`);
    const previous = this.state.safeModeHolder;
    if (key !== 'd' && previous !== undefined) {
      // u undoes the other session's safe-mode changes first; r keeps them. Either way this session holds it now.
      if (key === 'u') this.state.revertSafeMode(previous, false);
      else this.state.releaseSafeMode(previous);
      this.state.takeSafeMode(this.session);
      sessions.get(this.state)?.get(previous)?.notify('[Safe mode released by another user]');
      this.io.write('[Safe Mode taken]\r\n');
    }
    this.prompt();
  }

  private notify(text: string): void {
    this.io.write(`\r\n${text}\r\n`);
    this.prompt();
    this.io.write(this.line);
  }
}
