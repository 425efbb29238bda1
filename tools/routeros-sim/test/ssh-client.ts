import { createHash } from 'node:crypto';
import { Client } from 'ssh2';

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
        .on('ready', () => resolve(session))
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

  close(): void {
    this.client.end();
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
