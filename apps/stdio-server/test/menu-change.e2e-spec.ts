import { AdminServices, buildContainer, readServiceConfig } from '@routeros-mcp/composition';
import { Fleet, simControl, startFleet, tempDir, until } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { EraClient, ERAS } from './era-client';
import { connectStdio, enrollWriters } from './fleet-setup';
import { pairedVersions } from './pairwise';

/*
 * Issue 24, menu_change: a write to any RouterOS menu through the one change pipeline, on both vendored versions
 * (7.15.3 and 7.20.5), judged by the simulator: the dry run's exact diff, the write guarded and verified, the
 * change reverted to the before-state exactly, and every refusal leaving the device as it was.
 */
const dir = tempDir('stdio-menu-change-');
const dataDir = join(dir.path, 'data');
const fleets: Fleet[] = [];
const USER = { name: 'admin', password: 'e2e-Pw-1', group: 'full' };
const WRITES = { allow_advanced_writes: true, allow_firewall_writes: true, allow_professional_workflows: true };
const operator = { id: 'os:e2e-operator', via: 'admin-cli' as const };
let admin: AdminServices;
const VERSIONS = [['7.15.3', 'old-lab', 0], ['7.20.5', 'new-lab', 1]] as const;

beforeAll(async () => {
  for (const version of ['7.15.3', '7.20.5']) fleets.push(await startFleet({ devices: 1, version, users: [USER] }));
  const [old, recent] = fleets.map((f) => f.devices[0]);
  await enrollWriters(dataDir, USER, [
    { id: 'old-lab', device: old, environment: 'lab', capabilities: WRITES },
    { id: 'new-lab', device: recent, environment: 'lab', capabilities: WRITES },
    { id: 'new-nofw', device: recent, environment: 'lab', capabilities: { allow_advanced_writes: true } },
    { id: 'new-prod', device: recent, environment: 'prod', capabilities: WRITES },
  ]);
  admin = (await buildContainer(readServiceConfig({ env: { ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error' } }), { logStream: new PassThrough() })).get(AdminServices);
}, 120_000);
afterAll(async () => {
  await admin?.close();
  await Promise.all(fleets.map((f) => f.stop()));
  dir.remove();
});

type Row = Record<string, string>;
const config = async (fleet: Fleet): Promise<Record<string, Row[]>> => (await simControl(fleet, 'GET', '/devices/0/state')).config;
/** A menu's rows as configuration: RouterOS's own ids and the simulator's bookkeeping left out, order kept. */
const settled = (rows: Row[] | undefined) => (rows ?? []).map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !k.startsWith('.'))));

describe.each(ERAS)('menu_change over %s', (_label, era) => {
  let client: EraClient;
  beforeAll(async () => {
    client = await connectStdio(dataDir, {}, era);
  });
  afterAll(() => client?.close());
  afterEach(() => Promise.all(fleets.map((f) => simControl(f, 'POST', '/reset'))));
  const change = async (args: Record<string, unknown>) => {
    const result = await client.callTool('menu_change', args);
    expect([result.isError, result.content[0]?.text]).toEqual([undefined, expect.any(String)]);
    return result.structuredContent;
  };

  // Pairwise with the HTTP run of this file (see pairwise.ts): each revision on one version here, the other there.
  describe.each(pairedVersions(era, VERSIONS))('on %s', (_version, device_id, at) => {
    const fleet = () => fleets[at];

    it('forwards a port: dry run with the exact diff, then applied under safe mode, verified, and reverted to the before-state', async () => {
      const before = await config(fleet());
      const nat = { chain: 'dstnat', action: 'dst-nat', protocol: 'tcp', 'dst-port': 8080, 'in-interface': 'sfp-sfpplus1', 'to-addresses': '10.100.0.50', 'to-ports': 80, comment: 'nas web' };
      const dry = await change({ device_id, path: '/ip/firewall/nat', operations: [{ op: 'add', values: nat }], dry_run: true });
      expect(dry).toMatchObject({ changed: true, dry_run: true, change_id: null, diff: ['/ip firewall nat add chain=dstnat action=dst-nat protocol=tcp dst-port=8080 in-interface=sfp-sfpplus1 to-addresses=10.100.0.50 to-ports=80 comment="nas web"'] });
      expect(settled((await config(fleet()))['ip/firewall/nat'])).toEqual(settled(before['ip/firewall/nat']));

      const added = await change({ device_id, path: '/ip/firewall/nat', operations: [{ op: 'add', values: nat }] });
      expect(added).toMatchObject({ changed: true, protection: 'safe_mode', verification: { status: 'verified' } });
      expect(added.verdicts).toContainEqual({ rule: 'PROTECT_MANAGEMENT_PATH', status: 'pass', reason: expect.any(String) });
      // The forward rule that lets the forwarded connections through, placed before the uplink's drop rule.
      const drop = before['ip/firewall/filter'].find((r) => r['comment'] === 'drop the rest from uplink A')!;
      const accept = await change({ device_id, path: 'ip/firewall/filter', operations: [{ op: 'add', values: { chain: 'forward', action: 'accept', 'connection-nat-state': 'dstnat', 'in-interface': 'sfp-sfpplus1' }, before: drop['.id'] }] });
      expect(accept.diff[0]).toMatch(new RegExp(`place-before=\\${drop['.id']}$`));
      const now = await config(fleet());
      expect(now['ip/firewall/nat'].at(-1)).toMatchObject({ chain: 'dstnat', 'dst-port': '8080', 'to-addresses': '10.100.0.50', 'to-ports': '80' });
      const filter = now['ip/firewall/filter'];
      expect(filter[filter.findIndex((r) => r['.id'] === drop['.id']) - 1]).toMatchObject({ chain: 'forward', 'connection-nat-state': 'dstnat' });

      // The same request again changes nothing; then both changes are undone, last first.
      expect(await change({ device_id, path: '/ip/firewall/filter', operations: [{ op: 'set', where: { chain: 'forward', 'connection-nat-state': 'dstnat' }, values: { action: 'accept' } }] })).toMatchObject({ changed: false });
      for (const id of [accept.change_id, added.change_id]) {
        const reverted = await client.callTool('change_revert', { change_id: id });
        expect([reverted.isError, reverted.structuredContent.verification.status]).toEqual([undefined, 'verified']);
      }
      const after = await config(fleet());
      for (const menu of ['ip/firewall/nat', 'ip/firewall/filter']) expect(settled(after[menu])).toEqual(settled(before[menu]));
    }, 120_000);

    it('removes a rule from the middle and its revert puts it back in its place with its properties', async () => {
      const before = (await config(fleet()))['ip/firewall/filter'];
      const removed = await change({ device_id, path: '/ip/firewall/filter', operations: [{ op: 'remove', where: { chain: 'input', protocol: 'icmp' }, expect_count: 1 }] });
      expect(removed).toMatchObject({ changed: true, risk: 'high', diff: [`/ip firewall filter remove ${before[3]['.id']}`] });
      expect((await config(fleet()))['ip/firewall/filter']).toHaveLength(before.length - 1);
      const reverted = await client.callTool('change_revert', { change_id: removed.change_id });
      expect(reverted.isError).toBeUndefined();
      expect(settled((await config(fleet()))['ip/firewall/filter'])).toEqual(settled(before));
    }, 120_000);

    it('writes a menu the management path does not model under safe mode, verified over new TLS and SSH connections, and reverts it', async () => {
      // The scheduler (what it runs can carry traffic or identity) is such a menu.
      const before = (await config(fleet()))['system/scheduler'];
      const result = await change({ device_id, path: '/system/scheduler', operations: [{ op: 'add', values: { name: 'nightly', interval: '1d', 'on-event': 'nightly' } }] });
      expect(result).toMatchObject({ changed: true, protection: 'safe_mode', diff: ['/system scheduler add name=nightly interval=1d on-event=nightly'] });
      expect(result.verification.checks).toEqual(expect.arrayContaining(['the device accepts a new TLS session', 'the device accepts a new SSH connection']));
      expect(result.verdicts).toContainEqual({ rule: 'PROTECT_MANAGEMENT_PATH', status: 'pass', reason: expect.stringMatching(/does not model \/system\/scheduler/) });
      expect((await config(fleet()))['system/scheduler']?.at(-1)).toMatchObject({ name: 'nightly', 'on-event': 'nightly' });
      expect((await client.callTool('change_revert', { change_id: result.change_id })).isError).toBeUndefined();
      expect(settled((await config(fleet()))['system/scheduler'])).toEqual(settled(before));
    }, 120_000);

    it('refuses, changing nothing: an unknown argument, a value RouterOS does not take, a missing interface, a where matching other than expected', async () => {
      const before = await config(fleet());
      const refusals: Array<[Record<string, unknown>, string, RegExp]> = [
        [{ op: 'add', values: { chain: 'dstnat', 'to-port': 80 } }, 'INVALID_PARAMS', /add takes no argument 'to-port' \(did you mean to-ports\?\)/],
        [{ op: 'add', values: { chain: 'dstnat', action: 'dst-nat', 'to-addresses': '10.0.0.300' } }, 'INVALID_PARAMS', /'10\.0\.0\.300' is not a value to-addresses takes on RouterOS 7\.\d+\.\d+: A\.B\.C\.D/],
        [{ op: 'add', values: { chain: 'dstnat', 'in-interface': 'ether99' } }, 'INVALID_PARAMS', /'ether99' is not in \/interface/],
        [{ op: 'set', where: { chain: 'srcnat' }, expect_count: 2, values: { comment: 'x' } }, expect.any(String) as never, /matches 1 row of \/ip\/firewall\/nat .*not the 2 expected/],
        [{ op: 'remove', id: '*7F' }, expect.any(String) as never, /has no row \*7F/],
        [{ op: 'move', id: '*1', values: { comment: 'x' } }, 'INVALID_PARAMS', /move takes id, before, not values/],
      ];
      for (const [op, code, message] of refusals) {
        const failed = await client.failure('menu_change', { device_id, path: '/ip/firewall/nat', operations: [op] });
        expect([failed.data.mcp_error_code, failed.message]).toEqual([code, expect.stringMatching(message)]);
      }
      expect(await config(fleet())).toEqual(before);
    }, 120_000);

    it('refuses commands that cannot be undone, runs plan-only ones only in a plan, and runs an allowed one', async () => {
      const before = await config(fleet());
      const reset = await client.failure('menu_change', { device_id, path: '/system', operations: [{ op: 'action', command: 'reset-configuration' }] });
      expect(reset.message).toMatch(/\/system reset-configuration is refused: it erases the configuration/);
      const reboot = await client.failure('menu_change', { device_id, path: '/system', operations: [{ op: 'action', command: 'reboot' }] });
      expect(reboot.message).toMatch(/\/system reboot runs only as a step of an approved plan \(plan_menu_changes\)/);
      const licence = await client.failure('menu_change', { device_id, path: '/system/license', operations: [{ op: 'action', command: 'renew' }] });
      expect(licence.message).toMatch(/writes to \/system\/license are refused/);
      // The certificate the device's web service presents (the one the service pinned) is in use.
      const cert = await client.failure('menu_change', { device_id, path: '/certificate', operations: [{ op: 'remove', where: { name: 'sim-cert' } }] });
      expect(cert.message).toMatch(/removing \/certificate \*\w+ \(sim-cert\) would break what uses it: \/ip\/service www-ssl certificate=sim-cert/);
      expect(await config(fleet())).toEqual(before);
      const flushed = await change({ device_id, path: '/ip/dns/cache', operations: [{ op: 'action', command: 'flush' }] });
      expect(flushed).toMatchObject({ changed: true, diff: ['/ip dns cache flush'], protection: 'none_needed' });
      // A command has no before-state: the record says so, and change_revert refuses it.
      expect((await client.failure('change_revert', { change_id: flushed.change_id })).message).toMatch(/no state to restore/);
    }, 120_000);
  });

  it('plans the port forward on a 7.15.3 and a 7.20.5 device, each from its own tree; approved out of band, applied, rolled back', async () => {
    const before = await Promise.all(fleets.map(config));
    const nat = { chain: 'dstnat', action: 'dst-nat', protocol: 'tcp', 'dst-port': 8443, 'in-interface': 'sfp-sfpplus1', 'to-addresses': '10.100.0.60', 'to-ports': 443 };
    // No pause between the canary and the next batch (the gate still runs): the pause itself is rollout.int-spec's.
    const created = await client.callTool('plan_menu_changes', { devices: ['old-lab', 'new-lab'], path: '/ip/firewall/nat', operations: [{ op: 'add', values: nat }], title: 'NAS port forward', rollout: { pause_seconds: 0 } });
    expect(created.isError).toBeUndefined();
    const plan = created.structuredContent;
    expect(plan).toMatchObject({ status: 'pending', title: 'NAS port forward' });
    expect(JSON.stringify(plan)).toContain('/ip firewall nat add chain=dstnat action=dst-nat protocol=tcp dst-port=8443');
    // Nothing is written, and no tool approves: an operator does, out of band.
    for (const [i, f] of fleets.entries()) expect(settled((await config(f))['ip/firewall/nat'])).toEqual(settled(before[i]['ip/firewall/nat']));
    await admin.plans.approve(plan.plan_id, operator);
    expect((await client.callTool('plan_apply', { plan_id: plan.plan_id })).isError).toBeUndefined();
    // Followed from the plan's record (the operator's view), not by polling a tool the client's rate limit meters.
    const statusOf = async () => (await admin.plans.get(plan.plan_id)).status;
    await until(async () => !['approved', 'executing'].includes(await statusOf()), 'the rollout to end', 300_000);
    expect(await statusOf()).toBe('completed');
    expect((await client.callTool('plan_status', { plan_id: plan.plan_id })).structuredContent).toMatchObject({ status: 'completed' });
    for (const f of fleets) expect((await config(f))['ip/firewall/nat'].at(-1)).toMatchObject({ 'dst-port': '8443', 'to-addresses': '10.100.0.60' });

    expect((await client.callTool('plan_rollback', { plan_id: plan.plan_id })).isError).toBeUndefined();
    await until(async () => (await statusOf()) !== 'rolling_back', 'the rollback to end', 300_000);
    expect(await statusOf()).toBe('rolled_back');
    for (const [i, f] of fleets.entries()) expect(settled((await config(f))['ip/firewall/nat'])).toEqual(settled(before[i]['ip/firewall/nat']));
  }, 600_000);

  it('refuses a plan step a device cannot take: a plan-only command is planned, a refused one never', async () => {
    const refused = await client.failure('plan_menu_changes', { devices: ['new-lab'], path: '/system', operations: [{ op: 'action', command: 'reset-configuration' }] });
    expect(refused.message).toMatch(/reset-configuration is refused/);
    const typo = await client.failure('plan_menu_changes', { devices: ['new-lab'], path: '/ip/firewall/nat', operations: [{ op: 'add', valuez: {} }] });
    expect([typo.data.mcp_error_code, typo.message]).toEqual(['INVALID_PARAMS', expect.stringMatching(/operations\[0\]: takes no valuez/)]);
    const reboot = await client.callTool('plan_menu_changes', { devices: ['new-lab'], path: '/system', operations: [{ op: 'action', command: 'reboot' }] });
    expect(reboot.isError).toBeUndefined();
    expect(reboot.structuredContent).toMatchObject({ status: 'pending' });
    // The approver is told before approving that a rollback cannot undo the step.
    expect(reboot.structuredContent.devices[0].not_revertible).toMatch(/system\/reboot has no state to restore/);
    expect(reboot.content[0].text).toMatch(/\n {2}no undo: plan_rollback cannot undo this step \(/);
    expect((await client.callTool('plan_cancel', { plan_id: reboot.structuredContent.plan_id })).isError).toBeUndefined();
    // A script's source keeps its lines in a plan as in a single change; any other control character is refused.
    const script = await client.callTool('plan_menu_changes', { devices: ['new-lab'], path: '/system/script', operations: [{ op: 'add', values: { name: 'hello', source: ':log info a\n:log info b' } }] });
    expect([script.isError, script.structuredContent?.status]).toEqual([undefined, 'pending']);
    expect(script.structuredContent.devices[0].diff).toEqual(['/system script add name=hello source=":log info a\\n:log info b"']);
    expect((await client.callTool('plan_cancel', { plan_id: script.structuredContent.plan_id })).isError).toBeUndefined();
    const bell = await client.failure('plan_menu_changes', { devices: ['new-lab'], path: '/system/script', operations: [{ op: 'add', values: { name: 'hello', source: 'a\u0007' } }] });
    expect(bell.data.mcp_error_code).toBe('INVALID_PARAMS');
  }, 120_000);

  it('asks for the menu topic\'s flag and refuses prod outside a plan, writing nothing', async () => {
    const before = await config(fleets[1]);
    const noFlag = await client.failure('menu_change', { device_id: 'new-nofw', path: '/ip/firewall/nat', operations: [{ op: 'disable', id: '*1' }] });
    expect(noFlag.message).toMatch(/allow_firewall_writes is off/);
    // The identity menu has no topic: the tier's flag is enough.
    expect(await change({ device_id: 'new-nofw', path: '/system/identity', operations: [{ op: 'set', values: { name: 'renamed' } }], dry_run: true })).toMatchObject({ changed: true, diff: ['/system identity set name=renamed'] });
    const prod = await connectStdio(dataDir, { ROUTEROS_MCP_ENVIRONMENT: 'prod' }, era);
    try {
      const refused = await prod.failure('menu_change', { device_id: 'new-prod', path: '/ip/firewall/nat', operations: [{ op: 'disable', id: '*1' }] });
      expect(refused.message).toMatch(/create a plan and have it approved/);
    } finally {
      await prod.close();
    }
    expect(await config(fleets[1])).toEqual(before);
  }, 120_000);
});
