import { redactedPlan } from '@routeros-mcp/application-use-cases';
import { sqlitePath } from '@routeros-mcp/config';
import type { Plan } from '@routeros-mcp/domain-plans';
import { executionLogOf } from '@routeros-mcp/domain-plans';
import { ALL_TOOLS, type ToolContext } from '@routeros-mcp/mcp-protocol';
import { Fleet, simControl } from '@routeros-mcp/testing';
import { existsSync, readFileSync } from 'node:fs';
import type { AdminServices, ServerServices } from '../index';
import { approver, model, planEnded, PlanRig, startPlanRig } from '../../test/plan-rig';

const FLAGS = { allow_advanced_writes: true, allow_professional_workflows: true, allow_wireless_writes: true };
/** New passphrases (written by the plans) and the factory ones they replace (restored by the rollback). */
const NEW_WIFI = 'plan-wifi-rotated-2026';
const NEW_LEGACY = 'plan-legacy-rotated-2026';
const OLD_WIFI = 'factory-wifi-key';
const OLD_LEGACY = 'factory-ac-key';
const SECRETS = [NEW_WIFI, NEW_LEGACY, OLD_WIFI, OLD_LEGACY];
/** Fleet `mixed` profiles: 0 home (wifi package), 1 edge, 2 chr, 3 legacy-ap (legacy wireless), 4 home. */
const WIFI_DEVICES = [0, 4];
const LEGACY_DEVICE = 3;

const WIFI_CHANGE = {
  security_profiles: [{ name: 'mcp-office', 'authentication-types': ['wpa2-psk', 'wpa3-psk'], passphrase: NEW_WIFI }],
  interfaces: [{ name: 'wifi1', security_profile: 'mcp-office' }],
};
const LEGACY_CHANGE = { package: 'wireless', security_profiles: [{ name: 'default', 'authentication-types': ['wpa2-psk'], passphrase: NEW_LEGACY }] };
/** Held after the second batch (CPU high on the last device): every device applied, then rolled back on request. */
const HOLD = { canarySize: 1, batchSize: 1, pauseSeconds: 0, health: { maxCpuPercent: 80 }, haltPolicy: 'halt_and_hold' as const };

describe('wireless passphrases through plans on RouterOS 7.20.5: sealed at rest, never shown, applied and rolled back (simulator, SQLite)', () => {
  let rig: PlanRig;
  let fleet: Fleet;
  let admin: AdminServices;
  let server: ServerServices;
  const planIds: string[] = [];

  const deviceConfig = async (i: number) => (await simControl(fleet, 'GET', `/devices/${i}/state`)).config as Record<string, Record<string, string>[] | undefined>;
  const wifiOf = async (i: number) => {
    const c = await deviceConfig(i);
    return { wifi1: (c['interface/wifi'] ?? []).find((w) => w['name'] === 'wifi1')!, profile: (c['interface/wifi/security'] ?? []).find((p) => p['name'] === 'mcp-office') };
  };
  const legacyKeyOf = async (i: number) => ((await deviceConfig(i))['interface/wireless/security-profiles'] ?? []).find((p) => p['name'] === 'default')!['wpa2-pre-shared-key'];
  const fault = (i: number, faults: Record<string, unknown>) => simControl(fleet, 'PUT', `/devices/${i}/faults`, faults);

  const ended = (planId: string) => planEnded(server, planId);

  /**
   * Created by the model, approved by a person at the admin CLI (another container: the hash it checks is of the
   * stored, sealed form), applied by the model, held by a failing gate on the last device: every device applied.
   */
  async function appliedAndHeld(change: Record<string, unknown>, devices: number[]): Promise<Plan> {
    const plan = await server.plans.create('wireless', { devices: devices.map((i) => `r${i}`), change, rollout: HOLD }, model);
    planIds.push(plan.id);
    for (const step of plan.steps) {
      const profiles = (step.change as { security_profiles: { passphrase: unknown }[] }).security_profiles;
      expect(profiles[0].passphrase).toEqual({ sealed: expect.any(String) });
      // The reviewed dry run masks the passphrase.
      expect(step.preview!.diff.join('\n')).toMatch(/(passphrase|wpa2-pre-shared-key)="\[redacted\]"/);
    }
    const approval = await admin.plans.approve(plan.id, approver);
    expect(approval.contentHash).toBe(plan.contentHash);
    await fault(devices.at(-1)!, { cpuLoadPercent: 99 });
    expect((await server.plans.apply(plan.id, model)).status).toBe('executing');
    const held = await ended(plan.id);
    await simControl(fleet, 'DELETE', `/devices/${devices.at(-1)}/faults`);
    expect(held.status).toBe('failed');
    expect(held.steps.map((s) => s.status)).toEqual(devices.map(() => 'succeeded'));
    return held;
  }

  async function rolledBack(planId: string): Promise<Plan> {
    expect((await server.rollouts.rollback(planId, model)).status).toBe('rolling_back');
    const done = await ended(planId);
    expect(done.status).toBe('rolled_back');
    expect(done.steps.every((s) => s.status === 'rolled_back')).toBe(true);
    return done;
  }

  /** The plan tools as a model calls them (their handlers, with the server's plan service). */
  async function tool(name: string, args: Record<string, unknown>): Promise<string> {
    const definition = ALL_TOOLS.find((t) => t.name === name)!;
    const ctx = { plans: server.plans, principal: model, correlationId: `spec-${name}`, environment: 'lab', planApplyWaitMs: 0, progressRequested: false } as unknown as ToolContext;
    const out = await definition.run(definition.input.parse(args), ctx);
    return JSON.stringify(out);
  }

  beforeAll(async () => {
    const enrolled = [...WIFI_DEVICES, LEGACY_DEVICE];
    rig = await startPlanRig({ fleet: { devices: 5, profile: 'mixed', version: '7.20.5' }, logLevel: 'debug', capabilities: (i) => (enrolled.includes(i) ? FLAGS : undefined) });
    ({ fleet, admin, server } = rig);
  }, 180_000);
  afterAll(() => rig?.close());

  it('wifi package on two devices: the new passphrase lands through a profile, the rollback restores the old inline one', async () => {
    for (const i of WIFI_DEVICES) expect((await wifiOf(i)).wifi1['security.passphrase']).toBe(OLD_WIFI);
    const held = await appliedAndHeld(WIFI_CHANGE, WIFI_DEVICES);
    for (const i of WIFI_DEVICES) {
      const { wifi1, profile } = await wifiOf(i);
      expect(profile).toMatchObject({ passphrase: NEW_WIFI });
      expect(wifi1).toMatchObject({ security: 'mcp-office' });
      expect(wifi1['security.passphrase'] ?? '').toBe('');
    }
    await rolledBack(held.id);
    for (const i of WIFI_DEVICES) {
      const { wifi1, profile } = await wifiOf(i);
      expect(profile).toBeUndefined();
      expect(wifi1['security.passphrase']).toBe(OLD_WIFI);
    }
  }, 300_000);

  it('legacy wireless package: the pre-shared key is rotated in place, and the rollback writes the old one back', async () => {
    expect(await legacyKeyOf(LEGACY_DEVICE)).toBe(OLD_LEGACY);
    const held = await appliedAndHeld(LEGACY_CHANGE, [LEGACY_DEVICE]);
    expect(await legacyKeyOf(LEGACY_DEVICE)).toBe(NEW_LEGACY);
    await rolledBack(held.id);
    expect(await legacyKeyOf(LEGACY_DEVICE)).toBe(OLD_LEGACY);
  }, 300_000);

  it('no passphrase, new or old, in the database file, logs, audit, plan tools, the shown plan or the execution log', async () => {
    expect(planIds).toHaveLength(2);
    const found: string[] = [];
    const look = (where: string, text: string) => {
      for (const secret of SECRETS) if (text.includes(secret)) found.push(`${secret} in ${where}: ${text.slice(Math.max(0, text.indexOf(secret) - 600), text.indexOf(secret) + 100).replace(/[^\x20-\x7e]/g, '.')}`);
    };
    for (const id of planIds) {
      const plan = await server.plans.get(id);
      look(`plan_get ${id}`, await tool('plan_get', { plan_id: id }));
      look(`plan_status ${id}`, await tool('plan_status', { plan_id: id }));
      // What the admin CLI's `plan show` prints (planJson and planText read the redacted plan).
      const shown = redactedPlan(plan);
      look(`shown plan ${id}`, JSON.stringify(shown.toProps()));
      expect(JSON.stringify(shown.steps.map((s) => s.change))).not.toContain('sealed');
      expect(shown.steps[0].change).toMatchObject({ security_profiles: [{ passphrase: '[redacted]' }] });
      look(`execution log ${id}`, JSON.stringify(executionLogOf({ transitions: plan.transitions, executionLog: plan.executionLog })));
      // Stored sealed, still bound to the hash approval signed (the plan verified after a process switch).
      expect(plan.currentContentHash()).toBe(plan.contentHash);
    }
    look('plan_list', await tool('plan_list', {}));
    look('plan list (service)', JSON.stringify((await server.plans.list({ limit: 50 })).map((p) => redactedPlan(p).toProps())));
    look('change records', JSON.stringify(await server.changes.list({ limit: 200 })));
    const audit = await server.audit.recent({ limit: 1000 });
    expect(audit.filter((e) => e.action === 'plan.create')).toHaveLength(2);
    look('audit', JSON.stringify(audit));
    look('logs', rig.logs.join(''));
    const file = sqlitePath(rig.config);
    expect(existsSync(file)).toBe(true);
    for (const f of [file, `${file}-wal`, `${file}-journal`]) if (existsSync(f)) look(f, readFileSync(f).toString('latin1'));
    expect(found).toEqual([]);
  }, 120_000);
});
