import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** This app's version from its package.json (works from src/ under ts-jest and from dist/). */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }).version;
}
