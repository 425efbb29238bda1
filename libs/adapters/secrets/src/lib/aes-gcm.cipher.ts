import type { SecretCipher } from '@routeros-mcp/application-ports';
import { SecretDecryptionError } from '@routeros-mcp/application-ports';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { keyIdOf } from './key-id';

const VERSION = 'v1';
const IV_BYTES = 12;

/**
 * AES-256-GCM with a fresh 96-bit IV per secret. Envelope: `v1.<keyId>.<iv>.<tag>.<ciphertext>` (base64url).
 * The caller's context string is authenticated as additional data, binding the ciphertext to its row.
 */
export class AesGcmCipher implements SecretCipher {
  readonly activeKeyId: string;
  private readonly keys: ReadonlyMap<string, Buffer>;

  constructor(keys: readonly Uint8Array[], active: Uint8Array) {
    for (const key of [...keys, active]) if (key.length !== 32) throw new Error('AES-256-GCM keys are 32 bytes');
    this.keys = new Map([...keys, active].map((key) => [keyIdOf(key), Buffer.from(key)]));
    this.activeKeyId = keyIdOf(active);
  }

  encrypt(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.activeKeyId)!, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, this.activeKeyId, iv, cipher.getAuthTag(), ciphertext].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  }

  decrypt(envelope: string, context: string): string {
    const parts = envelope.split('.');
    if (parts.length !== 5 || parts[0] !== VERSION) throw new SecretDecryptionError(context, 'not a v1 ciphertext envelope');
    const [, keyId, iv, tag, data] = parts;
    const key = this.keys.get(keyId);
    if (!key) throw new SecretDecryptionError(context, `it was encrypted with key ${keyId}, which this service does not have`);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretDecryptionError(context, 'authentication failed (wrong key, or the data was altered or moved)');
    }
  }

  keyIdOf(envelope: string): string {
    return envelope.split('.')[1] ?? '';
  }
}
