import { createHash } from 'node:crypto';

/** A short, stable, non-reversible name for a key, stored beside every ciphertext it made. */
export function keyIdOf(key: Uint8Array): string {
  return createHash('sha256').update('routeros-mcp/key-id/v1').update(key).digest('hex').slice(0, 16);
}
