import { utils, type ParsedKey } from 'ssh2';
import type { Row } from '../rest/print-query';
import { RestError } from '../rest/rest-error';
import type { MenuSpec } from './menu-spec';

/**
 * RouterOS's refusal of a key it cannot read (`/user ssh-keys import`, as the console prints it); the same text for a
 * key given to `add` (chosen without a source: docs/simulator.md).
 */
const BAD_KEY = 'failure: unable to load key file (wrong format or bad passphrase)!';

const KEY_TYPES: Record<string, string> = { 'ssh-rsa': 'rsa', 'ssh-ed25519': 'ed25519', 'ecdsa-sha2-nistp256': 'ecdsa', 'ecdsa-sha2-nistp384': 'ecdsa', 'ecdsa-sha2-nistp521': 'ecdsa' };

/** One OpenSSH public key line (`type base64 [comment]`), or undefined when it is not one ssh2 can use. */
function parse(text: string): ParsedKey | undefined {
  const parsed = utils.parseKey(text.trim());
  const key = Array.isArray(parsed) ? parsed[0] : parsed;
  return key instanceof Error || !key || key.isPrivateKey() || !KEY_TYPES[key.type] ? undefined : key;
}

/** An RSA key's modulus length in bits, read from its SSH blob (string type, mpint e, mpint n). */
function rsaBits(blob: Buffer): number {
  let at = 0;
  const next = () => {
    const length = blob.readUInt32BE(at);
    const part = blob.subarray(at + 4, at + 4 + length);
    at += 4 + length;
    return part;
  };
  next();
  next();
  const n = next();
  const first = n.findIndex((b) => b !== 0);
  return first < 0 ? 0 : (n.length - first) * 8 - Math.clz32(n[first]) + 24;
}

const BITS: Record<string, number> = { 'ssh-ed25519': 256, 'ecdsa-sha2-nistp256': 256, 'ecdsa-sha2-nistp384': 384, 'ecdsa-sha2-nistp521': 521 };

/** The stored form of a public key: `type base64 owner`, where the owner is the key's comment unless given. */
export function normaliseKey(text: string, owner?: string): string {
  const key = parse(text);
  if (!key) throw new RestError(400, BAD_KEY);
  const comment = owner ?? key.comment ?? '';
  return `${key.type} ${key.getPublicSSH().toString('base64')}${comment ? ` ${comment}` : ''}`;
}

/** What RouterOS computes from a key: its type, size and owner (the key's comment, or `key-owner=`). */
function keyFacts(values: Record<string, string | undefined>): Record<string, string> {
  const key = values['key'] ? parse(values['key']) : undefined;
  if (!key) return {};
  const blob = key.getPublicSSH();
  return { 'key-type': KEY_TYPES[key.type], bits: String(key.type === 'ssh-rsa' ? rsaBits(blob) : BITS[key.type]), 'key-owner': key.comment ?? '' };
}

/** Whether `name` may log in with the public key `data` (an SSH blob): one of its `/user/ssh-keys` holds it. */
export function keyOf(rows: Row[], name: string, data: Buffer): ParsedKey | undefined {
  for (const row of rows.filter((r) => r['user'] === name)) {
    const key = parse(row['key'] ?? '');
    if (key && key.getPublicSSH().equals(data)) return key;
  }
  return undefined;
}

/**
 * `/user ssh-keys import user=X public-key-file=F [key-owner=O]`: reads an OpenSSH public key from a file in `/file`
 * (uploaded by FTP or SFTP on a real device) and adds it for an existing user. A missing file is refused with
 * `failure: no such file` (chosen without a source: docs/simulator.md).
 */
export function importArgs(files: Row[], body: Record<string, unknown>): Record<string, string> {
  const fileName = String(body['public-key-file'] ?? '');
  if (!fileName) throw new RestError(400, 'missing value for public-key-file');
  if (body['user'] === undefined) throw new RestError(400, 'missing value for user');
  const file = files.find((f) => f['name'] === fileName);
  if (!file) throw new RestError(400, 'failure: no such file');
  const owner = body['key-owner'] === undefined ? undefined : String(body['key-owner']);
  return { user: String(body['user']), key: normaliseKey(file['contents'] ?? '', owner) };
}

/**
 * `/user/ssh-keys`: public keys a user logs in with over SSH. A key names an existing user (and goes with it); its
 * type, bits and owner are computed from the key.
 */
export const SSH_KEY_MENUS: MenuSpec[] = [
  {
    path: 'user/ssh-keys', kind: 'table', writable: true, required: ['user', 'key'], refs: { user: 'user' },
    argRule: (key, value) => (key === 'key' ? normaliseKey(value) : undefined),
    derive: keyFacts,
  },
];
