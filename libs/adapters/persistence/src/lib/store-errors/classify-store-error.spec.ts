import { StoreUnavailableError, ValidationError } from '@routeros-mcp/domain-kernel';
import { QueryFailedError, QueryRunnerAlreadyReleasedError } from '@routeros-mcp/typeorm';
import { classifyStoreError } from './classify-store-error';
import { storeBoundary } from './store-boundary';

/** A driver error as TypeORM wraps it: the SQL and parameters ride along, and must not come out. */
const wrapped = (driverError: object) => new QueryFailedError('UPDATE devices SET secret = $1', ['hunter2'], Object.assign(new Error((driverError as { message?: string }).message ?? 'x'), driverError));
const errno = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('classifyStoreError', () => {
  it.each([
    ['refused', errno('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'), 'unreachable', 'ECONNREFUSED'],
    ['reset', wrapped({ code: 'ECONNRESET', message: 'read ECONNRESET' }), 'unreachable', 'ECONNRESET'],
    ['timed out', errno('ETIMEDOUT', 'connect ETIMEDOUT'), 'unreachable', 'ETIMEDOUT'],
    ['both addresses refused', Object.assign(new AggregateError([errno('ECONNREFUSED', 'a'), errno('ECONNREFUSED', 'b')], 'agg'), {}), 'unreachable', 'ECONNREFUSED'],
    ['admin shutdown', wrapped({ code: '57P01', message: 'terminating connection due to administrator command' }), 'unreachable', '57P01'],
    ['crash shutdown', wrapped({ code: '57P02', message: 'crash' }), 'unreachable', '57P02'],
    ['starting up', wrapped({ code: '57P03', message: 'the database system is starting up' }), 'unreachable', '57P03'],
    ['connection failure', wrapped({ code: '08006', message: 'x' }), 'unreachable', '08006'],
    ['disk full', wrapped({ code: '53100', message: 'could not extend file' }), 'disk_full', '53100'],
    ['too many connections', wrapped({ code: '53300', message: 'sorry, too many clients already' }), 'busy', '53300'],
    ['standby', wrapped({ code: '25006', message: 'cannot execute UPDATE in a read-only transaction' }), 'read_only', '25006'],
    ['terminated', new Error('Connection terminated unexpectedly'), 'unreachable', undefined],
    ['pool timeout', new Error('timeout exceeded when trying to connect'), 'unreachable', undefined],
    ['runner released by its dropped connection', new QueryRunnerAlreadyReleasedError(), 'unreachable', undefined],
    ['sqlite busy', wrapped({ code: 'SQLITE_BUSY', message: 'SQLITE_BUSY: database is locked' }), 'busy', 'SQLITE_BUSY'],
    ['sqlite full', wrapped({ code: 'SQLITE_FULL', message: 'SQLITE_FULL: database or disk is full' }), 'disk_full', 'SQLITE_FULL'],
    ['sqlite read-only', wrapped({ code: 'SQLITE_READONLY', message: 'SQLITE_READONLY: attempt to write a readonly database' }), 'read_only', 'SQLITE_READONLY'],
    ['sqlite cannot open', errno('SQLITE_CANTOPEN', 'SQLITE_CANTOPEN: unable to open database file'), 'unreachable', 'SQLITE_CANTOPEN'],
    ['sqlite I/O', wrapped({ code: 'SQLITE_IOERR', message: 'SQLITE_IOERR: disk I/O error' }), 'unreachable', 'SQLITE_IOERR'],
  ])('%s', (_label, error, kind, code) => {
    const store = classifyStoreError(error);
    expect(store).toBeInstanceOf(StoreUnavailableError);
    expect(store).toMatchObject({ kind, driverCode: code });
    expect(JSON.stringify({ message: store!.message, details: store!.details() })).not.toMatch(/UPDATE|hunter2|127\.0\.0\.1|postgres:\/\//);
  });

  it.each([
    ['a unique violation', wrapped({ code: '23505', message: 'duplicate key value' })],
    ['a syntax error', wrapped({ code: '42601', message: 'syntax error' })],
    ['a SQLite constraint', wrapped({ code: 'SQLITE_CONSTRAINT', message: 'SQLITE_CONSTRAINT: UNIQUE constraint failed' })],
    ['a bug', new TypeError('x is undefined')],
    ['a domain error', ValidationError.single('name', 'taken')],
  ])('leaves %s alone', (_label, error) => {
    expect(classifyStoreError(error)).toBeUndefined();
  });
});

describe('storeBoundary', () => {
  class Repo {
    private calls = 0;
    async find(): Promise<number> {
      this.calls++;
      throw wrapped({ code: 'SQLITE_FULL', message: 'SQLITE_FULL: database or disk is full' });
    }
    async other(): Promise<number> {
      throw new TypeError('bug');
    }
    count(): number {
      return this.calls;
    }
  }

  it('classifies what a method rejects with, leaves other failures and sync results alone, and runs on the adapter', async () => {
    const repo = storeBoundary(new Repo());
    await expect(repo.find()).rejects.toMatchObject({ code: 'STORE.UNAVAILABLE', kind: 'disk_full' });
    await expect(repo.other()).rejects.toBeInstanceOf(TypeError);
    expect(repo.count()).toBe(1);
    expect(repo.find).toBe(repo.find);
  });
});
