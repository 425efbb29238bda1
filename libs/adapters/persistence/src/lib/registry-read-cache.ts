import { Database } from './database';

/**
 * Registry rows this process has read, valid while the database's registry revision (raised by triggers on every
 * change, from any process) stays the same. One small query per read replaces the device and credential queries
 * of every tool call. Credentials are cached as stored: ciphertext, decrypted per call as before.
 */
/**
 * A revision read this recently is reused rather than asked again: a fleet call reading 200 devices asks a few
 * times instead of 400. A read therefore sees every change another process committed at least this long
 * before it began; this process's own writes are seen at once (they invalidate).
 */
export const REVISION_REUSE_MS = 25;
/** Entries kept per revision (devices by id, lists by filter); the oldest goes first beyond it. */
export const MAX_ENTRIES = 10_000;

export class RegistryReadCache {
  private revision?: number;
  private checkedAt = -Infinity;
  /** The revision query in flight, and when it was asked (the state it reports is at least that recent). */
  private checking?: { askedAt: number; revision: Promise<number> };
  /** Raised by this process's own writes: a load that began before one is not stored. */
  private generation = 0;
  private readonly entries = new Map<string, unknown>();

  constructor(private readonly db: Database) {}

  /** The cached value of `key`, or `load()`'s, stored if the registry did not change meanwhile. */
  async read<T>(key: string, load: () => Promise<T>): Promise<T> {
    const generation = this.generation;
    await this.checkRevision(generation);
    if (this.entries.has(key)) return this.entries.get(key) as T;
    const value = await load();
    if (generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, value);
    }
    return value;
  }

  /** After a write of this process: forget everything and stop sharing a revision check that began before it. */
  invalidate(): void {
    this.generation++;
    this.entries.clear();
    this.revision = undefined;
    this.checkedAt = -Infinity;
    this.checking = undefined;
  }

  private async checkRevision(generation: number): Promise<void> {
    if (this.revision !== undefined && performance.now() - this.checkedAt < REVISION_REUSE_MS) return;
    // Concurrent reads (a fleet fan-out) share one query.
    const pending = (this.checking ??= { askedAt: performance.now(), revision: this.queryRevision() });
    let revision: number;
    try {
      revision = await pending.revision;
    } finally {
      if (this.checking === pending) this.checking = undefined;
    }
    if (generation !== this.generation) return; // invalidated meanwhile: nothing stale is left to serve
    if (revision !== this.revision) {
      this.entries.clear();
      this.revision = revision;
    }
    this.checkedAt = Math.max(this.checkedAt, pending.askedAt);
  }

  private async queryRevision(): Promise<number> {
    const rows: { revision: number | string }[] = await this.db.dataSource.query('SELECT revision FROM registry_revision WHERE id = 1');
    return Number(rows[0]?.revision ?? -1);
  }
}
