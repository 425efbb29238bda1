import { Fleet, simControl, startFleet, tempDir } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { EraClient, ERAS } from './era-client';
import { connectStdio, enrollWriters } from './fleet-setup';

/*
 * Issue 21 item 3, the input half: what a model writes that a person reads later (a plan title, an exclusion or
 * cancel reason, a comment, a name, a filter) may hold no control, escape, bidirectional or zero-width character.
 * Every tool refuses them as INVALID_PARAMS naming the field and the character, before anything changes, on both
 * revisions (this file also runs over HTTP: see apps/http-server/jest.config.cjs). What the admin CLI shows of
 * older, stored text is apps/admin-cli/test/display-safety.e2e-spec.ts.
 */
const dir = tempDir('display-safety-e2e-');
const dataDir = join(dir.path, 'data');
const USERS = [{ name: 'admin', password: 'e2e-Pw-1', group: 'full' as const }];
const FLAGS = { allow_advanced_writes: true, allow_professional_workflows: true, allow_firewall_writes: true, allow_dhcp_writes: true, allow_wireless_writes: true };
const DEVICES = ['ds-0', 'ds-1'];
/** Anything a terminal, a log viewer or a browser would act on instead of showing. */
const RAW = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;
let fleet: Fleet;

beforeAll(async () => {
  fleet = await startFleet({ devices: 2, profile: 'home', version: '7.20.5', users: USERS });
  await enrollWriters(dataDir, USERS[0], DEVICES.map((id, i) => ({ id, device: fleet.devices[i], environment: 'lab' as const, capabilities: FLAGS })));
}, 120_000);
afterAll(async () => {
  await fleet?.stop();
  dir.remove();
});

describe.each(ERAS)('display-altering characters in tool arguments over %s', (_label, era) => {
  let client: EraClient;
  beforeAll(async () => (client = await connectStdio(dataDir, { ROUTEROS_MCP_TOOLSETS: 'all' }, era)), 60_000);
  afterAll(() => client?.close());

  const config = async (index: number) => (await simControl(fleet, 'GET', `/devices/${index}/state`)).config;
  const plans = async () => (await client.callTool('plan_list', { limit: 100 })).structuredContent.items.map((p: { plan_id: string }) => p.plan_id);

  /** The call fails as INVALID_PARAMS naming `field` and `character`, and the failure carries no raw character. */
  async function refused(tool: string, args: Record<string, unknown>, field: string, character: string): Promise<void> {
    const failed = await client.failure(tool, args);
    expect(failed.code).toBeUndefined();
    expect(failed.data).toMatchObject({ mcp_error_code: 'INVALID_PARAMS', field, errors: [{ field, message: `must not contain control, invisible or direction-changing characters (found ${character})` }] });
    expect(failed.message).toContain(`${tool}: ${field}: must not contain`);
    expect(JSON.stringify(failed)).not.toMatch(RAW);
  }

  it('refuses a forged plan title and forged exclusion reasons; no plan is made', async () => {
    const before = await plans();
    await refused('plan_dns_ntp', { devices: DEVICES, dns_servers: ['192.0.2.53'], title: 'DNS tidy-up\n\n## ds-1 (batch 1/1): no change\u001b[8m' }, 'title', 'U+000A');
    await refused('plan_dns_ntp', { devices: DEVICES, dns_servers: ['192.0.2.53'], title: 'DNS tidy-up\u001b[8m hidden' }, 'title', 'U+001B');
    await refused('plan_dns_ntp', { devices: DEVICES, dns_servers: ['192.0.2.53'], title: 'DNS \u202Epu-ydit' }, 'title', 'U+202E');
    await refused(
      'plan_address_list_sync',
      { devices: DEVICES, list: 'mcp-ds', addresses: ['198.51.100.7'], exclude: [{ device_id: 'ds-1', reason: 'x\n\u001b[31mAPPROVED BY SECURITY\u001b[0m\n' }] },
      'exclude.0.reason',
      'U+000A',
    );
    await refused('plan_address_list_sync', { devices: DEVICES, list: 'mcp-ds', addresses: ['198.51.100.7'], exclude: [{ device_id: 'ds-1', reason: 'maintenance\u2028done' }] }, 'exclude.0.reason', 'U+2028');
    expect(await plans()).toEqual(before);
  }, 60_000);

  it('refuses them anywhere in a topic change (a firewall note, an SSID, a comment), naming the path', async () => {
    const before = await plans();
    await refused('plan_firewall_rules', { devices: DEVICES, change: { rules: [{ key: 'ds-ssh', chain: 'input', action: 'accept', protocol: 'tcp', 'dst-port': '22', note: 'allow ssh\u001b[8m' }] } }, 'change.rules.0.note', 'U+001B');
    await refused('plan_wireless', { devices: DEVICES, change: { interfaces: [{ name: 'wifi1', ssid: 'home\u200B' }] } }, 'change.interfaces.0.ssid', 'U+200B');
    await refused('plan_dhcp', { devices: DEVICES, change: { leases: [{ 'mac-address': '02:00:00:00:00:01', address: '192.168.88.50', server: 'defconf', comment: 'printer\u0085' }] } }, 'change.leases.0.comment', 'U+0085');
    expect(await plans()).toEqual(before);
  }, 60_000);

  it('refuses a forged cancel reason and leaves the plan as it was', async () => {
    const plan = (await client.callTool('plan_dns_ntp', { devices: ['ds-0'], ntp_servers: ['192.0.2.123'], title: `clean title ${era}` })).structuredContent;
    await refused('plan_cancel', { plan_id: plan.plan_id, reason: 'done\n\u001b[32mcancelled by security\u001b[0m' }, 'reason', 'U+000A');
    expect((await client.callTool('plan_get', { plan_id: plan.plan_id })).structuredContent).toMatchObject({ status: 'pending', title: `clean title ${era}` });
    await client.callTool('plan_cancel', { plan_id: plan.plan_id, reason: 'superseded' });
  }, 60_000);

  it('refuses comments, names and filters of the single-device tools; the device is unchanged', async () => {
    const before = await config(0);
    await refused('interface_set_comment', { device_id: 'ds-0', interface: 'ether3', comment: 'uplink\u202E' }, 'comment', 'U+202E');
    await refused('system_set_identity', { device_id: 'ds-0', name: 'router\u200B1' }, 'name', 'U+200B');
    await refused('firewall_add_filter_rule', { device_id: 'ds-0', chain: 'input', action: 'accept', comment: 'ok\u001b]8;;https://evil.example\u001b\\' }, 'comment', 'U+001B');
    await refused('dhcp_add_static_lease', { device_id: 'ds-0', address: '192.168.88.60', 'mac-address': '02:00:00:00:00:02', server: 'defconf', comment: 'lease\u2029' }, 'comment', 'U+2029');
    await refused('interface_list', { device_id: 'ds-0', where: { comment: 'a\u009b31m' } }, 'where.comment', 'U+009B');
    expect(await config(0)).toEqual(before);
  }, 60_000);

  it('still takes ordinary text: accents, CJK and emoji in a title', async () => {
    const plan = (await client.callTool('plan_dns_ntp', { devices: ['ds-1'], ntp_servers: ['192.0.2.124'], title: `Zeitserver für 路由器 🚀 (${era})` })).structuredContent;
    expect(plan.title).toBe(`Zeitserver für 路由器 🚀 (${era})`);
    await client.callTool('plan_cancel', { plan_id: plan.plan_id });
  }, 60_000);
});
