import { useTestDatabases } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { Client } from 'pg';
import * as sqlite3 from 'sqlite3';
import { runAdmin } from './cli-runner';

const databases = useTestDatabases();

describe.each([
  ['SQLite', async () => ({ ROUTEROS_MCP_DATA_DIR: databases.dataDir() })],
  ['PostgreSQL', async () => ({ ROUTEROS_MCP_DATA_DIR: databases.dataDir(), ROUTEROS_MCP_DATABASE_URL: await databases.postgresUrl() })],
])('routeros-mcp-admin audit verify on %s', (_engine, makeEnv) => {
  let env: Record<string, string>;
  const admin = (args: string[]) => runAdmin(args, { env });
  /** Tampering as someone with the database's password would: straight SQL, around the service. */
  async function tamper(...statements: string[]): Promise<void> {
    const url = env['ROUTEROS_MCP_DATABASE_URL'];
    if (url) {
      const client = new Client({ connectionString: url });
      await client.connect();
      for (const sql of statements) await client.query(sql);
      return client.end();
    }
    const db = new sqlite3.Database(join(env['ROUTEROS_MCP_DATA_DIR'], 'routeros-mcp.sqlite'));
    for (const sql of statements) await new Promise<void>((resolve, reject) => db.run(sql, (error) => (error ? reject(error) : resolve())));
    await new Promise((resolve) => db.close(resolve));
  }
  beforeEach(async () => (env = { ...(await makeEnv()), ROUTEROS_MCP_LOG_LEVEL: 'error' }));

  it('passes the trail the CLI wrote (token create and revoke audited, never the secret), then names each record tampered with', async () => {
    const created = JSON.parse((await admin(['token', 'create', '--name', 'ci-bot', '--role', 'read_only', '--json'])).stdout);
    expect((await admin(['token', 'create', '--name', 'bad:name', '--role', 'read_only'])).code).toBe(1);
    expect((await admin(['token', 'revoke', created.id])).code).toBe(0);
    const trail = JSON.parse((await admin(['audit', '--json'])).stdout) as { id: string; action: string; outcome: string; arguments: unknown }[];
    expect(trail.map((e) => [e.action, e.outcome])).toEqual([['token.revoke', 'success'], ['token.create', 'error'], ['token.create', 'success']]);
    // The whole secret (it may hold '_' itself): a fragment of it can be a digit any timestamp holds.
    expect(JSON.stringify(trail)).not.toContain(created.token.split('_').slice(2).join('_'));

    const intact = await admin(['audit', 'verify']);
    expect(intact).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Audit chain intact: 3 records, 3 links in 3 streams, 3 signed checkpoints\./) });

    const [revoke, failed, create] = trail.map((e) => e.id);
    await tamper(
      `UPDATE audit_events SET principal = 'os:someone-else' WHERE id = '${create}'`,
      `DELETE FROM audit_events WHERE id = '${failed}'`,
      `INSERT INTO audit_events (id, occurred_at, principal, via, action, outcome) VALUES ('forged-1', '2026-01-01 00:00:00', 'os:root', 'admin-cli', 'token.revoke', 'success')`,
    );
    const broken = await admin(['audit', 'verify', '--json']);
    expect(broken.code).toBe(1);
    const findings = JSON.parse(broken.stdout).findings.map((f: { kind: string; record_id: string }) => [f.kind, f.record_id]);
    expect(findings).toEqual([['inserted', 'forged-1'], ['altered', create], ['removed', failed]]);
    const text = await admin(['audit', 'verify']);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/^Audit chain BROKEN: 3 finding\(s\)/);
    expect(text.stdout).toMatch(new RegExp(`ALTERED\\s+${create}`));
    expect(text.stdout).not.toContain(revoke);
  });

  it('names a stream whose newest links were cut off after its checkpoint', async () => {
    for (const name of ['a', 'b']) expect((await admin(['token', 'create', '--name', name, '--role', 'read_only'])).code).toBe(0);
    const [newest] = (JSON.parse((await admin(['audit', '--json'])).stdout) as { id: string }[]).map((e) => e.id);
    await tamper(`DELETE FROM audit_links WHERE record_id = '${newest}'`, `DELETE FROM audit_events WHERE id = '${newest}'`);
    const broken = await admin(['audit', 'verify', '--json']);
    expect(JSON.parse(broken.stdout).findings).toEqual([expect.objectContaining({ kind: 'truncated', seq: 1 })]);
    expect(broken.code).toBe(1);
  });

  it("passes a stream that ends without its closing checkpoint (a writer killed with -9) and lists its links as not yet covered", async () => {
    expect((await admin(['token', 'create', '--name', 'k', '--role', 'read_only'])).code).toBe(0);
    // What kill -9 leaves: the links and the stream's head committed together, no checkpoint written at close.
    await tamper(`DELETE FROM audit_checkpoints WHERE stream_id = (SELECT stream_id FROM audit_links ORDER BY at DESC LIMIT 1)`);
    const json = await admin(['audit', 'verify', '--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: true, findings: [], uncovered: [{ stream: expect.any(String), label: expect.stringMatching(/:\d+$/), from_seq: 1, to_seq: 1 }] });
    const text = await admin(['audit', 'verify']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^Audit chain intact: 1 records, 1 links in 1 streams, 0 signed checkpoints\.\n\nNot yet covered by a signed checkpoint/);
  });

  // The keys are checked by the same pure walk on either engine: once is enough for CI's time.
  (_engine === 'SQLite' ? it : it.skip)('verifies checkpoints signed before an approval-key change only when the old key is given as previous', async () => {
    const [oldKey, newKey] = [Buffer.alloc(32, 7).toString('base64'), Buffer.alloc(32, 8).toString('base64')];
    env = { ...env, ROUTEROS_MCP_APPROVAL_SIGNING_KEY: oldKey };
    expect((await admin(['token', 'create', '--name', 'before', '--role', 'read_only'])).code).toBe(0);
    env = { ...env, ROUTEROS_MCP_APPROVAL_SIGNING_KEY: newKey };
    expect((await admin(['token', 'create', '--name', 'after', '--role', 'read_only'])).code).toBe(0);
    const without = await admin(['audit', 'verify', '--json']);
    expect(without.code).toBe(1);
    expect(JSON.parse(without.stdout).findings).toEqual([expect.objectContaining({ kind: 'checkpoint', detail: expect.stringContaining('previous') })]);
    env = { ...env, ROUTEROS_MCP_APPROVAL_SIGNING_KEYS_PREVIOUS: `${Buffer.alloc(32, 9).toString('base64')}, ${oldKey}` };
    expect(await admin(['audit', 'verify'])).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Audit chain intact: 2 records, 2 links in 2 streams, 2 signed checkpoints\./) });
    env = { ...env, ROUTEROS_MCP_APPROVAL_SIGNING_KEYS_PREVIOUS: `${oldKey},not-a-key` };
    const bad = await admin(['audit', 'verify']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('ROUTEROS_MCP_APPROVAL_SIGNING_KEYS_PREVIOUS');
    expect(bad.stderr + bad.stdout).not.toContain(oldKey);
  });
});
