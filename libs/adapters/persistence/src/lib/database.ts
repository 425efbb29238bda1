import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import * as sqlite3 from 'sqlite3';
import { DataSource, EntityManager } from '@routeros-mcp/typeorm';
import { AuditChain } from './audit-chain/audit-chain';
import { Dialect } from './dialect';
import { MIGRATIONS } from './migrations';
import { apiTokenSchema } from './records/api-token.record';
import { auditCheckpointSchema, auditLinkSchema, auditStreamSchema } from './records/audit-chain.record';
import { auditEventSchema } from './records/audit-event.record';
import { changeSchema } from './records/change.record';
import { configSnapshotSchema } from './records/config-snapshot.record';
import { credentialSchema } from './records/credential.record';
import { deviceSchema, deviceTagSchema } from './records/device.record';
import { planSchemas } from './records/plan.record';
import { asStoreError } from './store-errors/classify-store-error';

/** Switching the journal mode needs an exclusive lock, and SQLite does not wait for it: retry briefly. */
async function retryWhileBusy<T>(work: () => Promise<T>, attempts = 50): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !/SQLITE_BUSY/.test(String((error as Error).message))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80));
    }
  }
}

/**
 * The SQLite file holds every credential (encrypted) and the audit trail: owner-only, like the key file. SQLite
 * gives its -wal and -shm files the mode of the database file, so creating that one 0600 (whatever the umask)
 * covers all three; files left 0644 by an earlier version are tightened.
 */
function ensurePrivateSqliteFiles(file: string): void {
  if (file === ':memory:') return;
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    closeSync(openSync(file, 'a', 0o600));
  }
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      chmodSync(path, 0o600);
    } catch (error) {
      // Missing: SQLite creates it with the database's mode. Not ours: its owner decides.
      if (!['ENOENT', 'EPERM'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
    }
  }
}

/** Who takes the credential lock: a credential writer, or a key rotation (which excludes writers). */
export type CredentialLock = 'writer' | 'rotation';

export type DatabaseTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

/**
 * sqlite3 as TypeORM gets it. TypeORM calls `verbose()` on the driver, which makes sqlite3 capture a stack trace
 * and util.inspect the arguments of every call, for every query of the process: 15% of a fleet read's CPU here.
 * Errors still carry their SQL and code.
 */
const QUIET_SQLITE3: Record<string, unknown> = { ...sqlite3, verbose: () => QUIET_SQLITE3 };

/**
 * One open database plus the rule for writing to it. SQLite has a single connection per process, on which
 * concurrent transactions would interleave, so writes are queued there; PostgreSQL runs them in parallel.
 */
export class Database {
  private queue: Promise<unknown> = Promise.resolve();
  /** This process's stream of audit links (see AuditChain), appended to by every write of an audit row. */
  readonly auditChain = new AuditChain(this);

  private constructor(
    readonly dataSource: DataSource,
    readonly dialect: Dialect,
  ) {}

  /** Opens the store; one that cannot be opened (server down, file unwritable, disk full) is a StoreUnavailableError. */
  static async open(target: DatabaseTarget): Promise<Database> {
    try {
      return await Database.openOrThrow(target);
    } catch (error) {
      throw asStoreError(error);
    }
  }

  private static async openOrThrow(target: DatabaseTarget): Promise<Database> {
    const dialect: Dialect = target.kind;
    if (target.kind === 'sqlite') ensurePrivateSqliteFiles(target.file);
    const common = {
      entities: [deviceSchema(dialect), deviceTagSchema, credentialSchema(dialect), auditEventSchema(dialect), configSnapshotSchema(dialect), changeSchema(dialect), apiTokenSchema(dialect), ...planSchemas(dialect), auditLinkSchema, auditStreamSchema, auditCheckpointSchema],
      migrations: MIGRATIONS,
      migrationsTableName: 'schema_migrations',
      synchronize: false as const,
      migrationsRun: false,
      logging: false,
    };
    const dataSource =
      target.kind === 'sqlite'
        ? new DataSource({ ...common, type: 'sqlite', driver: QUIET_SQLITE3, database: target.file, busyTimeout: 10_000 })
        : new DataSource({ ...common, type: 'postgres', url: target.url, extra: { max: 10, connectionTimeoutMillis: 10_000 } });
    await dataSource.initialize();
    // WAL lets readers in other processes (the admin CLI next to a running server) proceed during writes.
    // Set here rather than through TypeORM's enableWAL, which switches before the busy timeout is in place.
    if (dialect === 'sqlite') {
      await retryWhileBusy(() => dataSource.query('PRAGMA journal_mode = WAL'));
      // In WAL mode NORMAL still survives any crash of this process (commits are in the WAL before it returns); it
      // skips the fsync per commit, which cost 1.7 ms per audited tool call. Only a power cut or OS crash can
      // lose the last commits, never the database's consistency. Production runs on PostgreSQL.
      await dataSource.query('PRAGMA synchronous = NORMAL');
    }
    return new Database(dataSource, dialect);
  }

  /**
   * Runs `work` in one transaction: it all commits, or none of it does. SQLite: BEGIN IMMEDIATE, so the write lock is
   * taken (waiting up to the busy timeout) when the transaction starts; a deferred one that read first and then wrote
   * failed at once with SQLITE_BUSY when another process held the lock (SQLite cannot wait there without deadlock).
   */
  write<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.dialect === 'postgres') return this.dataSource.transaction(work);
    return this.immediate(work);
  }

  /**
   * A transaction that first takes the credential lock. A writer encrypts its secrets only once it holds the lock,
   * so against a key rotation it either commits before the rotation reads the rows (and is re-encrypted with
   * them) or encrypts under the rotation's new key: nothing ends up under a key the rotation retires.
   * PostgreSQL: table locks, ROW EXCLUSIVE for writers (they do not block each other) and SHARE ROW EXCLUSIVE for
   * the rotation (blocks writers and other rotations). SQLite: BEGIN IMMEDIATE, the database's one write lock
   * taken when the transaction starts rather than at its first write.
   */
  writeLocked<T>(lock: CredentialLock, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.dialect === 'postgres') {
      const mode = lock === 'rotation' ? 'SHARE ROW EXCLUSIVE' : 'ROW EXCLUSIVE';
      return this.dataSource.transaction(async (manager) => {
        await manager.query(`LOCK TABLE device_credentials IN ${mode} MODE`);
        return work(manager);
      });
    }
    return this.immediate(work);
  }

  /**
   * A transaction serialised with every other one taken for the same key, across processes: a PostgreSQL advisory
   * lock held until commit, or SQLite's one write lock (BEGIN IMMEDIATE). For read-then-write decisions such as
   * "store unless the latest row already says the same".
   */
  writeExclusive<T>(key: string, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.dialect === 'postgres') {
      return this.dataSource.transaction(async (manager) => {
        await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
        return work(manager);
      });
    }
    return this.immediate(work);
  }

  /** SQLite: a transaction that takes the database's write lock when it starts, in turn with this process's others. */
  private immediate<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.inTurn(async () => {
      const runner = this.dataSource.createQueryRunner();
      try {
        await runner.query('BEGIN IMMEDIATE');
        try {
          const result = await work(runner.manager);
          await runner.query('COMMIT');
          return result;
        } catch (error) {
          await runner.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
      } finally {
        await runner.release();
      }
    });
  }

  /**
   * Several reads that must agree with each other (a row and its children). SQLite: in turn with this process's
   * writes, whose open transaction the one connection would otherwise show half done (an update made from such a
   * read silently undoes the rest of that transaction). PostgreSQL: one REPEATABLE READ snapshot.
   */
  readConsistent<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.dialect === 'postgres') return this.dataSource.transaction('REPEATABLE READ', work);
    return this.inTurn(() => work(this.dataSource.manager));
  }

  /**
   * Many reads, paged, that must see one moment of the database even while other processes write (the audit walk).
   * SQLite: a deferred read transaction in turn with this process's writes (WAL gives it a snapshot from its first
   * read; other processes keep writing). PostgreSQL: one REPEATABLE READ snapshot.
   */
  readSnapshot<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.dialect === 'postgres') return this.dataSource.transaction('REPEATABLE READ', work);
    return this.inTurn(() => this.dataSource.transaction(work));
  }

  /** One statement, atomic on its own: in turn with the transactions, without BEGIN and COMMIT round trips. */
  writeStatement<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.inTurn(() => work(this.dataSource.manager));
  }

  private inTurn<T>(run: () => Promise<T>): Promise<T> {
    if (this.dialect === 'postgres') return run();
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  async close(): Promise<void> {
    await this.queue.catch(() => undefined);
    // The closing checkpoint: without it, links cut off since the last periodic one would go unnoticed.
    if (this.dataSource.isInitialized) await this.auditChain.close().catch(() => undefined);
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
