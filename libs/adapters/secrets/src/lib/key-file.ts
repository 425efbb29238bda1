import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, statSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

export class KeyFileError extends Error {
  override name = 'KeyFileError';
}

/** Refuses key files that others can read: the file is the only thing protecting every stored credential. */
export function assertPrivate(path: string): void {
  const mode = statSync(path).mode & 0o777;
  if ((mode & 0o077) !== 0) {
    throw new KeyFileError(`key file ${path} is readable by other users (mode ${mode.toString(8)}); run: chmod 600 ${path}`);
  }
}

/** Creates the file with mode 0600 only if it does not exist yet; returns false when another process won the race. */
export function createExclusive(path: string, content: string): boolean {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** Replaces the file atomically (write a 0600 temp file, fsync, rename), so a crash never leaves half a key. */
export function replaceAtomically(path: string, content: string): void {
  const temp = `${path}.${process.pid}.tmp`;
  const fd = openSync(temp, 'w', 0o600);
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, path);
}

export function readPrivate(path: string): string {
  assertPrivate(path);
  return readFileSync(path, 'utf8');
}
