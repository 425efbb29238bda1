import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The forms a secret can take on the way to a file or a screen; base64 cores cover every byte alignment. */
export function encodingsOf(secret: string): { name: string; bytes: Buffer }[] {
  const raw = Buffer.from(secret, 'utf8');
  const forms: { name: string; text: string | Buffer }[] = [
    { name: 'plain', text: secret },
    { name: 'JSON-escaped', text: JSON.stringify(secret).slice(1, -1) },
    { name: 'URL-encoded', text: encodeURIComponent(secret) },
    { name: 'form-encoded', text: new URLSearchParams({ v: secret }).toString().slice(2) },
    { name: 'hex', text: raw.toString('hex') },
    { name: 'HEX', text: raw.toString('hex').toUpperCase() },
    { name: 'UTF-16LE', text: Buffer.from(secret, 'utf16le') },
  ];
  // A secret base64-encoded inside a longer value starts at any of three byte alignments; the characters that depend
  // on the secret's bytes alone (every group but the first and last) are the same wherever it sits.
  for (const shift of [0, 1, 2]) {
    for (const alphabet of ['base64', 'base64url'] as const) {
      const encoded = Buffer.concat([Buffer.alloc(shift), raw]).toString(alphabet);
      const core = encoded.slice(shift === 0 ? 0 : 4, encoded.length - 4);
      if (core.length >= 8) forms.push({ name: `${alphabet}@${shift}`, text: core });
    }
  }
  const seen = new Set<string>();
  return forms
    .map((f) => ({ name: f.name, bytes: Buffer.isBuffer(f.text) ? f.text : Buffer.from(f.text, 'utf8') }))
    .filter((f) => !seen.has(f.bytes.toString('hex')) && !!seen.add(f.bytes.toString('hex')));
}

export interface Haystack {
  name: string;
  bytes: Buffer;
}

/** Every file under `dir` (database, WAL, shared memory, logs, keys), read whole. */
export function filesUnder(dir: string, label = dir): Haystack[] {
  const out: Haystack[] = [];
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of names) {
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) continue;
    if (stat.isDirectory()) out.push(...filesUnder(path, `${label}/${name}`));
    else if (stat.isFile()) out.push({ name: `${label}/${name}`, bytes: readFileSync(path) });
  }
  return out;
}

/** Shorter needles turn up by chance in any few megabytes of binary files (a database's catalogue pages). */
export const MIN_SECRET_LENGTH = 12;

/** Where each planted secret turns up, in which form: empty when none leaked. */
export function findSecrets(secrets: Record<string, string>, haystacks: readonly Haystack[]): string[] {
  const found: string[] = [];
  for (const [label, secret] of Object.entries(secrets)) {
    if (secret.length < MIN_SECRET_LENGTH) throw new Error(`${label} is ${secret.length} characters: a search for it would find chance matches (plant ${MIN_SECRET_LENGTH} or more)`);
    for (const form of encodingsOf(secret)) {
      for (const hay of haystacks) if (hay.bytes.includes(form.bytes)) found.push(`${label} (${form.name}) in ${hay.name}`);
    }
  }
  return found;
}
