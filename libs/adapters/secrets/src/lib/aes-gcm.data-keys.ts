import type { DataKeys, SecretCipher } from '@routeros-mcp/application-ports';
import { randomBytes } from 'node:crypto';
import { AesGcmCipher } from './aes-gcm.cipher';

/** Data keys for envelope encryption: 32 random bytes each, used with the same AES-256-GCM envelope as the master key. */
export class AesGcmDataKeys implements DataKeys {
  generate(): string {
    return randomBytes(32).toString('base64');
  }

  cipher(dataKey: string): SecretCipher {
    const key = Buffer.from(dataKey, 'base64');
    if (key.length !== 32) throw new Error('a data key is base64 of 32 bytes');
    return new AesGcmCipher([], key);
  }
}
