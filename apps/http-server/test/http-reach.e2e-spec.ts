import { AdminServices, buildContainer, readServiceConfig } from '@routeros-mcp/composition';
import { enrollmentOf, Fleet, simControl, startFleet, tempDir } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { createToken, httpAuthFor } from './http-auth';
import { RunningHttpServer, startHttpServer } from './http-server.harness';
import { RawAnswer, RawEra, rawRpc } from './raw-rpc';

// Issue 21 items 7 and 12: a principal narrowed to environments or device tags reaches only those devices, through
// every path that names one or touches one (tools, resources, listens, audit, changes, snapshots, plans), and a
// refusal for reach is an HTTP 403 with an insufficient_scope challenge (decided before the answer streams), its
// body the protocol's own taxonomy.
const dir = tempDir('http-reach-');
const dataDir = join(dir.path, 'data');
const USERS = [{ name: 'admin', password: 'e2e-Pw-1', group: 'full' as const }];
const WRITABLE = { allow_advanced_writes: true, allow_professional_workflows: true };
let fleet: Fleet;
let server: RunningHttpServer;
let admin: string;
let site1: string;
let site1Admin: string;
let staging: string;
let r2Change: string;
let r2Snapshot: string;
let r2Plan: string;

const identity = async (index: number) => (await simControl(fleet, 'GET', `/devices/${index}/state`)).config['system/identity'][0].name as string;
const call = (token: string, name: string, args: Record<string, unknown>, era: RawEra = 'legacy') => rawRpc(server.url, { era, token, method: 'tools/call', params: { name, arguments: args } });
const read = (token: string, uri: string, era: RawEra = 'legacy') => rawRpc(server.url, { era, token, method: 'resources/read', params: { uri } });
/** The structured result of a call that must succeed, on either revision. */
const ok = (answer: RawAnswer) => {
  expect({ status: answer.status, error: answer.body?.error, isError: answer.body?.result?.isError }).toEqual({ status: 200, error: undefined, isError: undefined });
  return answer.body.result.structuredContent ?? JSON.parse(answer.body.result.contents[0].text);
};
/** A 403 for reach: the challenge without a scope (no scope widens reach), the taxonomy in the body, nothing revealed. */
const refusedForReach = (answer: RawAnswer, device = 'r-2') => {
  expect(answer.status).toBe(403);
  const challenge = answer.headers.get('www-authenticate') ?? '';
  expect(challenge).toMatch(/^Bearer realm="routeros-mcp", error="insufficient_scope", error_description="[^"]+"$/);
  expect(answer.body.error.data).toMatchObject({ mcp_error_code: 'FORBIDDEN', device_id: device, recovery_strategy: expect.any(String), suggestion: expect.any(String) });
};

beforeAll(async () => {
  fleet = await startFleet({ devices: 2, profile: 'home', version: '7.20.5', users: USERS });
  const container = await buildContainer(readServiceConfig({ env: { ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error' } }));
  const enroller = container.get(AdminServices);
  try {
    for (const [index, id] of ['r-1', 'r-2'].entries()) {
      await enroller.devices.enroll({ id: 'e2e', via: 'admin-cli' }, ...enrollmentOf(fleet.devices[index], id, USERS[0], { capabilities: WRITABLE, critical: false, tags: { site: `s${index + 1}` } }));
    }
  } finally {
    await enroller.close();
  }
  const auth = await httpAuthFor(dataDir);
  admin = auth.token!;
  site1 = await createToken(dataDir, 'ops_rw', `site1-${process.pid}`, {}, ['--tags', 'site=s1']);
  site1Admin = await createToken(dataDir, 'admin', `site1-admin-${process.pid}`, {}, ['--tags', 'site=s1']);
  staging = await createToken(dataDir, 'ops_rw', `staging-${process.pid}`, {}, ['--environments', 'staging']);
  server = await startHttpServer({ ROUTEROS_MCP_DATA_DIR: dataDir, ...auth.env });
  // Activity on both devices, by the admin: changes (and their snapshots) and a plan over both.
  for (const id of ['r-1', 'r-2']) ok(await call(admin, 'system_set_identity', { device_id: id, name: `${id}-by-admin` }));
  r2Change = ok(await call(admin, 'change_list', { device_id: 'r-2' })).items[0].change_id;
  r2Snapshot = ok(await call(admin, 'config_list_snapshots', { device_id: 'r-2' })).items[0].id;
  r2Plan = ok(await call(admin, 'plan_dns_ntp', { devices: ['r-1', 'r-2'], dns_servers: ['192.0.2.53'] })).plan_id;
  // A device-less event of the admin's own (a listing), and one of the site-1 token's.
  ok(await call(admin, 'device_list', {}));
  ok(await call(site1, 'device_list', {}));
}, 180_000);
afterAll(async () => {
  expect(await server?.stop()).toBe(0);
  await fleet?.stop();
  dir.remove();
});

describe('item 7: the audit trail as far as the principal reaches', () => {
  it.each(['legacy', 'modern'] as const)('a site=s1 token reads events of its devices and its own, none of another site or principal (audit_list_events and audit://events/recent, %s)', async (era) => {
    for (const events of [ok(await call(site1, 'audit_list_events', { limit: 500 }, era)).items, ok(await read(site1, 'audit://events/recent', era)).items]) {
      expect(events.length).toBeGreaterThan(0);
      expect(events.some((e: any) => e.device_id === 'r-1')).toBe(true);
      for (const e of events) {
        if (e.device_id !== null) expect(e.device_id).toBe('r-1');
        else expect(e.principal).toMatch(/site1-/);
      }
    }
    // The admin's view has all of it: the filter is the narrowing, not missing records.
    const all = ok(await call(admin, 'audit_list_events', { limit: 500 }, era)).items;
    expect(all.some((e: any) => e.device_id === 'r-2')).toBe(true);
    expect(all.some((e: any) => e.device_id === null && !/site1-/.test(e.principal))).toBe(true);
  });

  it.each(['legacy', 'modern'] as const)('a device outside the reach is refused by audit_list_events with 403, as a device read is (%s)', async (era) => {
    refusedForReach(await call(site1, 'audit_list_events', { device_id: 'r-2' }, era));
    refusedForReach(await call(staging, 'audit_list_events', { device_id: 'r-1' }, era), 'r-1');
  });

  it('a staging-only token on a lab server sees only its own device-less events', async () => {
    ok(await call(staging, 'device_list', {}));
    const events = ok(await call(staging, 'audit_list_events', { limit: 500 })).items;
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) expect(e).toMatchObject({ device_id: null, principal: expect.stringMatching(/staging-/) });
  });
});

describe('item 12: a reach refusal is an HTTP 403 with the challenge, on every path that names a device', () => {
  it.each(['legacy', 'modern'] as const)('tools naming a device outside the reach (%s): write refused, nothing changed', async (era) => {
    const before = await identity(1);
    refusedForReach(await call(site1, 'system_set_identity', { device_id: 'r-2', name: 'not-yours' }, era));
    refusedForReach(await call(site1, 'system_get_overview', { device_id: 'r-2' }, era));
    refusedForReach(await call(site1, 'device_get', { device_id: 'r-2' }, era));
    refusedForReach(await call(staging, 'system_get_overview', { device_id: 'r-1' }, era), 'r-1');
    expect(await identity(1)).toBe(before);
    // Within the reach it works.
    expect(ok(await call(site1, 'system_get_overview', { device_id: 'r-1' }, era))).toMatchObject({ device_id: 'r-1' });
  });

  it.each(['legacy', 'modern'] as const)('resources and listens of a device outside the reach (%s)', async (era) => {
    for (const uri of ['device://r-2/config', 'device://r-2/overview', 'device://r-2/interfaces']) refusedForReach(await read(site1, uri, era));
    if (era === 'modern') {
      const listen = await rawRpc(server.url, { era, token: site1, method: 'subscriptions/listen', params: { notifications: { resourceSubscriptions: ['device://r-1/health', 'device://r-2/health'] } } });
      refusedForReach(listen);
    }
  });

  it.each(['legacy', 'modern'] as const)('changes and snapshots of a device outside the reach (%s): a revert by change id is refused and changes nothing', async (era) => {
    const before = await identity(1);
    refusedForReach(await call(site1, 'change_get', { change_id: r2Change }, era));
    refusedForReach(await call(site1, 'change_revert', { change_id: r2Change }, era));
    expect(await identity(1)).toBe(before);
    const changes = ok(await call(site1, 'change_list', {}, era)).items;
    expect(changes.map((c: any) => c.device_id)).toEqual(changes.map(() => 'r-1'));
    expect(changes.length).toBeGreaterThan(0);
    refusedForReach(await call(site1, 'config_get_snapshot', { snapshot_id: r2Snapshot }, era));
    refusedForReach(await call(site1, 'config_diff', { from: r2Snapshot }, era));
    refusedForReach(await read(site1, `snapshot://${r2Snapshot}`, era));
  });

  it.each(['legacy', 'modern'] as const)('plans touching a device outside the reach (%s): not listed, not read, not cancelled', async (era) => {
    for (const tool of ['plan_get', 'plan_status', 'plan_cancel', 'plan_apply']) refusedForReach(await call(site1Admin, tool, { plan_id: r2Plan }, era));
    for (const suffix of ['summary', 'details', 'execution-log']) refusedForReach(await read(site1Admin, `plan://${r2Plan}/${suffix}`, era));
    expect(ok(await call(site1Admin, 'plan_list', {}, era)).items.map((p: any) => p.plan_id)).not.toContain(r2Plan);
    const listed = await rawRpc(server.url, { era, token: site1Admin, method: 'resources/list' });
    expect(JSON.stringify(listed.body.result.resources)).not.toContain(r2Plan);
    expect(JSON.stringify(listed.body.result.resources)).not.toContain('device://r-2');
    // The plan is untouched: still pending for the admin.
    expect(ok(await call(admin, 'plan_get', { plan_id: r2Plan }, era))).toMatchObject({ status: 'pending' });
  });

  it.each(['legacy', 'modern'] as const)('a refusal before dispatch leaves the audit record the call would have left in-band (%s)', async (era) => {
    const tool = await call(site1, 'system_get_overview', { device_id: 'r-2' }, era);
    const resource = await read(site1, 'device://r-2/config', era);
    const records = ok(await call(admin, 'audit_list_events', { device_id: 'r-2', limit: 500 })).items;
    for (const [answer, action] of [[tool, 'tool.system_get_overview'], [resource, 'resource.device-config']] as const) {
      refusedForReach(answer);
      const correlation = answer.body.error.data.correlation_id;
      expect(records.find((e: any) => e.correlation_id === correlation)).toMatchObject({ action, device_id: 'r-2', outcome: 'error', error_code: 'PROTOCOL.FORBIDDEN', principal: expect.stringMatching(/site1-/) });
    }
  });

  it('a plan naming a device outside the reach cannot be made', async () => {
    refusedForReach(await call(site1Admin, 'plan_dns_ntp', { devices: ['r-1', 'r-2'], dns_servers: ['192.0.2.54'] }));
  });
});
