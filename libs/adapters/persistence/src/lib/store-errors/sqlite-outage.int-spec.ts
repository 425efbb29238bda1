import type { AuditEvent, AuditLog } from '@routeros-mcp/application-ports';
import { StoreUnavailableError } from '@routeros-mcp/domain-kernel';
import { tempDir } from '@routeros-mcp/testing';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import * as sqlite3 from 'sqlite3';
import { checkpointKeyOf } from '../audit-chain/audit-hash';
import { TypeOrmAuditChainVerifier } from '../audit-chain/typeorm-audit-chain.verifier';
import { Database } from '../database';
import { TypeOrmAuditLog } from '../repositories/typeorm-audit.log';
import { TypeOrmSchemaMigrator } from '../typeorm-schema.migrator';
import { storeBoundary } from './store-boundary';

/**
 * SQLite failing under the product's own connection, by real means that work as root (which chmod does not stop):
 * another connection holding the write lock (busy), an immutable file (read-only, where chattr works), a full
 * filesystem (disk full, where a tmpfs can be mounted) and the process's file-size limit (an I/O error, anywhere).
 * Each failed write must leave nothing behind: the audit write is several rows (record, link, stream head) in one
 * transaction, so the chain's verifier would name a half-written one.
 */
const key = checkpointKeyOf(Buffer.alloc(32, 7));
const PAD = 'x'.repeat(20_000);
const event = (id: string, extra: Partial<AuditEvent> = {}): AuditEvent => ({ id, occurredAt: new Date(), principal: { id: 'os:t', via: 'admin-cli' }, action: 'tool.system_get_overview', outcome: 'success', ...extra });
const dirs: { remove(): void }[] = [];
afterAll(() => dirs.forEach((d) => d.remove()));

function freshDir(): string {
  const dir = tempDir('sqlite-outage-');
  dirs.push(dir);
  return dir.path;
}

async function openMigrated(file: string): Promise<{ db: Database; log: AuditLog }> {
  const db = await Database.open({ kind: 'sqlite', file });
  await new TypeOrmSchemaMigrator(db).migrate();
  db.auditChain.sign(key);
  return { db, log: storeBoundary(new TypeOrmAuditLog(db)) };
}

/** Writes padded audit records until the store refuses one; returns how many were committed and the refusal. */
async function fillUntilRefused(log: AuditLog): Promise<{ written: number; error: unknown }> {
  for (let written = 0; written < 10_000; written++) {
    try {
      await log.record(event(`fill-${written}`, { arguments: { pad: PAD } }));
    } catch (error) {
      return { written, error };
    }
  }
  throw new Error('the store never refused a write');
}

/** Every committed record is whole (row and link) and nothing of the refused one exists. */
async function expectNothingHalfWritten(file: string, written: number): Promise<void> {
  const reader = await Database.open({ kind: 'sqlite', file });
  try {
    const [{ n }] = await reader.dataSource.query("SELECT COUNT(*) AS n FROM audit_events WHERE id LIKE 'fill-%'");
    expect(Number(n)).toBe(written);
    expect(await reader.dataSource.query('SELECT id FROM audit_events WHERE id = ?', [`fill-${written}`])).toEqual([]);
    const report = await new TypeOrmAuditChainVerifier(reader, [key]).verify({});
    expect(report.findings.filter((f) => f.kind !== 'checkpoint')).toEqual([]);
    expect(report.records).toBeGreaterThanOrEqual(written);
  } finally {
    await reader.close();
  }
}

const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { encoding: 'utf8' });

describe('SQLite unavailable under the product connection', () => {
  it('busy: another connection holds the write lock past the busy timeout; the write fails whole, then succeeds once freed', async () => {
    const file = join(freshDir(), 'busy.sqlite');
    const { db, log } = await openMigrated(file);
    const other = new sqlite3.Database(file);
    const exec = (sql: string) => new Promise<void>((resolve, reject) => other.exec(sql, (error) => (error ? reject(error) : resolve())));
    try {
      // SQLite's one write lock, taken at BEGIN IMMEDIATE and held until ROLLBACK; the product waits its busy timeout (10 s).
      await exec('BEGIN IMMEDIATE');
      const refused = await log.record(event('while-locked')).then(() => undefined, (error: unknown) => error);
      expect(refused).toBeInstanceOf(StoreUnavailableError);
      expect(refused).toMatchObject({ kind: 'busy', driverCode: 'SQLITE_BUSY', message: 'the database is busy (a lock held elsewhere, or no resources left) (SQLITE_BUSY)' });
      await exec('ROLLBACK');
      await log.record(event('after-release'));
      const ids = (await db.dataSource.query('SELECT id FROM audit_events ORDER BY id')).map((r: { id: string }) => r.id);
      expect(ids).toEqual(['after-release']);
    } finally {
      await new Promise((resolve) => other.close(resolve));
      await db.close();
    }
  }, 60_000);

  it('read-only: an immutable database file (chattr +i: root cannot write it either) opens for reads and refuses writes', async () => {
    const file = join(freshDir(), 'ro.sqlite');
    const first = await openMigrated(file);
    await first.log.record(event('before'));
    await first.db.close();
    const chattr = run('chattr', ['+i', file]);
    if (chattr.status !== 0) {
      // Not root, or a filesystem without the flag (tmpfs, overlayfs): no other way makes a file read-only for root.
      console.warn(`skipped the immutable-file case: chattr +i failed (${(chattr.stderr || chattr.error?.message || '').trim()})`);
      return;
    }
    try {
      const db = await Database.open({ kind: 'sqlite', file });
      const log = storeBoundary(new TypeOrmAuditLog(db));
      try {
        expect((await log.list({ limit: 10 })).map((e) => e.id)).toEqual(['before']);
        await expect(log.record(event('refused'))).rejects.toMatchObject({ code: 'STORE.UNAVAILABLE', kind: 'read_only', driverCode: 'SQLITE_READONLY', message: 'the database is read-only (SQLITE_READONLY)' });
      } finally {
        await db.close().catch(() => undefined);
      }
    } finally {
      execFileSync('chattr', ['-i', file]);
    }
    await expectNothingHalfWritten(file, 0);
  }, 60_000);

  it('disk full: a full filesystem (a 2 MB tmpfs) refuses a write whole, with SQLITE_FULL', async () => {
    const mount = join(freshDir(), 'small');
    mkdirSync(mount);
    const mounted = run('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', mount]);
    if (mounted.status !== 0) {
      // Mounting needs CAP_SYS_ADMIN (root outside a restricted container); the file-size-limit case below runs anyway.
      console.warn(`skipped the full-filesystem case: mount -t tmpfs failed (${(mounted.stderr || mounted.error?.message || '').trim()})`);
      return;
    }
    try {
      const file = join(mount, 'full.sqlite');
      const { db, log } = await openMigrated(file);
      const { written, error } = await fillUntilRefused(log);
      await db.close().catch(() => undefined);
      expect(written).toBeGreaterThan(0);
      expect(error).toMatchObject({ code: 'STORE.UNAVAILABLE', kind: 'disk_full', driverCode: 'SQLITE_FULL', message: "the database's disk is full (SQLITE_FULL)" });
      await expectNothingHalfWritten(file, written);
    } finally {
      run('umount', [mount]);
    }
  }, 60_000);

  it("the process's file-size limit (prlimit --fsize, unprivileged): an I/O error, refused whole, the process still working", async () => {
    if (run('prlimit', ['--version']).status !== 0) {
      console.warn('skipped the file-size-limit case: prlimit (util-linux) is not installed');
      return;
    }
    const file = join(freshDir(), 'limited.sqlite');
    const first = await openMigrated(file);
    await first.db.close();
    // A child with RLIMIT_FSIZE: writes past 3 MB fail with EFBIG, which SQLite reports as SQLITE_IOERR.
    const script = `
      const { Database, TypeOrmAuditLog, storeBoundary, checkpointKeyOf } = require(${JSON.stringify(join(__dirname, '..', '..', '..', 'dist', 'index.js'))});
      (async () => {
        const db = await Database.open({ kind: 'sqlite', file: process.env.FILE });
        db.auditChain.sign(checkpointKeyOf(Buffer.alloc(32, 7)));
        const log = storeBoundary(new TypeOrmAuditLog(db));
        let written = 0;
        for (;;) {
          try {
            await log.record({ id: 'fill-' + written, occurredAt: new Date(), principal: { id: 'os:t', via: 'admin-cli' }, action: 'tool.x', arguments: { pad: 'x'.repeat(20000) }, outcome: 'success' });
            written++;
          } catch (e) {
            // Still working after the refusal: a read answers.
            const read = (await log.list({ limit: 1 })).length;
            process.stdout.write(JSON.stringify({ written, read, name: e.name, kind: e.kind, code: e.driverCode, message: e.message }));
            process.exit(0);
          }
        }
      })();`;
    const child = spawnSync('prlimit', ['--fsize=3000000', process.execPath, '-e', script], { encoding: 'utf8', env: { PATH: process.env['PATH']!, FILE: file }, timeout: 50_000 });
    expect(child.stderr).toBe('');
    const outcome = JSON.parse(child.stdout) as { written: number; read: number; name: string; kind: string; code: string; message: string };
    expect(outcome).toMatchObject({ read: 1, name: 'StoreUnavailableError', kind: 'unreachable', code: 'SQLITE_IOERR', message: 'the database cannot be reached (SQLITE_IOERR)' });
    expect(outcome.written).toBeGreaterThan(0);
    await expectNothingHalfWritten(file, outcome.written);
  }, 60_000);
});
