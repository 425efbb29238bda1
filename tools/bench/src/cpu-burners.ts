import { ChildProcess, spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

/** Busy processes, one per core unless told otherwise: a goal "with the machine loaded" is measured under them. */
export async function withCpuBurners<T>(work: () => T | Promise<T>, count = availableParallelism()): Promise<T> {
  const burners: ChildProcess[] = Array.from({ length: count }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  await Promise.all(burners.map((b) => new Promise((resolve, reject) => b.once('spawn', resolve).once('error', reject))));
  try {
    return await work();
  } finally {
    for (const b of burners) b.kill('SIGKILL');
    await Promise.all(burners.map((b) => (b.exitCode !== null || b.signalCode !== null ? undefined : new Promise((resolve) => b.once('exit', resolve)))));
  }
}
