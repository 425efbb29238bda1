import { DomainError } from '@routeros-mcp/domain-kernel';

/** A stored secret cannot be decrypted: wrong or missing key, or tampered data. Never carries the secret. */
export class SecretDecryptionError extends DomainError {
  readonly code = 'SECRETS.DECRYPT_FAILED';
  override readonly fault = 'system';
  constructor(
    readonly context: string,
    reason: string,
  ) {
    super(`cannot decrypt ${context}: ${reason}`);
  }
}
