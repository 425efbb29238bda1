import { Database } from '@routeros-mcp/adapters-persistence';
import { sqlitePath } from '@routeros-mcp/config';
import { planTopic } from '@routeros-mcp/domain-plans';
import { Fleet, simControl, useTestDatabases } from '@routeros-mcp/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AdminServices, ServerServices } from '../index';
import { approver, model, operator, planEnded, PlanRig, startPlanRig } from '../../test/plan-rig';

const databases = useTestDatabases();

const FLAGS = { allow_advanced_writes: true, allow_professional_workflows: true, allow_wireless_writes: true };
/** Fleet `mixed` profiles: 0 home (wifi package), 1 edge, 2 chr, 3 legacy-ap (legacy wireless). */
const WIFI_DEVICE = 0;
const LEGACY_DEVICE = 3;
const NEW_WIFI = 'rotated-plan-wifi-2026';
const OLD_LEGACY = 'factory-ac-key';
const NEW_LEGACY = 'rotated-change-psk-2026';
const OTHER_LEGACY = 'never-applied-psk-2026';

const WIFI_CHANGE = {
  security_profiles: [{ name: 'mcp-office', 'authentication-types': ['wpa2-psk', 'wpa3-psk'], passphrase: NEW_WIFI }],
  interfaces: [{ name: 'wifi1', security_profile: 'mcp-office' }],
};
const legacyChange = (passphrase: string) => ({ package: 'wireless', security_profiles: [{ name: 'default', 'authentication-types': ['wpa2-psk'], passphrase }] });
const ONE_BY_ONE = { canarySize: 1, batchSize: 1, pauseSeconds: 0 };

/** Every sealed value as stored, raw: what an aborted rotation must leave exactly as it was. */
async function sealedRows(db: Database): Promise<unknown> {
  const q = (sql: string) => db.manager.query(sql);
  return {
    credentials: await q('SELECT device_id, purpose, ciphertext, key_id FROM device_credentials ORDER BY device_id, purpose'),
    grants: await q('SELECT id, sealed FROM plan_approvals ORDER BY id'),
    changes: await q('SELECT id, body FROM changes ORDER BY id'),
    plans: await q('SELECT id, sealed_key, content_hash FROM plans ORDER BY id'),
    steps: await q('SELECT id, change FROM plan_steps ORDER BY id'),
  };
}

describe.each(['sqlite', 'postgres'] as const)('keys rotate with approved plans and revertible changes holding secrets (simulator, %s)', (engine) => {
  let rig: PlanRig;
  let fleet: Fleet;
  let admin: AdminServices;
  let server: ServerServices;
  let db: Database;

  const keyFile = () => JSON.parse(readFileSync(join(rig.dataDir, 'master.key'), 'utf8')) as { active: string; keys: Record<string, string> };
  const deviceConfig = async (i: number) => (await simControl(fleet, 'GET', `/devices/${i}/state`)).config as Record<string, Record<string, string>[] | undefined>;
  const legacyKeyOf = async (i: number) => ((await deviceConfig(i))['interface/wireless/security-profiles'] ?? []).find((p) => p['name'] === 'default')!['wpa2-pre-shared-key'];
  const wifiProfileOf = async (i: number) => ((await deviceConfig(i))['interface/wifi/security'] ?? []).find((p) => p['name'] === 'mcp-office');

  beforeAll(async () => {
    const env = engine === 'postgres' ? { ROUTEROS_MCP_DATABASE_URL: await databases.postgresUrl() } : undefined;
    rig = await startPlanRig({
      fleet: { devices: 4, profile: 'mixed', version: '7.20.5' },
      logLevel: 'info',
      capabilities: (i) => ([WIFI_DEVICE, LEGACY_DEVICE].includes(i) ? FLAGS : undefined),
      ...(env ? { env } : {}),
    });
    ({ fleet, admin, server } = rig);
    db = await Database.open(rig.config.databaseUrl ? { kind: 'postgres', url: rig.config.databaseUrl } : { kind: 'sqlite', file: sqlitePath(rig.config) });
  }, 180_000);
  afterAll(async () => {
    await db?.close();
    await rig?.close();
  });

  it('re-seals approvals, change inverses and plan data keys: after two rotations the approved plan applies, the change reverts, the first key is gone', async () => {
    // A single-device change whose inverse holds the old pre-shared key, sealed.
    const topic = planTopic('wireless');
    const change = await server.changes.run({
      principal: model, correlationId: 'spec-rotate-change', environment: 'lab', deviceId: `r${LEGACY_DEVICE}`, tool: topic.tool, tier: 'professional',
      ...(topic.requiresFlag ? { requiresFlag: topic.requiresFlag } : {}), planner: topic.planner, input: topic.parse(legacyChange(NEW_LEGACY)), dryRun: false,
    });
    expect(await legacyKeyOf(LEGACY_DEVICE)).toBe(NEW_LEGACY);
    const record = await server.changes.get(change.changeId!);
    expect(JSON.stringify(record.inverse)).toMatch(/"wpa2-pre-shared-key":"sealed:/);

    // Two approved plans with passphrases: A is applied after the rotations, B's grant is made unreadable first.
    const planA = await server.plans.create('wireless', { devices: [`r${WIFI_DEVICE}`], change: WIFI_CHANGE, rollout: ONE_BY_ONE }, model);
    const planB = await server.plans.create('wireless', { devices: [`r${LEGACY_DEVICE}`], change: legacyChange(OTHER_LEGACY), rollout: ONE_BY_ONE }, model);
    expect(planA.sealedDataKey).toEqual(expect.any(String));
    await admin.plans.approve(planA.id, approver);
    await admin.plans.approve(planB.id, approver);
    const firstKey = keyFile().active;

    // An aborted rotation: one grant's seal does not open (another row's ciphertext), so nothing may change.
    const [grantB] = (await db.manager.query(`SELECT id, sealed FROM plan_approvals WHERE plan_id = '${planB.id}'`)) as { id: string; sealed: string }[];
    const [credential] = (await db.manager.query('SELECT ciphertext FROM device_credentials ORDER BY device_id, purpose')) as { ciphertext: string }[];
    await db.manager.query(`UPDATE plan_approvals SET sealed = '${credential.ciphertext}' WHERE id = '${grantB.id}'`);
    const keyFileBefore = readFileSync(join(rig.dataDir, 'master.key'), 'utf8');
    const before = await sealedRows(db);
    await expect(admin.keys.rotate(operator)).rejects.toThrow(/authentication failed/);
    expect(readFileSync(join(rig.dataDir, 'master.key'), 'utf8')).toBe(keyFileBefore);
    expect(await sealedRows(db)).toEqual(before);
    await db.manager.query(`UPDATE plan_approvals SET sealed = '${grantB.sealed}' WHERE id = '${grantB.id}'`);

    // Two rotations: the first key would be dropped by the second even if the first had kept it.
    const first = await admin.keys.rotate(operator);
    expect(first).toMatchObject({ previousKeyId: firstKey, retainedKeyIds: [], resealed: { approvalGrants: 2, changeInverses: 1, planDataKeys: 2 } });
    expect(first.resealed.credentials).toBeGreaterThan(0);
    expect(first.notice).toBeUndefined();
    const second = await admin.keys.rotate(operator);
    expect(second).toMatchObject({ previousKeyId: first.newKeyId, retainedKeyIds: [], resealed: { credentials: first.resealed.credentials, approvalGrants: 2, changeInverses: 1, planDataKeys: 2 } });
    expect(Object.keys(keyFile().keys)).toEqual([second.newKeyId]);
    const audit = await server.audit.recent({ limit: 100 });
    expect(audit.filter((e) => e.action === 'keys.rotate').map((e) => e.outcome).sort()).toEqual(['error', 'success', 'success']);
    expect(JSON.stringify(audit)).not.toMatch(/rotated-|factory-|never-applied/);

    // The plans as approved: content (with its sealed step secrets) unchanged, so the hash and approval verify.
    const storedA = await server.plans.get(planA.id);
    expect(storedA.steps.map((s) => s.change)).toEqual(planA.steps.map((s) => s.change));
    expect(storedA.currentContentHash()).toBe(planA.contentHash);
    expect(storedA.sealedDataKey).not.toBe(planA.sealedDataKey);

    // The approved plan applies (its grant opens, its step secret opens through the re-sealed data key).
    expect(await wifiProfileOf(WIFI_DEVICE)).toBeUndefined();
    expect((await server.plans.apply(planA.id, model)).status).toBe('executing');
    const done = await planEnded(server, planA.id);
    expect(done.status).toBe('completed');
    expect(await wifiProfileOf(WIFI_DEVICE)).toMatchObject({ passphrase: NEW_WIFI });

    // The change reverts: its inverse's old key opens under the new master key and is written back.
    await server.changes.revert({ principal: model, correlationId: 'spec-rotate-revert', environment: 'lab', changeId: record.id, dryRun: false });
    expect(await legacyKeyOf(LEGACY_DEVICE)).toBe(OLD_LEGACY);

    // Plan B still verifies after the rotations (its grant was re-sealed too); nothing opens with the old keys.
    const storedB = await server.plans.get(planB.id);
    expect(storedB.currentContentHash()).toBe(planB.contentHash);
    await server.plans.cancel(planB.id, model, 'spec done');
  }, 600_000);
});
