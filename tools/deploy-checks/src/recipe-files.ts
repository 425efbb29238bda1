import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const DEPLOY_DIR = join(__dirname, '..', '..', '..', 'deploy');
export const readRecipe = (path: string) => readFileSync(join(DEPLOY_DIR, path), 'utf8');

/** `[section] key=value` lines of a systemd unit; repeated keys keep every value. */
export function parseUnit(text: string): Map<string, string[]> {
  const entries = new Map<string, string[]>();
  let section = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      section = header[1];
      continue;
    }
    const eq = line.indexOf('=');
    const key = `${section}.${line.slice(0, eq).trim()}`;
    entries.set(key, [...(entries.get(key) ?? []), line.slice(eq + 1).trim()]);
  }
  return entries;
}

/** Containerfile instructions (continuation lines joined), per stage. */
export function parseContainerfile(text: string): { stage: number; instruction: string; args: string }[] {
  const joined = text.replace(/\\\n/g, ' ');
  const out: { stage: number; instruction: string; args: string }[] = [];
  let stage = -1;
  for (const raw of joined.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [, instruction, args] = /^(\S+)\s+(.*)$/.exec(line)!;
    if (instruction.toUpperCase() === 'FROM') stage++;
    out.push({ stage, instruction: instruction.toUpperCase(), args: args.replace(/\s+/g, ' ') });
  }
  return out;
}
