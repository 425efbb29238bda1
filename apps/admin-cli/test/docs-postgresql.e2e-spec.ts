import { PostgresServer, recipeSteps, startPostgres, tempDir } from '@routeros-mcp/testing';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Client } from 'pg';

// docs/postgresql.md, steps 2 to 4 run as written against a throw-away cluster (the harness plays step 1): libpq's
// PGHOST/PGPORT/PGUSER point psql and createdb at it, and its port replaces 5432 in the documented URL.
const ROOT = join(__dirname, '..', '..', '..');
const steps = recipeSteps(join(ROOT, 'docs', 'postgresql.md'));
const dir = tempDir('docs-pg-');
let pg: PostgresServer;

beforeAll(async () => (pg = await startPostgres()), 120_000);
afterAll(() => {
  pg?.stop();
  dir.remove();
});

const bash = (script: string, env: Record<string, string>) => spawnSync('bash', ['-euo', 'pipefail', '-c', script], { cwd: ROOT, encoding: 'utf8', timeout: 180_000, stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env['PATH']!, HOME: dir.path, ...env } });

it('the role, the database, the URL and the migrations, as docs/postgresql.md writes them', async () => {
  expect([...steps.keys()]).toEqual(['role-and-database', 'url', 'migrate']);
  const port = new URL(pg.url).port;
  const made = bash(steps.get('role-and-database')!, { PGHOST: '127.0.0.1', PGPORT: port, PGUSER: 'postgres' });
  expect({ status: made.status, stderr: made.stderr }).toEqual({ status: 0, stderr: '' });

  const url = steps.get('url')!;
  expect(url).toContain('@127.0.0.1:5432/routeros_mcp');
  const migrate = bash(`${url.replace(':5432/', `:${port}/`)}\n${steps.get('migrate')!}`, { ROUTEROS_MCP_DATA_DIR: join(dir.path, 'data'), NPM_CONFIG_UPDATE_NOTIFIER: 'false' });
  expect({ status: migrate.status, stderr: migrate.stderr.replace(/^npm (warn|notice).*\n/gm, '') }).toEqual({ status: 0, stderr: '' });
  expect(migrate.stdout).toMatch(/^Applied \d+ migration\(s\): /m);
  expect(migrate.stdout).toMatch(/^MIGRATION\s+STATE$/m);
  expect(migrate.stdout).toMatch(/\sapplied$/m);
  expect(migrate.stdout).not.toMatch(/\spending$/m);

  // The service's role owns what the migrations made, in its own database: it needs no other rights.
  const client = new Client({ connectionString: pg.url.replace(/\/postgres$/, '/routeros_mcp') });
  await client.connect();
  try {
    const owners = await client.query<{ tableowner: string }>("SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = 'public'");
    expect(owners.rows).toEqual([{ tableowner: 'routeros_mcp' }]);
    const super_ = await client.query<{ rolsuper: boolean; rolcreatedb: boolean }>("SELECT rolsuper, rolcreatedb FROM pg_roles WHERE rolname = 'routeros_mcp'");
    expect(super_.rows).toEqual([{ rolsuper: false, rolcreatedb: false }]);
  } finally {
    await client.end();
  }
}, 300_000);
