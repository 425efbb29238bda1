import canonicalizeModule from 'canonicalize';
import { createHash } from 'node:crypto';

type Serialize = (input: unknown) => string | undefined;
// The package is CommonJS (`module.exports = fn`) typed as a default export: take whichever the loader gives.
const serialize: Serialize = ((canonicalizeModule as unknown as { default?: Serialize }).default ?? canonicalizeModule) as Serialize;

/** RFC 8785 (JSON Canonicalization Scheme): the same value gives the same text, whatever its key order. */
export function canonicalJson(value: unknown): string {
  const text = serialize(value);
  if (text === undefined) throw new TypeError('value has no JSON form');
  return text;
}

/** Lower-case hex SHA-256 of the text's UTF-8 bytes. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export const canonicalHash = (value: unknown): string => sha256Hex(canonicalJson(value));
