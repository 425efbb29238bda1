export const SecretCipher = Symbol.for('SecretCipher');
/**
 * Authenticated encryption of credentials. `context` (e.g. `credential:dev-1:rest_password`) is bound into
 * the ciphertext, so a ciphertext copied to another row does not decrypt.
 */
export interface SecretCipher {
  readonly activeKeyId: string;
  encrypt(plaintext: string, context: string): string;
  /** @throws SecretDecryptionError when the key is unknown or the data or context was tampered with. */
  decrypt(ciphertext: string, context: string): string;
  keyIdOf(ciphertext: string): string;
}

/** A key rotation in progress: `cipher` encrypts with the new key and still decrypts with the old ones. */
export interface KeyRotation {
  readonly cipher: SecretCipher;
  readonly previousKeyId: string;
  /** Whether `commit` can keep old keys (a key file can; a key given in the environment is one key only). */
  readonly keepsOldKeys: boolean;
  /** Retires the old keys once every credential is re-encrypted, keeping any still referenced (`keepKeyIds`).
   *  Returns what the operator must still do, if anything. */
  commit(keepKeyIds?: readonly string[]): Promise<string | undefined>;
  /** Goes back to the old key (after a failed re-encryption). */
  abort(): Promise<void>;
}

export const CredentialKeyring = Symbol.for('CredentialKeyring');
export interface CredentialKeyring {
  /** @param newKey 32 bytes to rotate to; generated when omitted (only possible when the key lives in a key file). */
  beginRotation(newKey?: Uint8Array): Promise<KeyRotation>;
}
