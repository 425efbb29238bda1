import { simControl } from '@routeros-mcp/testing';
import { runAdmin } from '../src/lib/admin-cli';
import { AttackLedger } from '../src/lib/attack-ledger';
import { EnrolledFleet, enrolledFleet } from '../src/lib/deployment';
import { assertJudged, ModelResult, StdioModel, stdioModel } from '../src/lib/stdio-model';

// Lock-outs through every write path (a tool, a plan, change_revert, plan_rollback), on devices managed over Wi-Fi
// (the wifi package and legacy wireless) and over a DHCP lease. The simulator judges: after each attempt the service
// must still reach the device over REST and SSH, whatever the product answered.
const ledger = new AttackLedger('lockouts');
const IDS = ['home', 'edge', 'chr', 'ap'];
let lab: EnrolledFleet;
let model: StdioModel;

beforeAll(async () => {
  // `mixed`: home (wifi package, 7.20.5), edge, chr (DHCP client), legacy-ap (wireless package).
  lab = await enrolledFleet('adv-lockout-', IDS.map((id) => ({ id, environment: 'lab' as const })), 'mixed');
}, 180_000);
afterAll(async () => {
  await lab?.remove();
});
// Each attempt on a fresh device and a fresh server: a lock-out one attempt caused (its device's circuit breaker
// open, a lock leased) must not decide the next one.
beforeEach(async () => {
  await simControl(lab.fleet, 'POST', '/reset');
  model = await stdioModel(lab.dataDir, { ROUTEROS_MCP_PLAN_APPLY_WAIT_S: '0' });
}, 60_000);
afterEach(async () => {
  await model?.close();
});

const index = (id: string) => lab.device(id).index;
async function reach(id: string): Promise<string | undefined> {
  const m = (await simControl(lab.fleet, 'GET', `/devices/${index(id)}/state`)).management;
  const cut = (['rest', 'ssh'] as const).filter((s) => m[s]?.verdict !== 'ok').map((s) => `${s} ${m[s]?.verdict}: ${m[s]?.reason}`);
  return cut.length ? `LOCKED OUT: ${cut.join('; ')}` : undefined;
}
const manageOver = (id: string, clientPort: string, clientAddress: string, deviceAddress: string) => simControl(lab.fleet, 'PUT', `/devices/${index(id)}/management`, { clientAddress, deviceAddress, clientPort });

/** Creates a plan (refusals end the attempt), approves it at the CLI as another person, applies it and waits for its end. */
async function throughPlan(tool: string, args: Record<string, unknown>): Promise<string> {
  const made = judgedCall(await model.call(tool, args));
  if (made.isError) return `refused at planning: ${made.code}: ${made.message}`;
  const id = made.structuredContent.plan_id as string;
  const approved = await runAdmin(lab.dataDir, ['plan', 'approve', id, '--yes']);
  if (approved.code !== 0) return `approval refused: ${approved.stderr.trim()}`;
  const applied = judgedCall(await model.call('plan_apply', { plan_id: id }));
  if (applied.isError) return `apply refused: ${applied.code}: ${applied.message}`;
  return `${await settled(id)} (${id})`;
}

const judgedCall = (result: ModelResult) => (assertJudged(result), result);

async function settled(planId: string): Promise<string> {
  for (let i = 0; i < 900; i++) {
    const status = (await model.call('plan_status', { plan_id: planId })).structuredContent?.status as string;
    if (['completed', 'failed', 'rolled_back', 'rollback_failed', 'held', 'cancelled'].includes(status)) return status;
    await new Promise((next) => setTimeout(next, 200));
  }
  throw new Error(`plan ${planId} did not settle`);
}

async function judged(path: string, attack: string, id: string, attempt: () => Promise<string>): Promise<void> {
  const answer = await attempt();
  const cut = await reach(id);
  ledger.refuse('lock-out', `${attack} (${path})`, cut ? `${cut}; the product answered: ${answer}` : undefined, answer);
}

const WIFI = { home: ['wifi1', '192.168.88.254', '192.168.88.1'], ap: ['wlan1', '192.168.88.251', '192.168.88.1'] } as const;

describe.each(Object.entries(WIFI))('managed over Wi-Fi (%s)', (id, [radio, client, address]) => {
  const pkg = id === 'home' ? 'wifi' : 'wireless';
  beforeEach(() => manageOver(id, radio, client, address));

  it('disabling the manager\'s radio by a tool', () => judged('tool', `interface_set_enabled ${radio} false`, id, async () => {
    const r = judgedCall(await model.call('interface_set_enabled', { device_id: id, interface: radio, enabled: false }));
    return r.isError ? `refused: ${r.code}: ${r.message}` : 'applied';
  }));

  it.each([
    ['disabling the manager\'s radio', { interfaces: [{ name: radio, disabled: true }] }],
    ['renaming the manager\'s SSID', { interfaces: [{ name: radio, ssid: 'adv-elsewhere' }] }],
    ['re-keying the manager\'s radio', { security_profiles: [{ name: 'adv-rekey', 'authentication-types': ['wpa2-psk'], passphrase: 'adv-other-key-1' }], interfaces: [{ name: radio, security_profile: 'adv-rekey' }] }],
  ])('%s by a plan', (attack, change) => judged('plan', `${attack} ${radio}`, id, () => throughPlan('plan_wireless', { devices: [id], change: { package: pkg, ...change } })));

  it('a rollback that renames the manager\'s SSID back', async () => {
    // Made while the service was wired, then the service moved to the radio: the undo now cuts it.
    await manageOver(id, 'ether2', client, address);
    const done = await throughPlan('plan_wireless', { devices: [id], change: { package: pkg, interfaces: [{ name: radio, ssid: 'adv-new-ssid' }] } });
    expect(done).toMatch(/^completed/);
    await manageOver(id, radio, client, address);
    const planId = /\((plan-[^)]+)\)/.exec(done)![1];
    await judged('plan_rollback', `rolling back an SSID change on ${radio}`, id, async () => {
      const r = judgedCall(await model.call('plan_rollback', { plan_id: planId }));
      return r.isError ? `refused: ${r.code}: ${r.message}` : `${await settled(planId)}`;
    });
  });
});

it('a change_revert that removes the address the service moved to', async () => {
  const added = await model.call('ip_add_address', { device_id: 'home', address: '10.77.0.1/24', interface: 'bridge' });
  expect(`${added.code}: ${added.message}`).toBe('undefined: undefined');
  await manageOver('home', 'ether2', '10.77.0.254', '10.77.0.1');
  expect(await reach('home')).toBeUndefined();
  await judged('change_revert', 'reverting the add of the manager\'s address', 'home', async () => {
    const r = judgedCall(await model.call('change_revert', { change_id: added.structuredContent.change_id }));
    return r.isError ? `refused: ${r.code}: ${r.message}` : 'reverted';
  });
});

it('claiming the manager\'s own address on a DHCP-addressed device', () => judged('tool', 'ip_add_address 10.0.2.2/32 (the hypervisor\'s address) on chr', 'chr', async () => {
  const r = judgedCall(await model.call('ip_add_address', { device_id: 'chr', address: '10.0.2.2/32', interface: 'ether1' }));
  return r.isError ? `refused: ${r.code}: ${r.message}` : 'applied';
}));
