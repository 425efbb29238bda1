import type { SecretCipher } from './secret-cipher.port';

export const DataKeys = Symbol.for('DataKeys');
/**
 * Envelope encryption: a random data key per owner (a plan), stored only sealed by the master SecretCipher, so a
 * master key rotation re-seals the data key and leaves what it sealed (bound into a plan's content hash) untouched.
 */
export interface DataKeys {
  /** A fresh random data key (base64). Never store or log it unsealed. */
  generate(): string;
  /** A cipher that seals and opens with this data key alone. */
  cipher(dataKey: string): SecretCipher;
}
