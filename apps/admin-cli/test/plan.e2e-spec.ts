import { AdminServices, buildContainer, readServiceConfig } from '@routeros-mcp/composition';
import { enrollmentOf, Fleet, startFleet, useTestDatabases } from '@routeros-mcp/testing';
import { PassThrough } from 'node:stream';
import { userInfo } from 'node:os';
import { onTerminal, runAdmin } from './cli-runner';

const SIM_USER = { name: 'admin', password: 'sim-pw' };
const ESC = '\u001b[';
const databases = useTestDatabases();
let fleet: Fleet;

beforeAll(async () => (fleet = await startFleet({ devices: 3, profile: 'home', version: '7.20.5', users: [{ ...SIM_USER, group: 'full' }] })), 60_000);
afterAll(() => fleet.stop());

describe('plan commands on SQLite', () => {
  let env: Record<string, string>;
  const ids: string[] = [];
  const admin = (args: string[], extra: Record<string, string> = {}) => runAdmin(args, { env: { ...env, ...extra } });

  /** Plans as the assistant makes them (no MCP tool creates plans yet): through the service, in this process. */
  async function withServices<T>(work: (services: AdminServices) => Promise<T>): Promise<T> {
    const services = (await buildContainer(readServiceConfig({ env: { ...env, ROUTEROS_MCP_LOG_LEVEL: 'error' } }), { logStream: new PassThrough() })).get(AdminServices);
    try {
      return await work(services);
    } finally {
      await services.close();
    }
  }

  beforeAll(async () => {
    env = { ROUTEROS_MCP_DATA_DIR: databases.dataDir() };
    await withServices(async (services) => {
      const model = { id: 'model', via: 'stdio' };
      for (const device of fleet.devices) {
        await services.devices.enroll({ id: 'spec', via: 'admin-cli' }, ...enrollmentOf(device, `r${device.index}`, SIM_USER, { capabilities: { allow_professional_workflows: true, allow_firewall_writes: true } }));
      }
      for (const n of [1, 2, 3]) ids.push((await services.plans.create('dns_ntp', { devices: ['r0', 'r1', 'r2'], change: { dns: { servers: [`192.0.2.${n}`] } } }, model)).id);
      ids.push((await services.plans.create('address_list_sync', { devices: ['r0', 'r1'], change: { list: 'mcp-block', addresses: ['198.51.100.7'] } }, model)).id);
    });
  }, 120_000);

  it('lists plans as a table or JSON, by status', async () => {
    const table = await admin(['plan', 'list']);
    expect(table).toMatchObject({ code: 0, stderr: '' });
    expect(table.stdout.split('\n')[0]).toMatch(/^ID\s+CREATED\s+STATUS\s+TOPIC\s+ENV\s+DEVICES\s+BY\s+TITLE$/);
    const all = JSON.parse((await admin(['plan', 'list', '--json'])).stdout);
    expect(all.map((p: { plan_id: string }) => p.plan_id).sort()).toEqual([...ids].sort());
    expect(all[0]).toMatchObject({ status: 'pending', created_by: 'model', content_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(JSON.parse((await admin(['plan', 'list', '--status', 'approved', '--json'])).stdout)).toEqual([]);
  }, 60_000);

  it('shows a plan per device with diff, risk, verdicts and the content hash; colour only when asked or on a terminal', async () => {
    const plain = await admin(['plan', 'show', ids[0]]);
    expect(plain.code).toBe(0);
    expect(plain.stdout).not.toContain(ESC);
    const json = JSON.parse((await admin(['plan', 'show', ids[0], '--json'])).stdout);
    expect(plain.stdout).toMatch(new RegExp(`^content hash: +${json.content_hash}$`, 'm'));
    for (const device of ['r0', 'r1', 'r2']) expect(plain.stdout).toMatch(new RegExp(`## ${device} \\(batch \\d/\\d, pending\\): set the DNS servers to 192\\.0\\.2\\.1`));
    expect(plain.stdout).toMatch(/\+ \/ip dns set servers=192\.0\.2\.1/);
    expect(plain.stdout).toMatch(/pass +TIER_CAPABILITY/);
    expect(plain.stdout).toContain('risk: low');
    const coloured = await admin(['plan', 'show', ids[3]], { FORCE_COLOR: '1' });
    expect(coloured.stdout).toContain(`${ESC}32m`);
    expect(coloured.stdout).toMatch(/address-list add/);
    expect((await admin(['plan', 'show', 'plan-unknown-0000'])).code).toBe(1);
  }, 60_000);

  it('refuses to approve off a terminal without --yes, approves with --yes as os:<user>, refuses --as unless allowed', async () => {
    const refused = await admin(['plan', 'approve', ids[0]]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/without confirmation.*--yes/);
    expect(JSON.parse((await admin(['plan', 'show', ids[0], '--json'])).stdout).status).toBe('pending');
    const as = await admin(['plan', 'approve', ids[0], '--yes', '--as', 'carol']);
    expect(as.code).toBe(1);
    expect(as.stderr).toMatch(/--as is off/);

    const approved = await admin(['plan', 'approve', ids[0], '--yes', '--comment', 'checked the diff']);
    expect(approved).toMatchObject({ code: 0, stderr: '' });
    const shown = JSON.parse((await admin(['plan', 'show', ids[0], '--json'])).stdout);
    expect(approved.stdout).toContain(`Approved ${ids[0]} as os:${userInfo().username}: content hash ${shown.content_hash}`);
    expect(shown).toMatchObject({ status: 'approved', approval: { by: `os:${userInfo().username}`, comment: 'checked the diff' } });
    expect(JSON.stringify(shown)).not.toMatch(/signature|nonce/i);

    const named = await admin(['plan', 'approve', ids[1], '--yes', '--as', 'carol'], { ROUTEROS_MCP_PLAN_APPROVE_AS_ALLOWED: 'true' });
    expect(named).toMatchObject({ code: 0 });
    expect(JSON.parse((await admin(['plan', 'show', ids[1], '--json'])).stdout).approval.by).toBe('as:carol');
  }, 60_000);

  it('at a terminal, shows the plan and its content hash and approves only on yes', async () => {
    const id = await withServices(async (services) => (await services.plans.create('dns_ntp', { devices: ['r0'], change: { ntp: { servers: ['192.0.2.123'] } } }, { id: 'model', via: 'stdio' })).id);
    const hash = JSON.parse((await admin(['plan', 'show', id, '--json'])).stdout).content_hash;
    const declined = await onTerminal(['plan', 'approve', id], env, [[/\[y\/N\]/, 'n\r']]);
    expect(declined.code).toBe(1);
    expect(declined.screen).toContain(`Approve ${id} (content hash ${hash}) as os:${userInfo().username}? [y/N]`);
    expect(declined.screen).toMatch(/set the NTP servers to 192\.0\.2\.123/);
    expect(JSON.parse((await admin(['plan', 'show', id, '--json'])).stdout).status).toBe('pending');
    const confirmed = await onTerminal(['plan', 'approve', id], env, [[/\[y\/N\]/, 'y\r']]);
    expect(confirmed.code).toBe(0);
    expect(confirmed.screen).toContain(`Approved ${id} as os:${userInfo().username}`);
  }, 60_000);

  it('rejects with a reason (the plan says rejected, not cancelled) and cancels; a rejected plan cannot be approved', async () => {
    expect((await admin(['plan', 'reject', ids[2]])).code).toBe(1);
    expect(await admin(['plan', 'reject', ids[2], '--reason', 'wrong servers'])).toMatchObject({ code: 0, stdout: `Rejected ${ids[2]}.\n` });
    const again = await admin(['plan', 'approve', ids[2], '--yes']);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/cannot go from rejected to approved/);
    expect(await admin(['plan', 'cancel', ids[3]])).toMatchObject({ code: 0, stdout: `Cancelled ${ids[3]}.\n` });
    const listed = async (status: string) => JSON.parse((await admin(['plan', 'list', '--status', status, '--json'])).stdout).map((p: { plan_id: string }) => p.plan_id);
    expect(await listed('cancelled')).toEqual([ids[3]]);
    expect(await listed('rejected')).toEqual([ids[2]]);
    const show = JSON.parse((await admin(['plan', 'show', ids[2], '--json'])).stdout);
    expect(show).toMatchObject({ status: 'rejected' });
    expect(show.transitions.at(-1)).toMatchObject({ to: 'rejected', by: `os:${userInfo().username}`, reason: 'wrong servers' });
  }, 60_000);

  it('audit lists what was done to a plan, by whom and how it ended: oldest first as a table, newest first as JSON', async () => {
    const me = `os:${userInfo().username} (admin-cli)`;
    const events = JSON.parse((await admin(['audit', '--plan', ids[2], '--json'])).stdout) as { action: string; outcome: string; principal: string; plan_id: string; error_code: string | null; arguments: Record<string, unknown> | null }[];
    expect(events.every((e) => e.plan_id === ids[2])).toBe(true);
    const trail = events.map((e) => [e.action, e.outcome, e.principal]).reverse();
    expect(trail).toEqual([
      ['plan.create', 'success', 'model (stdio)'],
      ['plan.reject', 'success', me],
      ['plan.approve', 'error', me],
    ]);
    expect(events.find((e) => e.action === 'plan.reject')!.arguments).toEqual({ reason: 'wrong servers' });
    expect(events[0].error_code).toBe('PLAN.ILLEGAL_TRANSITION');

    const text = await admin(['audit', '--plan', ids[2]]);
    expect(text).toMatchObject({ code: 0, stderr: '' });
    const lines = text.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^TIME\s+ACTION\s+OUTCOME\s+PRINCIPAL\s+DEVICE\s+PLAN\s+ERROR$/);
    expect(lines.slice(1).map((l) => l.split(/\s+/)[1])).toEqual(['plan.create', 'plan.reject', 'plan.approve']);

    const created = JSON.parse((await admin(['audit', '--action', 'plan.create', '--limit', '2', '--json'])).stdout) as { action: string }[];
    expect(created.map((e) => e.action)).toEqual(['plan.create', 'plan.create']);
    expect(JSON.parse((await admin(['audit', '--plan', ids[2], '--since', '2999-01-01', '--json'])).stdout)).toEqual([]);
    const bad = await admin(['audit', '--since', 'yesterday']);
    expect(bad.code).not.toBe(0);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/--since.*ISO 8601/);
  }, 60_000);
});
