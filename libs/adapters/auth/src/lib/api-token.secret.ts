import { randomBytes, scrypt, ScryptOptions, timingSafeEqual } from 'node:crypto';

export const API_TOKEN_PREFIX = 'rmcp_';
const TOKEN_SHAPE = /^rmcp_([0-9a-f]{12})_([A-Za-z0-9_-]{43,128})$/;
/**
 * scrypt cost N=2^14, r=8, p=1 (16 MiB). The secret is 256 random bits, so the hash's cost is defence in depth
 * rather than what keeps it from being guessed; a verified secret is remembered per process (ApiTokenAuthenticator).
 */
const PARAMS = { N: 16_384, r: 8, p: 1 };
const KEY_LENGTH = 32;

function derive(secret: string, salt: Buffer, params: { N: number; r: number; p: number }, keyLength: number): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 128 * params.N * params.r * 2 };
  return new Promise((resolve, reject) => scrypt(secret, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))));
}

/** A new token: `rmcp_<12 hex id>_<32 random bytes, base64url>`. The id is public (listed, the lookup key). */
export function newApiToken(): { id: string; secret: string; token: string } {
  const id = randomBytes(6).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  return { id, secret, token: `${API_TOKEN_PREFIX}${id}_${secret}` };
}

/** The id and secret of a well-formed token, or undefined. */
export function parseApiToken(token: string): { id: string; secret: string } | undefined {
  const match = TOKEN_SHAPE.exec(token);
  return match ? { id: match[1]!, secret: match[2]! } : undefined;
}

/** `scrypt$N$r$p$salt$hash` (salt and hash base64): what the database keeps instead of the secret. */
export async function hashApiTokenSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(secret, salt, PARAMS, KEY_LENGTH);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

/** Constant-time comparison of a presented secret with a stored hash; false for a hash it cannot read. */
export async function verifyApiTokenSecret(secret: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (![N, r, p].every((n) => Number.isInteger(n) && n! > 0) || N! > 1_048_576 || r! > 32 || p! > 16) return false;
  const salt = Buffer.from(parts[4]!, 'base64');
  const expected = Buffer.from(parts[5]!, 'base64');
  if (expected.length < 16) return false;
  const actual = await derive(secret, salt, { N: N!, r: r!, p: p! }, expected.length);
  return timingSafeEqual(actual, expected);
}
