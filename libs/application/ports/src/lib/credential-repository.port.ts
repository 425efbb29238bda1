export const CREDENTIAL_PURPOSES = ['rest_password', 'ssh_password', 'ssh_private_key'] as const;
export type CredentialPurpose = (typeof CREDENTIAL_PURPOSES)[number];

/** A secret as stored: only ever ciphertext, tagged with the id of the key that encrypted it. */
export interface EncryptedCredential {
  deviceId: string;
  purpose: CredentialPurpose;
  username: string;
  ciphertext: string;
  keyId: string;
  updatedAt: Date;
}

/**
 * Credentials to store: rows, or a function that encrypts them, called once the repository holds the credential
 * lock. The function form is what keeps a concurrent key rotation safe: the secrets are encrypted with the key
 * that is active once no rotation can be between reading the rows and retiring the old key.
 */
export type SealedCredentials = EncryptedCredential[] | (() => EncryptedCredential[]);

export function unseal(credentials: SealedCredentials): EncryptedCredential[] {
  return typeof credentials === 'function' ? credentials() : credentials;
}

export const CredentialRepository = Symbol.for('CredentialRepository');
export interface CredentialRepository {
  forDevice(deviceId: string): Promise<EncryptedCredential[]>;
  /** Replaces all of a device's credentials in one transaction, holding the credential lock. */
  replace(deviceId: string, credentials: SealedCredentials): Promise<void>;
  /** Rewrites every stored credential through `transform` in one transaction; all or nothing. Returns the count.
   *  Holds the credential lock exclusively: no credential is written meanwhile. */
  reencryptAll(transform: (credential: EncryptedCredential) => EncryptedCredential): Promise<number>;
  /** Key ids still referenced by stored credentials. */
  keyIdsInUse(): Promise<string[]>;
}
