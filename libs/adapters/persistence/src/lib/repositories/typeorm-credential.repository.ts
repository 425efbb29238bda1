import type { CredentialPurpose, CredentialRepository, EncryptedCredential, SealedCredentials } from '@routeros-mcp/application-ports';
import { unseal } from '@routeros-mcp/application-ports';
import { DeviceNotFoundError } from '@routeros-mcp/domain-devices';
import type { EntityManager } from '@routeros-mcp/typeorm';
import { CredentialLock, Database } from '../database';
import { RegistryReadCache } from '../registry-read-cache';
import { CredentialRecord } from '../records/credential.record';

const CREDENTIAL = 'CredentialRecord';

export function toCredentialRecord(c: EncryptedCredential): CredentialRecord {
  return { device_id: c.deviceId, purpose: c.purpose, username: c.username, ciphertext: c.ciphertext, key_id: c.keyId, updated_at: c.updatedAt };
}

function fromRecord(r: CredentialRecord): EncryptedCredential {
  return { deviceId: r.device_id, purpose: r.purpose as CredentialPurpose, username: r.username, ciphertext: r.ciphertext, keyId: r.key_id, updatedAt: r.updated_at };
}

export class TypeOrmCredentialRepository implements CredentialRepository {
  constructor(
    private readonly db: Database,
    private readonly cache: RegistryReadCache,
  ) {}

  /** Ciphertext rows, served from memory while the registry revision is unchanged (copies: callers own them). */
  async forDevice(deviceId: string): Promise<EncryptedCredential[]> {
    const rows = await this.cache.read(`credentials:${deviceId}`, async () =>
      (await this.db.manager.find<CredentialRecord>(CREDENTIAL, { where: { device_id: deviceId }, order: { purpose: 'ASC' } })).map(fromRecord),
    );
    return rows.map((row) => ({ ...row }));
  }

  async replace(deviceId: string, credentials: SealedCredentials): Promise<void> {
    await this.write('writer', async (em) => {
      if (!(await em.exists('DeviceRecord', { where: { id: deviceId } }))) throw new DeviceNotFoundError(deviceId);
      await em.delete(CREDENTIAL, { device_id: deviceId });
      const rows = unseal(credentials);
      if (rows.length > 0) await em.insert(CREDENTIAL, rows.map(toCredentialRecord));
    });
  }

  async reencryptAll(transform: (credential: EncryptedCredential) => EncryptedCredential): Promise<number> {
    return this.write('rotation', async (em) => {
      const rows = await em.find<CredentialRecord>(CREDENTIAL, { order: { device_id: 'ASC', purpose: 'ASC' } });
      for (const row of rows) {
        const next = toCredentialRecord(transform(fromRecord(row)));
        await em.update(CREDENTIAL, { device_id: row.device_id, purpose: row.purpose }, { ciphertext: next.ciphertext, key_id: next.key_id, updated_at: next.updated_at });
      }
      return rows.length;
    });
  }

  private write<T>(lock: CredentialLock, work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.db.writeLocked(lock, work).finally(() => this.cache.invalidate());
  }

  async keyIdsInUse(): Promise<string[]> {
    const rows: { key_id: string }[] = await this.db.manager.createQueryBuilder(CREDENTIAL, 'c').select('DISTINCT c.key_id', 'key_id').getRawMany();
    return rows.map((r) => r.key_id).sort();
  }
}
