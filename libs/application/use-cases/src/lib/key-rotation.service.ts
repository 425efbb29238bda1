import type { Clock, CredentialKeyring, CredentialRepository, Logger, Principal } from '@routeros-mcp/application-ports';
import {
  Clock as ClockToken,
  CredentialKeyring as CredentialKeyringToken,
  CredentialRepository as CredentialRepositoryToken,
  Logger as LoggerToken,
} from '@routeros-mcp/application-ports';
import { inject, injectable } from 'inversify';
import { AuditRecorder } from './audit-recorder';
import { credentialContext } from './credential-vault';

export interface RotationResult {
  reencrypted: number;
  previousKeyId: string;
  newKeyId: string;
  /** What the operator still has to do, if anything (e.g. update an environment variable). */
  notice?: string;
}

/** Re-encrypts every stored credential under a new master key, all or nothing. */
@injectable()
export class KeyRotationService {
  constructor(
    @inject(CredentialKeyringToken) private readonly keyring: CredentialKeyring,
    @inject(CredentialRepositoryToken) private readonly credentials: CredentialRepository,
    @inject(AuditRecorder) private readonly recorder: AuditRecorder,
    @inject(ClockToken) private readonly clock: Clock,
    @inject(LoggerToken) private readonly logger: Logger,
  ) {}

  async rotate(principal: Principal, newKey?: Uint8Array): Promise<RotationResult> {
    return this.recorder.run({ principal, action: 'keys.rotate' }, async () => {
      const rotation = await this.keyring.beginRotation(newKey);
      const { cipher } = rotation;
      let reencrypted: number;
      try {
        const now = this.clock.now();
        reencrypted = await this.credentials.reencryptAll((c) => {
          const context = credentialContext(c.deviceId, c.purpose);
          return { ...c, ciphertext: cipher.encrypt(cipher.decrypt(c.ciphertext, context), context), keyId: cipher.activeKeyId, updatedAt: now };
        });
      } catch (error) {
        await rotation.abort();
        throw error;
      }
      // Keys another process may have used meanwhile stay, so nothing becomes unreadable.
      const stillUsed = (await this.credentials.keyIdsInUse()).filter((id) => id !== cipher.activeKeyId);
      const notice = await rotation.commit(stillUsed);
      this.logger.info('master key rotated', { reencrypted, previous_key_id: rotation.previousKeyId, new_key_id: cipher.activeKeyId });
      return { reencrypted, previousKeyId: rotation.previousKeyId, newKeyId: cipher.activeKeyId, ...(notice ? { notice } : {}) };
    });
  }
}
