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

export const CredentialRepository = Symbol.for('CredentialRepository');
export interface CredentialRepository {
  forDevice(deviceId: string): Promise<EncryptedCredential[]>;
  /** Replaces all of a device's credentials in one transaction. */
  replace(deviceId: string, credentials: EncryptedCredential[]): Promise<void>;
  /** Rewrites every stored credential through `transform` in one transaction; all or nothing. Returns the count. */
  reencryptAll(transform: (credential: EncryptedCredential) => EncryptedCredential): Promise<number>;
  /** Key ids still referenced by stored credentials. */
  keyIdsInUse(): Promise<string[]>;
}
