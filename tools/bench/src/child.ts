import { ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** Starts a node script in its own process (so the load generator does not share its event loop) and
 *  resolves with the JSON lines it prints up to and including the one that says it is ready. */
export async function startChild(script: string, args: string[], env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<{ child: ChildProcess; lines: Record<string, unknown>[] }> {
  const child = spawn(process.execPath, [...nodeArgs, script, ...args], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  const lines: Record<string, unknown>[] = [];
  for await (const line of createInterface({ input: child.stdout! })) {
    lines.push(JSON.parse(line) as Record<string, unknown>);
    if (lines.at(-1)!['ready']) return { child, lines };
  }
  throw new Error(`${script} exited before it was ready`);
}

export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
