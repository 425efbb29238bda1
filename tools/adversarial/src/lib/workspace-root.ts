import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The directory holding nx.json, from this file upwards (source or build output alike). */
export function workspaceRoot(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'nx.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`no nx.json above ${__dirname}`);
    dir = up;
  }
  return dir;
}
