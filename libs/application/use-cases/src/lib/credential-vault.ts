import type { EncryptedCredential, SecretCipher } from '@routeros-mcp/application-ports';
import { CredentialPurpose } from '@routeros-mcp/application-ports';
import { DeviceCredentials } from '@routeros-mcp/domain-devices';
import { InternalError } from '@routeros-mcp/domain-kernel';

export function credentialContext(deviceId: string, purpose: CredentialPurpose): string {
  return `credential:${deviceId}:${purpose}`;
}

/** Decrypted secrets kept at most; past this the memo starts over (a fleet larger than this decrypts again). */
const MEMO_LIMIT = 4096;

/** Turns plaintext credentials into stored ciphertext rows and back. The only place that does either. */
export class CredentialVault {
  /**
   * Plaintext by ciphertext: every device call opens the credentials, and decrypting two or three secrets each
   * time cost more than the registry lookup. It holds nothing the process does not already hold (the REST
   * channel keeps the password for its keep-alive connections); a changed or re-encrypted secret is a new key.
   */
  private readonly memo = new Map<string, string>();

  constructor(private readonly cipher: SecretCipher) {}

  seal(deviceId: string, credentials: DeviceCredentials, now: Date): EncryptedCredential[] {
    const row = (purpose: CredentialPurpose, username: string, secret: string): EncryptedCredential => ({
      deviceId,
      purpose,
      username,
      ciphertext: this.cipher.encrypt(secret, credentialContext(deviceId, purpose)),
      keyId: this.cipher.activeKeyId,
      updatedAt: now,
    });
    const rows = [row('rest_password', credentials.rest.username, credentials.rest.password)];
    if (credentials.ssh.password) rows.push(row('ssh_password', credentials.ssh.username, credentials.ssh.password));
    if (credentials.ssh.privateKey) rows.push(row('ssh_private_key', credentials.ssh.username, credentials.ssh.privateKey));
    return rows;
  }

  open(deviceId: string, rows: EncryptedCredential[]): DeviceCredentials {
    const find = (purpose: CredentialPurpose) => rows.find((r) => r.purpose === purpose);
    const reveal = (row: EncryptedCredential | undefined) => (row ? this.decrypt(row.ciphertext, credentialContext(deviceId, row.purpose)) : undefined);
    const rest = find('rest_password');
    if (!rest) throw new InternalError(`device '${deviceId}' has no stored REST credentials; run: routeros-mcp-admin credentials set ${deviceId}`);
    const sshPassword = find('ssh_password');
    const sshKey = find('ssh_private_key');
    return {
      rest: { username: rest.username, password: reveal(rest)! },
      ssh: { username: (sshKey ?? sshPassword ?? rest).username, password: reveal(sshPassword), privateKey: reveal(sshKey) },
    };
  }

  private decrypt(ciphertext: string, context: string): string {
    // The context is part of the key: the same ciphertext moved to another row must still fail to open.
    const key = `${context}\u0000${ciphertext}`;
    let plaintext = this.memo.get(key);
    if (plaintext === undefined) {
      plaintext = this.cipher.decrypt(ciphertext, context);
      if (this.memo.size >= MEMO_LIMIT) this.memo.clear();
      this.memo.set(key, plaintext);
    }
    return plaintext;
  }
}
