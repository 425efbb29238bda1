import type { Principal } from '@routeros-mcp/application-ports';
import { Database } from '@routeros-mcp/adapters-persistence';
import { dnsServersPlanner } from '@routeros-mcp/domain-changes';
import { loadConfig, sqlitePath } from '@routeros-mcp/config';
import { enrollmentOf, Fleet, simControl, startFleet, tempDir } from '@routeros-mcp/testing';
import { createHmac } from 'node:crypto';
import { readFileSync, existsSync } from 'node:fs';
import { request } from 'node:https';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { AdminServices, buildContainer, loadSecrets, ServerServices } from '../index';

const SIM_USER = { name: 'admin', password: 'sim-pw' };
const operator: Principal = { id: 'spec-operator', via: 'admin-cli' };
/** The assistant: creates and applies plans, can never approve one. */
const model: Principal = { id: 'model', via: 'stdio' };
const approver: Principal = { id: 'os:alice', via: 'admin-cli' };
const FULL = { allow_advanced_writes: true, allow_professional_workflows: true, allow_firewall_writes: true };

/** A write straight to a device's REST API, as a person at the router would make it. */
function restSet(fleet: Fleet, index: number, path: string, body: Record<string, string>): Promise<void> {
  const url = new URL(`${fleet.devices[index].restUrl}/${path}`);
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', rejectUnauthorized: false, auth: `${SIM_USER.name}:${SIM_USER.password}`, headers: { 'content-type': 'application/json' } }, (res) => {
      res.resume();
      res.on('end', () => ((res.statusCode ?? 500) < 300 ? resolve() : reject(new Error(`device answered ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

const codeOf = async (promise: Promise<unknown>) => promise.then(() => 'resolved', (e: { code?: string }) => e.code ?? String(e));

describe('plans against simulated devices, on SQLite', () => {
  let fleet: Fleet;
  let dir: ReturnType<typeof tempDir>;
  let dataDir: string;
  let admin: AdminServices;
  let server: ServerServices;
  const logs: string[] = [];
  const env = () => ({ ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'debug' });
  const deviceState = async () => Promise.all(fleet.devices.map((_d, i) => simControl(fleet, 'GET', `/devices/${i}/state`).then((s: { config: unknown }) => JSON.stringify(s.config))));

  beforeAll(async () => {
    fleet = await startFleet({ devices: 4, profile: 'home', version: '7.20.5', users: [{ ...SIM_USER, group: 'full' }] });
    dir = tempDir();
    dataDir = join(dir.path, 'data');
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => logs.push(chunk.toString('utf8')));
    const config = loadConfig({ env: env(), homeDir: '/nonexistent' });
    admin = (await buildContainer(config, { logStream })).get(AdminServices);
    // Plans applied here are not rolled out (the rollout runner's own spec does that): nothing is written to a device.
    server = (await buildContainer(config, { logStream, migrate: false, runPlans: false })).get(ServerServices);
    for (const device of fleet.devices) {
      // r3 has not opted in to professional workflows (nor firewall writes): every plan naming it is refused.
      await admin.devices.enroll(operator, ...enrollmentOf(device, `r${device.index}`, SIM_USER, { capabilities: device.index === 3 ? {} : FULL }));
    }
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await admin?.close();
    await fleet?.stop();
    dir?.remove();
  });

  describe('creation', () => {
    it('dns_ntp: a per-device dry run with diff, risk, every verdict and the state hash; nothing written', async () => {
      const before = await deviceState();
      const plan = await admin.plans.create('dns_ntp', { devices: ['r0', 'r1', 'r2'], change: { dns: { servers: ['192.0.2.53', '192.0.2.54'] }, ntp: { servers: ['192.0.2.123'] } }, rollout: { canarySize: 1, batchSize: 2, pauseSeconds: 0 } }, model);
      expect(plan).toMatchObject({ status: 'pending', topic: 'dns_ntp', createdBy: 'model', environment: 'lab' });
      expect(plan.steps.map((s) => [s.deviceId, s.batch])).toEqual([['r0', 0], ['r1', 1], ['r2', 1]]);
      for (const step of plan.steps) {
        expect(step.preview).toMatchObject({ changed: true, risk: 'low', stateHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
        expect(step.preview!.diff.join('\n')).toMatch(/\/ip dns set servers=192\.0\.2\.53,192\.0\.2\.54/);
        expect(step.preview!.diff.join('\n')).toMatch(/\/system ntp client set servers=192\.0\.2\.123/);
        expect(Object.keys(step.preview!.sections).sort()).toEqual(['ip/dns', 'system/ntp/client']);
        const verdicts = Object.fromEntries(step.preview!.verdicts.map((v) => [v.ruleId, v.status]));
        expect(verdicts).toMatchObject({ TIER_CAPABILITY: 'pass', PROTECT_MANAGEMENT_PATH: expect.stringMatching(/pass|not_applicable/), DNS_NTP_LIMITS: 'pass' });
      }
      expect(plan.contentHash).toMatch(/^[0-9a-f]{64}$/);
      expect(await deviceState()).toEqual(before);
      expect((await admin.plans.get(plan.id)).toProps()).toEqual(plan.toProps());
    }, 60_000);

    it('refuses a plan naming a device that fails a rule, with each device and reason; excluding it succeeds', async () => {
      const change = { list: 'mcp-blocked', addresses: ['198.51.100.7', '203.0.113.0/24'] };
      const refused = await admin.plans.create('address_list_sync', { devices: ['r0', 'r1', 'r2', 'r3'], change }, model).catch((e: unknown) => e);
      expect(refused).toMatchObject({ code: 'PLAN.DEVICES_REFUSED', refused: [{ deviceId: 'r3', code: 'SAFETY.TIER_CAPABILITY' }] });
      expect((refused as Error).message).toMatch(/r3: .*allow_professional_workflows/);
      expect(await admin.plans.list({ limit: 50 })).toHaveLength(1);

      const plan = await admin.plans.create('address_list_sync', { devices: ['r0', 'r1', 'r2', 'r3'], change, exclude: [{ deviceId: 'r3', reason: 'not opted in' }] }, model);
      expect(plan.excluded).toEqual([{ deviceId: 'r3', reason: 'excluded by model: not opted in' }]);
      expect(plan.steps.map((s) => s.deviceId)).toEqual(['r0', 'r1', 'r2']);
      for (const step of plan.steps) {
        expect(step.preview!.diff).toEqual(expect.arrayContaining([expect.stringMatching(/^\/ip firewall address-list add .*address=198\.51\.100\.7/), expect.stringMatching(/address=203\.0\.113\.0\/24/)]));
        expect(step.preview!.risk).toBe('medium');
        expect(step.preview!.verdicts.find((v) => v.ruleId === 'MCP_OWNED_ADDRESS_LISTS')?.status).toBe('pass');
      }
      await expect(admin.plans.create('address_list_sync', { devices: ['r0'], change: { list: 'office', addresses: [] } }, model)).rejects.toMatchObject({ code: 'VALIDATION.INVALID' });
      // By environment and tags: every lab device, r3 excluded.
      const byEnv = await admin.plans.create('address_list_sync', { devices: { environment: 'lab' }, change, exclude: ['r3'] }, model);
      expect(byEnv.steps.map((s) => s.deviceId).sort()).toEqual(['r0', 'r1', 'r2']);
    }, 60_000);
  });

  describe('approval and apply', () => {
    const dnsChange = (n: number) => ({ dns: { servers: [`192.0.2.${n}`] } });
    const newPlan = (n: number, devices = ['r0', 'r1', 'r2']) => admin.plans.create('dns_ntp', { devices, change: dnsChange(n) }, model);
    const sqlite = () => Database.open({ kind: 'sqlite', file: sqlitePath(loadConfig({ env: env(), homeDir: '/nonexistent' })) });
    const grantRow = async (db: Database, planId: string) => ((await db.manager.query('SELECT * FROM plan_approvals WHERE plan_id = ?', [planId])) as Record<string, string | null>[])[0];
    const secretsOf = async (planId: string) => {
      const db = await sqlite();
      try {
        const row = await grantRow(db, planId);
        const { cipher } = loadSecrets(loadConfig({ env: env(), homeDir: '/nonexistent' }));
        return JSON.parse(cipher.decrypt(row['sealed']!, `approval:${row['id']}`)) as { nonce: string; signature: string };
      } finally {
        await db.close();
      }
    };
    const seen: { nonce: string; signature: string }[] = [];

    /** An attack: refused with `code`, and neither the devices nor the plan changed. */
    async function refusedUnchanged(planId: string, code: string, by: Principal = model): Promise<void> {
      const devices = await deviceState();
      const plan = (await admin.plans.get(planId)).toProps();
      expect(await codeOf(server.plans.apply(planId, by))).toBe(code);
      expect(await deviceState()).toEqual(devices);
      expect((await admin.plans.get(planId)).toProps()).toEqual(plan);
    }

    it('applies an approved plan once: executing, the grant consumed, nothing written to the devices', async () => {
      const plan = await newPlan(61);
      expect(await codeOf(server.plans.apply(plan.id, model))).toBe('PLAN.NOT_APPROVED');
      expect(await codeOf(server.plans.approve(plan.id, model))).toBe('PLAN.APPROVER_NOT_ENTITLED');
      const approval = await admin.plans.approve(plan.id, approver, { comment: 'looks right' });
      expect(approval).toMatchObject({ approver: 'os:alice', contentHash: plan.contentHash, plan: { status: 'approved' } });
      expect(JSON.stringify(approval)).not.toMatch(/nonce|signature/i);
      seen.push(await secretsOf(plan.id));
      const devices = await deviceState();
      const started = await server.plans.apply(plan.id, model);
      expect(started.status).toBe('executing');
      expect(await deviceState()).toEqual(devices);
      // Replay: a second apply with the same approval.
      await refusedUnchanged(plan.id, 'PLAN.APPROVAL_USED');
    }, 60_000);

    it('lets exactly one of two racing applies start the plan', async () => {
      const plan = await newPlan(71);
      await admin.plans.approve(plan.id, approver);
      seen.push(await secretsOf(plan.id));
      const outcomes = await Promise.all([server.plans.apply(plan.id, model), admin.plans.apply(plan.id, model)].map((p) => codeOf(p)));
      expect(outcomes.filter((o) => o === 'resolved')).toHaveLength(1);
      expect(outcomes.filter((o) => o !== 'resolved')[0]).toMatch(/^(PLAN\.APPROVAL_USED|STATE\.CONFLICT)$/);
      expect((await admin.plans.get(plan.id)).status).toBe('executing');
    }, 60_000);

    it('refuses a forged signature (the stored grant re-sealed with another key’s signature)', async () => {
      const plan = await newPlan(62);
      await admin.plans.approve(plan.id, approver);
      const { cipher } = loadSecrets(loadConfig({ env: env(), homeDir: '/nonexistent' }));
      const db = await sqlite();
      try {
        const row = await grantRow(db, plan.id);
        const opened = JSON.parse(cipher.decrypt(row['sealed']!, `approval:${row['id']}`)) as { nonce: string; signature: string };
        seen.push(opened);
        const forged = createHmac('sha256', Buffer.alloc(32, 1)).update('anything').digest('base64url');
        await db.manager.query('UPDATE plan_approvals SET sealed = ? WHERE id = ?', [cipher.encrypt(JSON.stringify({ ...opened, signature: forged }), `approval:${row['id']}`), row['id']]);
        await refusedUnchanged(plan.id, 'PLAN.APPROVAL_INVALID');
        // A longer validity written into the row breaks the signature as well.
        await db.manager.query('UPDATE plan_approvals SET sealed = ?, expires_at = ? WHERE id = ?', [row['sealed'], '2099-01-01 00:00:00.000', row['id']]);
        await refusedUnchanged(plan.id, 'PLAN.APPROVAL_INVALID');
      } finally {
        await db.close();
      }
    }, 60_000);

    it('refuses a plan whose stored content was edited after approval', async () => {
      const plan = await newPlan(63);
      await admin.plans.approve(plan.id, approver);
      seen.push(await secretsOf(plan.id));
      const db = await sqlite();
      try {
        await db.manager.query('UPDATE plan_steps SET change = ? WHERE id = ?', [JSON.stringify(dnsChange(66)), plan.steps[1].id]);
      } finally {
        await db.close();
      }
      await refusedUnchanged(plan.id, 'PLAN.APPROVAL_INVALID');
    }, 60_000);

    it('refuses an expired approval', async () => {
      const plan = await newPlan(64);
      await admin.plans.approve(plan.id, approver, { validForMs: 1 });
      seen.push(await secretsOf(plan.id));
      await new Promise((resolve) => setTimeout(resolve, 20));
      await refusedUnchanged(plan.id, 'PLAN.APPROVAL_EXPIRED');
    }, 60_000);

    it("refuses another plan's approval", async () => {
      const approved = await newPlan(65);
      const other = await newPlan(67);
      await admin.plans.approve(approved.id, approver);
      seen.push(await secretsOf(approved.id));
      const db = await sqlite();
      try {
        await db.manager.query('UPDATE plan_approvals SET plan_id = ? WHERE plan_id = ?', [other.id, approved.id]);
        await db.manager.query('UPDATE plans SET status = ? WHERE id = ?', ['approved', other.id]);
      } finally {
        await db.close();
      }
      await refusedUnchanged(other.id, 'PLAN.APPROVAL_INVALID');
    }, 60_000);

    it('refuses when a device drifted after approval, naming the device and section', async () => {
      const plan = await newPlan(68);
      await admin.plans.approve(plan.id, approver);
      seen.push(await secretsOf(plan.id));
      await restSet(fleet, 1, 'ip/dns/set', { servers: '9.9.9.9' });
      const error = (await server.plans.apply(plan.id, model).catch((e: unknown) => e)) as { code: string; drifted: unknown; message: string };
      expect(error.code).toBe('PLAN.STATE_DRIFTED');
      expect(error.drifted).toEqual([{ deviceId: 'r1', sections: ['ip/dns'] }]);
      expect(error.message).toContain('r1 (/ip dns)'.replace(' dns', '/dns'));
      await refusedUnchanged(plan.id, 'PLAN.STATE_DRIFTED');
      // The grant was not consumed by the refused applies.
      const db = await sqlite();
      try {
        expect((await grantRow(db, plan.id))['used_at']).toBeNull();
      } finally {
        await db.close();
      }
    }, 60_000);

    it('a drifted device refuses a change made with the reviewed state hash (under the lock), writing nothing', async () => {
      const request = { principal: operator, correlationId: 'c-drift', environment: 'lab' as const, deviceId: 'r2', tool: 'dns_set_servers', planner: dnsServersPlanner, input: { servers: ['192.0.2.99'] } };
      const dry = await server.changes.run({ ...request, dryRun: true });
      expect(dry.stateHash).toMatch(/^[0-9a-f]{64}$/);
      expect((await server.changes.run({ ...request, dryRun: true })).stateHash).toBe(dry.stateHash);
      await restSet(fleet, 2, 'ip/dns/set', { servers: '9.9.9.10' });
      const devices = await deviceState();
      await expect(server.changes.run({ ...request, dryRun: false, expectedStateHash: dry.stateHash!, expectedStateSections: dry.stateSections! })).rejects.toMatchObject({ code: 'CHANGE.STATE_DRIFTED', sections: ['ip/dns'] });
      expect(await deviceState()).toEqual(devices);
    }, 60_000);

    it('rejects and cancels, audited; a rejected plan cannot be approved', async () => {
      const rejected = await newPlan(69);
      expect((await admin.plans.reject(rejected.id, approver, 'wrong servers')).status).toBe('rejected');
      expect(await codeOf(admin.plans.approve(rejected.id, approver))).toBe('PLAN.ILLEGAL_TRANSITION');
      const cancelled = await newPlan(70);
      expect((await server.plans.cancel(cancelled.id, model, 'not needed')).status).toBe('cancelled');
      const actions = (await server.audit.recent({ limit: 500 })).filter((e) => e.planId === rejected.id || e.planId === cancelled.id).map((e) => `${e.action}:${e.outcome}`);
      expect(actions).toEqual(expect.arrayContaining(['plan.create:success', 'plan.reject:success', 'plan.approve:error', 'plan.cancel:success']));
    }, 60_000);

    it('never lets an approval signature or nonce out: not in the database file, the audit records or the logs', async () => {
      expect(seen.length).toBeGreaterThanOrEqual(6);
      const file = sqlitePath(loadConfig({ env: env(), homeDir: '/nonexistent' }));
      const bytes = [file, `${file}-wal`].filter(existsSync).map((f) => readFileSync(f).toString('latin1')).join('');
      const audit = JSON.stringify(await server.audit.recent({ limit: 1000 }));
      const logText = logs.join('');
      expect(logText.length).toBeGreaterThan(0);
      for (const { nonce, signature } of seen) {
        for (const [where, text] of [['database', bytes], ['audit', audit], ['logs', logText]] as const) {
          expect([where, text.includes(nonce)]).toEqual([where, false]);
          expect([where, text.includes(signature)]).toEqual([where, false]);
        }
      }
      expect(audit).toContain('plan.approve');
    });
  });

  describe('on a prod deployment', () => {
    let prodDir: ReturnType<typeof tempDir>;
    let prod: AdminServices;
    const alice: Principal = { id: 'alice', via: 'http', roles: ['admin', 'approver'] };
    const bob: Principal = { id: 'bob', via: 'http', roles: ['approver'] };

    beforeAll(async () => {
      prodDir = tempDir();
      prod = (await buildContainer(loadConfig({ env: { ROUTEROS_MCP_DATA_DIR: prodDir.path, ROUTEROS_MCP_ENVIRONMENT: 'prod', ROUTEROS_MCP_LOG_LEVEL: 'error' }, homeDir: '/nonexistent' }), { logStream: new PassThrough() })).get(AdminServices);
      await prod.devices.enroll(operator, ...enrollmentOf(fleet.devices[3], 'p3', SIM_USER, { environment: 'prod', capabilities: FULL }));
    }, 60_000);
    afterAll(async () => {
      await prod?.close();
      prodDir?.remove();
    });

    it('plans a prod device, refuses its author as approver, and starts it once another person approved', async () => {
      const plan = await prod.plans.create('dns_ntp', { devices: ['p3'], change: { ntp: { servers: ['192.0.2.123'] } } }, alice);
      expect(plan.environment).toBe('prod');
      expect(plan.steps[0].preview!.verdicts.find((v) => v.ruleId === 'PROD_REQUIRES_APPROVAL')?.status).toBe('pass');
      const before = (await prod.plans.get(plan.id)).toProps();
      expect(await codeOf(prod.plans.approve(plan.id, alice))).toBe('PLAN.SELF_APPROVAL');
      expect((await prod.plans.get(plan.id)).toProps()).toEqual(before);
      expect(await codeOf(prod.plans.apply(plan.id, alice))).toBe('PLAN.NOT_APPROVED');
      await prod.plans.approve(plan.id, bob);
      expect((await prod.plans.apply(plan.id, alice)).status).toBe('executing');
    }, 60_000);
  });
});
