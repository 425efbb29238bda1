import { buildContainer, readServiceConfig, AdminServices } from '@routeros-mcp/composition';
import { Fleet, simControl, startFleet, tempDir } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { EraClient, ERAS } from './era-client';
import { connectStdio, enrollWriters } from './fleet-setup';

/*
 * Issue 23 end to end: /interface/bridge/settings and the Ethernet link settings through menu_change, judged by the
 * simulator. The home router's laptop sits behind ether2, a port of bridge. A change that would cut it is refused by
 * the management-path evaluation and leaves the device as it was (the same change made directly on the simulator
 * cuts it); a harmless change to the same menu is applied.
 */
const dir = tempDir('bridge-ethernet-path-e2e-');
const dataDir = join(dir.path, 'data');
const USER = { name: 'admin', password: 'e2e-Pw-1', group: 'full' as const };
const FLAGS = { allow_advanced_writes: true, allow_firewall_writes: true, allow_bridge_writes: true, allow_professional_workflows: true };
const HOME = 0;
let fleet: Fleet;
let admin: AdminServices;

beforeAll(async () => {
  fleet = await startFleet({ devices: 1, profile: 'home', version: '7.20.5', users: [USER] });
  await enrollWriters(dataDir, USER, [{ id: 'home1', device: fleet.devices[HOME], environment: 'lab', capabilities: FLAGS }]);
  admin = (await buildContainer(readServiceConfig({ env: { ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error' } }), { logStream: new PassThrough() })).get(AdminServices);
}, 120_000);
afterAll(async () => {
  await admin?.close();
  await fleet?.stop();
  dir.remove();
});

type Row = Record<string, string>;
const state = () => simControl(fleet, 'GET', `/devices/${HOME}/state`);
const config = async (): Promise<Record<string, Row[]>> => (await state()).config;
const direct = (action: 'add' | 'set', path: string, props: Row, id?: string) => simControl(fleet, 'POST', `/devices/${HOME}/config`, { action, path, props, ...(id ? { id } : {}) });
const reachable = async () => expect((await state()).management).toMatchObject({ rest: { verdict: 'ok' }, ssh: { verdict: 'ok' } });
const portId = async (name: string) => (await config())['interface/ethernet'].find((r) => r['name'] === name)!['.id'];
/** The same change made directly on the simulator cuts the laptop: the refusal was not a false one. */
async function cutsWhenMadeDirectly(path: string, props: Row, id?: string): Promise<void> {
  await direct('set', path, props, id);
  expect((await state()).management.rest).toMatchObject({ verdict: 'timeout' });
  await simControl(fleet, 'POST', `/devices/${HOME}/reset`);
}

describe.each(ERAS)('bridge and Ethernet settings on the management path, over %s', (_label, era) => {
  let client: EraClient;
  beforeAll(async () => {
    client = await connectStdio(dataDir, {}, era);
  }, 60_000);
  afterAll(() => client?.close());
  beforeEach(() => simControl(fleet, 'POST', `/devices/${HOME}/reset`));

  it("refuses use-ip-firewall=yes while an input rule drops the laptop's bridge port, changing nothing; the PPPoE setting is applied", async () => {
    // New connections from ether2 dropped at the end of the input chain: a rule that bites only once the IP firewall sees bridge ports.
    await direct('add', 'ip/firewall/filter', { chain: 'input', action: 'drop', 'in-bridge-port': 'ether2', 'connection-state': 'new' });
    await reachable();
    const before = await config();
    const refused = await client.failure('menu_change', { device_id: 'home1', path: '/interface/bridge/settings', operations: [{ op: 'set', values: { 'use-ip-firewall': 'yes' } }] });
    expect(refused.data).toMatchObject({ mcp_error_code: 'UNSAFE_OPERATION', safety_rule: 'PROTECT_MANAGEMENT_PATH' });
    expect(refused.message).toMatch(/would drop tcp\/443 from 192\.168\.88\.254 in the input chain/);
    expect(await config()).toEqual(before);
    await reachable();

    const harmless = await client.callTool('menu_change', { device_id: 'home1', path: '/interface/bridge/settings', operations: [{ op: 'set', values: { 'use-ip-firewall-for-pppoe': 'yes' } }] });
    expect([harmless.isError, harmless.content[0]?.text]).toEqual([undefined, expect.any(String)]);
    expect(harmless.structuredContent.verdicts).toContainEqual(expect.objectContaining({ rule: 'PROTECT_MANAGEMENT_PATH', status: 'pass' }));
    expect((await config())['interface/bridge/settings'][0]).toMatchObject({ 'use-ip-firewall-for-pppoe': 'true', 'use-ip-firewall': 'false' });
    await reachable();

    await direct('add', 'ip/firewall/filter', { chain: 'input', action: 'drop', 'in-bridge-port': 'ether2', 'connection-state': 'new' });
    await cutsWhenMadeDirectly('interface/bridge/settings', { 'use-ip-firewall': 'yes' });
  }, 120_000);

  it("refuses forcing the laptop's port to 1G without auto-negotiation, changing nothing; the same on another port is applied", async () => {
    const before = await config();
    const refused = await client.failure('menu_change', { device_id: 'home1', path: '/interface/ethernet', operations: [{ op: 'set', where: { name: 'ether2' }, values: { 'auto-negotiation': 'no', speed: '1G-baseT-full' } }] });
    expect(refused.data).toMatchObject({ mcp_error_code: 'UNSAFE_OPERATION', safety_rule: 'PROTECT_MANAGEMENT_PATH' });
    expect(refused.message).toMatch(/ether2 would run at 1G-baseT-full without auto-negotiation/);
    expect(await config()).toEqual(before);
    await reachable();

    const harmless = await client.callTool('menu_change', { device_id: 'home1', path: '/interface/ethernet', operations: [{ op: 'set', where: { name: 'ether3' }, values: { 'auto-negotiation': 'no', speed: '1G-baseT-full' } }] });
    expect([harmless.isError, harmless.content[0]?.text]).toEqual([undefined, expect.any(String)]);
    expect(harmless.structuredContent.verdicts).toContainEqual(expect.objectContaining({ rule: 'PROTECT_MANAGEMENT_PATH', status: 'pass' }));
    expect((await config())['interface/ethernet'].find((r) => r['name'] === 'ether3')).toMatchObject({ 'auto-negotiation': 'false', speed: '1G-baseT-full' });
    await reachable();

    await cutsWhenMadeDirectly('interface/ethernet', { 'auto-negotiation': 'no', speed: '1G-baseT-full' }, await portId('ether2'));
  }, 120_000);
});
