import { AdminServices, buildContainer, readServiceConfig } from '@routeros-mcp/composition';
import { Fleet, simControl, startFleet, tempDir } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { EraClient, ERAS } from './era-client';
import { connectStdio, enrollWriters } from './fleet-setup';

/*
 * Issue 21 item 1 end to end, over stdio and (through the HTTP app's fleet-setup) HTTP, on both MCP revisions: the
 * service's laptop is associated to the home router's wifi1, or to the legacy AP's wlan1. A plan that would disable
 * or re-key that radio is refused at creation, naming the radio; a plan made while the laptop was wired and
 * approved by an operator is refused at plan_apply once the laptop is on the radio. Nothing is ever applied and cut.
 */
const dir = tempDir('wifi-path-e2e-');
const dataDir = join(dir.path, 'data');
const USERS = [{ name: 'admin', password: 'e2e-Pw-1', group: 'full' as const }];
const FLAGS = { allow_advanced_writes: true, allow_professional_workflows: true, allow_wireless_writes: true, allow_bridge_writes: true };
const HOME = 0;
const AP = 3;
const ON_WIFI1 = { clientAddress: '192.168.88.254', deviceAddress: '192.168.88.1', clientPort: 'wifi1' };
const ON_WLAN1 = { clientAddress: '192.168.88.20', deviceAddress: '192.168.88.1', clientPort: 'wlan1' };
const NEW_KEY = 'never-shown-passphrase-21';
const operator = { id: 'os:e2e-operator', via: 'admin-cli' as const };
let fleet: Fleet;
let admin: AdminServices;

beforeAll(async () => {
  fleet = await startFleet({ devices: 4, profile: 'mixed', version: '7.20.5', users: USERS });
  await enrollWriters(dataDir, USERS[0], [
    { id: 'home1', device: fleet.devices[HOME], environment: 'lab', capabilities: FLAGS },
    { id: 'ap1', device: fleet.devices[AP], environment: 'lab', capabilities: FLAGS },
  ]);
  admin = (await buildContainer(readServiceConfig({ env: { ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error' } }), { logStream: new PassThrough() })).get(AdminServices);
}, 120_000);
afterAll(async () => {
  await admin?.close();
  await fleet?.stop();
  dir.remove();
});

const device = async (index: number) => simControl(fleet, 'GET', `/devices/${index}/state`);
async function place(index: number, management?: Record<string, string>): Promise<void> {
  await simControl(fleet, 'POST', `/devices/${index}/reset`);
  if (management) await simControl(fleet, 'PUT', `/devices/${index}/management`, management);
  expect((await device(index)).management).toMatchObject({ rest: { verdict: 'ok' }, ssh: { verdict: 'ok' } });
}
const row = (config: Record<string, Record<string, string>[]>, menu: string, name: string) => config[menu].find((r) => r['name'] === name)!;

describe.each(ERAS)('a device managed over Wi-Fi, over %s', (_label, era) => {
  let client: EraClient;
  beforeAll(async () => {
    client = await connectStdio(dataDir, {}, era);
  }, 60_000);
  afterAll(() => client?.close());

  it("refuses issue 21's plan: plan_wireless disabling wifi1 the laptop is on, at creation, naming the radio", async () => {
    await place(HOME, ON_WIFI1);
    const refused = await client.failure('plan_wireless', { devices: ['home1'], change: { interfaces: [{ name: 'wifi1', disabled: true }] } });
    expect(refused.data).toMatchObject({ mcp_error_code: 'UNSAFE_OPERATION', refused: [{ device_id: 'home1', code: 'SAFETY.PROTECT_MANAGEMENT_PATH', reason: expect.stringMatching(/wifi1.*would be disabled/) }] });
    expect(refused.data.suggestion).toMatch(/exclude/);
    const after = await device(HOME);
    expect(row(after.config, 'interface/wifi', 'wifi1')['disabled']).toBe('false');
    expect(after.management).toMatchObject({ rest: { verdict: 'ok' } });
  });

  it('refuses a plan re-keying the profile wlan1 uses while the laptop is on it, saying why and never the key', async () => {
    await place(AP, ON_WLAN1);
    const refused = await client.failure('plan_wireless', { devices: ['ap1'], change: { package: 'wireless', security_profiles: [{ name: 'default', 'authentication-types': ['wpa2-psk'], passphrase: NEW_KEY }] } });
    expect(refused.data.refused[0]).toMatchObject({ code: 'SAFETY.PROTECT_MANAGEMENT_PATH', reason: expect.stringMatching(/interface\/wireless\/security-profiles default \(.*wpa2-pre-shared-key.*\).*wlan1, the Wi-Fi interface 192\.168\.88\.20 reaches the device through.*cannot be judged/) });
    expect(JSON.stringify(refused)).not.toContain(NEW_KEY);
    expect(row((await device(AP)).config, 'interface/wireless/security-profiles', 'default')['wpa2-pre-shared-key']).toBe('factory-ac-key');
  });

  it('refuses at plan_apply a plan approved while the laptop was wired, once it is on the radio the plan disables', async () => {
    await place(HOME);
    const plan = (await client.callTool('plan_wireless', { devices: ['home1'], change: { interfaces: [{ name: 'wifi1', disabled: true }] } })).structuredContent;
    expect(plan.devices[0]).toMatchObject({ changed: true, verdicts: expect.arrayContaining([expect.objectContaining({ rule: 'PROTECT_MANAGEMENT_PATH', status: 'pass' })]) });
    await admin.plans.approve(plan.plan_id, operator);
    await simControl(fleet, 'PUT', `/devices/${HOME}/management`, ON_WIFI1);
    const refused = await client.failure('plan_apply', { plan_id: plan.plan_id });
    expect(refused.data).toMatchObject({ mcp_error_code: 'UNSAFE_OPERATION', safety_rule: 'PROTECT_MANAGEMENT_PATH' });
    expect(refused.message).toMatch(/wifi1.*would be disabled/);
    expect((await client.callTool('plan_get', { plan_id: plan.plan_id })).structuredContent.status).toBe('approved');
    const after = await device(HOME);
    expect(row(after.config, 'interface/wifi', 'wifi1')['disabled']).toBe('false');
    expect(after.management).toMatchObject({ rest: { verdict: 'ok' }, ssh: { verdict: 'ok' } });
  });

  it('still creates the same plan while the laptop is wired: no false refusal', async () => {
    await place(HOME);
    const plan = (await client.callTool('plan_wireless', { devices: ['home1'], change: { interfaces: [{ name: 'wifi2', ssid: 'Lab-2G' }] } })).structuredContent;
    expect(plan.devices[0].changed).toBe(true);
    await place(HOME, ON_WIFI1);
    const other = (await client.callTool('plan_wireless', { devices: ['home1'], change: { interfaces: [{ name: 'wifi2', ssid: 'Lab-2G' }] } })).structuredContent;
    expect(other.devices[0].changed).toBe(true);
  });
});
