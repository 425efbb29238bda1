import type { DeviceFilter, DeviceRepository, SealedCredentials } from '@routeros-mcp/application-ports';
import { ConcurrentModificationError, unseal } from '@routeros-mcp/application-ports';
import { Device, DeviceAlreadyExistsError, DeviceNotFoundError } from '@routeros-mcp/domain-devices';
import { EntityManager, FindOptionsWhere, In } from '@routeros-mcp/typeorm';
import { Database } from '../database';
import { RegistryReadCache } from '../registry-read-cache';
import { isUniqueViolation, violatedColumn } from '../dialect';
import { DeviceRecord, DeviceTagRecord } from '../records/device.record';
import { toDevice, toDeviceRecord, toTagRecords } from './device.mapper';
import { toCredentialRecord } from './typeorm-credential.repository';

const DEVICE = 'DeviceRecord';
const TAG = 'DeviceTagRecord';
const CREDENTIAL = 'CredentialRecord';

export class TypeOrmDeviceRepository implements DeviceRepository {
  constructor(
    private readonly db: Database,
    private readonly cache: RegistryReadCache,
  ) {}

  /** The hot read of every tool call: served from memory while the registry revision is unchanged. */
  async findById(id: string): Promise<Device | undefined> {
    return this.cache.read(`device:${id}`, async () => (await this.load({ id }))[0]);
  }

  async findByName(name: string): Promise<Device | undefined> {
    return (await this.load({ name }))[0];
  }

  /** Served from memory like findById (device_list on every call of a busy HTTP server), one entry per filter. */
  async list(filter: DeviceFilter = {}): Promise<Device[]> {
    const tags = Object.entries(filter.tags ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    // A copy: callers may sort or splice their list; the devices themselves are immutable.
    return [...(await this.cache.read(`list:${JSON.stringify([filter.environment ?? null, filter.status ?? null, tags])}`, () => this.query(filter)))];
  }

  private async query(filter: DeviceFilter): Promise<Device[]> {
    const query = this.db.manager.createQueryBuilder<DeviceRecord>(DEVICE, 'd').orderBy('d.id', 'ASC');
    if (filter.environment) query.andWhere('d.environment = :environment', { environment: filter.environment });
    if (filter.status) query.andWhere('d.status = :status', { status: filter.status });
    Object.entries(filter.tags ?? {}).forEach(([key, value], i) => {
      query.andWhere(`EXISTS (SELECT 1 FROM device_tags t${i} WHERE t${i}.device_id = d.id AND t${i}.key = :k${i} AND t${i}.value = :v${i})`, {
        [`k${i}`]: key,
        [`v${i}`]: value,
      });
    });
    return this.withTags(await query.getMany());
  }

  async create(device: Device, credentials: SealedCredentials): Promise<Device> {
    return (await this.createAll([{ device, credentials }]))[0];
  }

  async createAll(entries: { device: Device; credentials: SealedCredentials }[]): Promise<Device[]> {
    const done = this.db.writeLocked('writer', async (em) => {
      for (const { device, credentials } of entries) await this.insert(em, device, unseal(credentials));
      return entries.map((e) => e.device);
    });
    return done.finally(() => this.cache.invalidate());
  }

  private async insert(em: EntityManager, device: Device, credentials: ReturnType<typeof unseal>): Promise<void> {
    await this.assertUnique(em, device);
    try {
      await em.insert(DEVICE, toDeviceRecord(device));
    } catch (error) {
      throw this.mapUnique(error, device);
    }
    const tags = toTagRecords(device);
    if (tags.length > 0) await em.insert(TAG, tags);
    if (credentials.length > 0) await em.insert(CREDENTIAL, credentials.map(toCredentialRecord));
  }

  async update(device: Device): Promise<Device> {
    return this.write(async (em) => {
      const { id, version, ...fields } = toDeviceRecord(device);
      const clash = await em.findOne<DeviceRecord>(DEVICE, { where: { name: device.name }, select: { id: true } });
      if (clash && clash.id !== id) throw new DeviceAlreadyExistsError('name', device.name);
      let affected: number | undefined;
      try {
        ({ affected } = await em
          .createQueryBuilder()
          .update(DEVICE)
          .set({ ...fields, version: version + 1 })
          .where('id = :id AND version = :version', { id, version })
          .execute());
      } catch (error) {
        throw this.mapUnique(error, device);
      }
      if (!affected) {
        const exists = await em.exists(DEVICE, { where: { id } });
        throw exists ? new ConcurrentModificationError('device', id) : new DeviceNotFoundError(id);
      }
      await em.delete(TAG, { device_id: id });
      const tags = toTagRecords(device);
      if (tags.length > 0) await em.insert(TAG, tags);
      return device.withVersion(version + 1);
    });
  }

  async remove(id: string): Promise<boolean> {
    return this.write(async (em) => {
      // Children first: do not rely on the engine's cascade settings for correctness.
      for (const table of ['health_checks', 'config_snapshots', 'device_credentials', 'device_tags']) {
        await em.createQueryBuilder().delete().from(table).where('device_id = :id', { id }).execute();
      }
      const { affected } = await em.delete(DEVICE, { id });
      return (affected ?? 0) > 0;
    });
  }

  private write<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.db.write(work).finally(() => this.cache.invalidate());
  }

  private async load(where: FindOptionsWhere<DeviceRecord>): Promise<Device[]> {
    return this.withTags(await this.db.manager.find<DeviceRecord>(DEVICE, { where }));
  }

  /** Loads the tags of all devices in one query (no per-device round trip). */
  private async withTags(records: DeviceRecord[]): Promise<Device[]> {
    if (records.length === 0) return [];
    const tags = await this.db.manager.find<DeviceTagRecord>(TAG, { where: { device_id: In(records.map((r) => r.id)) } });
    const byDevice = new Map<string, DeviceTagRecord[]>();
    for (const tag of tags) byDevice.set(tag.device_id, [...(byDevice.get(tag.device_id) ?? []), tag]);
    return records.map((record) => toDevice(record, byDevice.get(record.id) ?? []));
  }

  private async assertUnique(em: EntityManager, device: Device): Promise<void> {
    if (await em.exists(DEVICE, { where: { id: device.id } })) throw new DeviceAlreadyExistsError('id', device.id);
    if (await em.exists(DEVICE, { where: { name: device.name } })) throw new DeviceAlreadyExistsError('name', device.name);
  }

  /** A concurrent insert can still win the race between the check and the write; report it the same way. */
  private mapUnique(error: unknown, device: Device): unknown {
    if (!isUniqueViolation(error)) return error;
    const column = violatedColumn(error) ?? '';
    return /name/.test(column) ? new DeviceAlreadyExistsError('name', device.name) : new DeviceAlreadyExistsError('id', device.id);
  }
}

