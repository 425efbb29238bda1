import { startPostgres, tempDir } from '@routeros-mcp/testing';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { CliResult, runAdmin } from './cli-runner';

const PASSWORD = 'Canary-Pw-7f3a9c!x';
const NEW_PASSWORD = 'Canary-Pw2-b41e0d!y';
const KEY_BODY = 'CANARYKEYb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ';
const PRIVATE_KEY = `-----BEGIN OPENSSH PRIVATE KEY-----\n${KEY_BODY}\n-----END OPENSSH PRIVATE KEY-----\n`;

/** Every form a leaked secret would likely take on disk or on screen. */
function forms(secret: string): Buffer[] {
  const raw = Buffer.from(secret, 'utf8');
  return [raw, Buffer.from(raw.toString('base64')), Buffer.from(raw.toString('hex')), Buffer.from(secret, 'utf16le')];
}

function filesUnder(path: string): string[] {
  return statSync(path).isDirectory() ? readdirSync(path).flatMap((name) => filesUnder(join(path, name))) : [path];
}

function leaksIn(label: string, bytes: Buffer, secrets: string[]): string[] {
  return secrets.flatMap((secret) => forms(secret).filter((form) => bytes.includes(form)).map(() => `${label} contains ${secret.slice(0, 10)}…`));
}

/** Drives every command that handles a secret, with debug logs to stderr and to a log file. */
async function exercise(env: Record<string, string>, dataDir: string): Promise<CliResult[]> {
  const keyFile = join(dataDir, '..', 'id_canary');
  writeFileSync(keyFile, PRIVATE_KEY, { mode: 0o600 });
  const add = (id: string, extra: string[]) =>
    runAdmin(['device', 'add', '--id', id, '--name', id, '--host', '192.0.2.7', '--environment', 'lab', '--username', 'admin', '--password-stdin', '--offline', ...extra], { env, stdin: PASSWORD + '\n' });
  const results = [
    await add('dev-a', []),
    await add('dev-b', ['--ssh-key-file', keyFile, '--json']),
    await add('dev-a', []), // duplicate: the error path must not echo the password either
    await runAdmin(['credentials', 'set', 'dev-a', '--username', 'admin', '--password-stdin', '--offline'], { env, stdin: NEW_PASSWORD }),
    await runAdmin(['device', 'list', '--json'], { env }),
    await runAdmin(['device', 'show', 'dev-b', '--json'], { env }),
    await runAdmin(['device', 'show', 'dev-a'], { env }),
    await runAdmin(['keys', 'rotate', '--json'], { env }),
    await runAdmin(['device', 'update', 'dev-a', '--name', 'renamed'], { env }),
  ];
  expect(results.map((r) => r.code)).toEqual([0, 0, 1, 0, 0, 0, 0, 0, 0]);
  return results;
}

describe('secrets never leave in plaintext', () => {
  it('on SQLite: not in the database file, its WAL, the log file or any CLI output', async () => {
    const dir = tempDir('leak-');
    try {
      const dataDir = join(dir.path, 'data');
      const logFile = join(dir.path, 'admin.log');
      const env = { ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'debug', ROUTEROS_MCP_LOG_FILE: logFile };
      const results = await exercise(env, dataDir);
      const masterKeys = Object.values(JSON.parse(readFileSync(join(dataDir, 'master.key'), 'utf8')).keys) as string[];
      const secrets = [PASSWORD, NEW_PASSWORD, KEY_BODY, ...masterKeys];
      const dbFiles = filesUnder(dataDir).filter((f) => /routeros-mcp\.sqlite/.test(f));
      expect(dbFiles.length).toBeGreaterThanOrEqual(1);
      const leaks = [
        ...dbFiles.flatMap((f) => leaksIn(f, readFileSync(f), secrets)),
        ...leaksIn('log file', readFileSync(logFile), secrets),
        ...results.flatMap((r, i) => leaksIn(`output of command ${i}`, Buffer.from(r.stdout + r.stderr), secrets)),
      ];
      expect(leaks).toEqual([]);
      // The scan itself works: the log file is not empty and the ciphertexts are there.
      expect(readFileSync(logFile, 'utf8')).toContain('device enrolled');
      expect(Buffer.concat(dbFiles.map((f) => readFileSync(f))).includes(Buffer.from('v1.'))).toBe(true);
    } finally {
      dir.remove();
    }
  });

  it('on PostgreSQL: not in any table, nor anywhere in the server’s data directory or WAL', async () => {
    const dir = tempDir('leak-pg-');
    const pg = await startPostgres();
    try {
      const url = await pg.createDatabase('leak');
      const dataDir = join(dir.path, 'data');
      const env = { ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_DATABASE_URL: url, ROUTEROS_MCP_LOG_LEVEL: 'debug' };
      const results = await exercise(env, dataDir);
      const secrets = [PASSWORD, NEW_PASSWORD, KEY_BODY];
      const client = new Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query(`SELECT string_agg(t::text, E'\\n') AS dump FROM (
        SELECT d::text AS t FROM devices d UNION ALL SELECT c::text FROM device_credentials c UNION ALL SELECT a::text FROM audit_events a) x`);
      await client.query('CHECKPOINT');
      await client.end();
      expect(rows[0].dump).toContain('v1.');
      const leaks = [
        ...leaksIn('table dump', Buffer.from(rows[0].dump), secrets),
        ...filesUnder(pg.dataDir).flatMap((f) => leaksIn(f, readFileSync(f), secrets)),
        ...results.flatMap((r, i) => leaksIn(`output of command ${i}`, Buffer.from(r.stdout + r.stderr), secrets)),
      ];
      expect(leaks).toEqual([]);
    } finally {
      pg.stop();
      dir.remove();
    }
  });
});
