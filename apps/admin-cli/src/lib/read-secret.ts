import { readFileSync } from 'node:fs';
import { CliIo } from './cli-io';
import { CliUsageError } from './cli-error';

/** Reads all of stdin (for `--password-stdin`), dropping one trailing line break. */
export async function readStdinSecret(io: CliIo, field: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  const value = Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
  if (value.length === 0) throw new CliUsageError(`${field}: nothing was given on stdin`);
  return value;
}

/** The password from stdin when asked to, else from a hidden prompt; never from the command line. */
export async function obtainPassword(io: CliIo, options: { passwordStdin?: boolean }, prompt: string): Promise<string> {
  if (options.passwordStdin) return readStdinSecret(io, 'password');
  if (!io.interactive) throw new CliUsageError('password: pass it on stdin with --password-stdin, or run on a terminal to be prompted');
  const value = await io.promptSecret(prompt);
  if (value.length === 0) throw new CliUsageError('password: must not be empty');
  return value;
}

export function readKeyFile(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new CliUsageError(`ssh_key_file: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}
