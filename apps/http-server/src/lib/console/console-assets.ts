import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The console's only assets: one stylesheet, one script and the icon, copied beside this module by `npm run build`. */
const ASSETS: Record<string, string> = { 'console.css': 'text/css; charset=utf-8', 'console.js': 'text/javascript; charset=utf-8', 'favicon.svg': 'image/svg+xml' };

export interface ConsoleAsset {
  body: Buffer;
  type: string;
}

/** Read once on first use: every asset is in memory, and a name outside the list is never read from disk. */
let loaded: Map<string, ConsoleAsset> | undefined;
export function consoleAsset(name: string): ConsoleAsset | undefined {
  loaded ??= new Map(Object.entries(ASSETS).map(([file, type]) => [file, { body: readFileSync(join(__dirname, 'assets', file)), type }]));
  return loaded.get(name);
}
