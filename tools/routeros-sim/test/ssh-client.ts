import { createHash } from 'node:crypto';
import { Client, ClientChannel } from 'ssh2';

/** An interactive console on a PTY: send keystrokes, wait for text to appear. */
export class InteractiveShell {
  /** Everything received so far. */
  output = '';
  private waiters: (() => void)[] = [];

  constructor(private readonly stream: ClientChannel) {
    stream.on('data', (chunk: Buffer) => {
      this.output += chunk.toString();
      this.waiters.forEach((w) => w());
    });
    stream.on('close', () => {
      this.closed = true;
      this.waiters.forEach((w) => w());
    });
  }

  closed = false;

  send(text: string): void {
    this.stream.write(text);
  }

  /** Resolves with the output from `from` on once `pattern` appears in it (after `from`). */
  waitFor(pattern: string | RegExp, from = 0, timeoutMs = 10_000): Promise<string> {
    const found = () => {
      const text = this.output.slice(from);
      return typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text);
    };
    return new Promise((resolve, reject) => {
      const check = () => {
        if (found()) {
          clearTimeout(timer);
          this.waiters = this.waiters.filter((w) => w !== check);
          resolve(this.output.slice(from));
        }
      };
      const timer = setTimeout(() => reject(new Error(`no ${String(pattern)} within ${timeoutMs} ms; got ${JSON.stringify(this.output.slice(from))}`)), timeoutMs);
      this.waiters.push(check);
      check();
    });
  }

  /** Types a line and waits for the next prompt; resolves with what came back in between. */
  async run(line: string, prompt: RegExp = /\] (?:\/\S*)?(?:>|<SAFE>) $/): Promise<string> {
    const from = this.output.length;
    this.send(`${line}\r`);
    return this.waitFor(prompt, from);
  }
}

export interface ExecResult {
  output: string;
  code: number | null;
}

/** One SSH connection to a simulated device; it records the host key it was shown. */
export class SshSession {
  hostKey = '';
  private readonly client = new Client();

  private constructor() {}

  static connect(port: number, options: { username?: string; password: string; expectHostKey?: string; timeoutMs?: number }): Promise<SshSession> {
    const session = new SshSession();
    return new Promise((resolve, reject) => {
      session.client
        .on('ready', () => {
          session.client.setNoDelay(true); // as the product's adapter does: no Nagle stall per small write
          resolve(session);
        })
        .on('error', reject)
        .connect({
          host: '127.0.0.1',
          port,
          username: options.username ?? 'admin',
          password: options.password,
          readyTimeout: options.timeoutMs ?? 10_000,
          hostVerifier: (key: Buffer) => {
            session.hostKey = `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;
            return options.expectHostKey === undefined || session.hostKey === options.expectHostKey;
          },
        });
    });
  }

  exec(command: string, timeoutMs = 10_000): Promise<ExecResult> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to ${command} within ${timeoutMs} ms`)), timeoutMs);
      this.client.exec(command, (err, stream) => {
        if (err) return reject(err);
        let output = '';
        let code: number | null = null;
        stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
        stream.on('exit', (c: number) => (code = c));
        stream.on('close', () => {
          clearTimeout(timer);
          resolve({ output, code });
        });
      });
    });
  }

  /** Runs a command that streams until stopped (`print follow`): resolves with its output once `until` appears in it, closing the channel. */
  execUntil(command: string, until: RegExp, timeoutMs = 10_000): Promise<string> {
    return new Promise((resolve, reject) => {
      this.client.exec(command, (err, stream) => {
        if (err) return reject(err);
        let output = '';
        const timer = setTimeout(() => {
          stream.close();
          reject(new Error(`no ${String(until)} from ${command} within ${timeoutMs} ms; got ${JSON.stringify(output)}`));
        }, timeoutMs);
        stream.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (!until.test(output)) return;
          clearTimeout(timer);
          stream.close();
          resolve(output);
        });
      });
    });
  }

  /** Opens an interactive console on a PTY, as a terminal would. */
  shell(): Promise<InteractiveShell> {
    return new Promise((resolve, reject) => {
      this.client.shell({ term: 'dumb', cols: 200, rows: 50 }, (err, stream) => (err ? reject(err) : resolve(new InteractiveShell(stream))));
    });
  }

  close(): void {
    this.client.end();
  }

  /** Drops the TCP connection without an SSH goodbye, as a cut link would look to the client. */
  drop(): void {
    this.client.destroy();
  }
}

/** Connects, runs one command, disconnects. */
export async function sshOnce(port: number, command: string, options: { username?: string; password: string; expectHostKey?: string }): Promise<ExecResult & { hostKey: string }> {
  const session = await SshSession.connect(port, options);
  try {
    return { ...(await session.exec(command)), hostKey: session.hostKey };
  } finally {
    session.close();
  }
}
