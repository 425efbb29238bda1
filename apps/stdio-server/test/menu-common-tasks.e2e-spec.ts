import { Fleet, simControl, startFleet, tempDir } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { EraClient, ERAS } from './era-client';
import { connectStdio, enrollWriters } from './fleet-setup';
import { pairedVersions } from './pairwise';

/*
 * Issue 24, common tasks end to end: an operator's everyday requests made through the menu tools as a model makes
 * them (menu_describe, menu_print, menu_change dry run, then applied), one menu_change per menu, on the home
 * profile's defconf of both vendored versions (7.15.3 and 7.20.5) and by the SDK clients of both MCP revisions.
 * The simulator's configuration shows each device left as a careful engineer would leave it, and change_revert,
 * last change first, gives back the whole configuration exactly as it was (ids included: no row is re-added). Two
 * changes RouterOS gives no way back from are made and their revert refused: make-static of a dynamic lease, and a
 * user's password set or the user removed (the password is never shown, so it could not be put back).
 */
const dir = tempDir('stdio-menu-tasks-');
const dataDir = join(dir.path, 'data');
const fleets: Fleet[] = [];
const USER = { name: 'admin', password: 'e2e-Pw-1', group: 'full' };
const WRITES = { allow_advanced_writes: true, allow_firewall_writes: true, allow_dhcp_writes: true, allow_bridge_writes: true, allow_routing_writes: true };
const VERSIONS = [['7.15.3', 'old-home', 0], ['7.20.5', 'new-home', 1]] as const;

beforeAll(async () => {
  for (const version of ['7.15.3', '7.20.5']) fleets.push(await startFleet({ devices: 1, version, profile: 'home', users: [USER] }));
  await enrollWriters(dataDir, USER, VERSIONS.map(([, id, at]) => ({ id, device: fleets[at].devices[0], environment: 'lab' as const, capabilities: WRITES })));
}, 120_000);
afterAll(async () => {
  await Promise.all(fleets.map((f) => f.stop()));
  dir.remove();
});

type Row = Record<string, string>;
type Config = Record<string, Row[]>;
type Operation = Record<string, unknown>;
const config = async (fleet: Fleet): Promise<Config> => (await simControl(fleet, 'GET', '/devices/0/state')).config;
/** The device's whole configuration but the log, which every login writes to (a menu never written is absent, an emptied one empty). */
const configuration = (c: Config) => Object.fromEntries(Object.entries(c).filter(([menu, rows]) => menu !== 'log' && rows.length > 0));

/** One menu_change: its menu, and its operations as a model writes them from what menu_print showed. */
interface Step {
  path: string;
  operations: (printed: Row[]) => Operation[];
  /** What the dry run's diff shows (a script's source whole, never a password). */
  diff?: (diff: string[]) => void;
}
interface Task {
  name: string;
  steps: Step[];
  /** The device as a careful engineer leaves it. */
  check: (after: Config) => void;
}

const index = (rows: Row[], match: Partial<Row>) => rows.findIndex((r) => Object.entries(match).every(([k, v]) => r[k] === v));
const WG_PEER_KEY = 'xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=';
const AUDITOR_PASSWORD = 'Audit-e2e-Pw-7';
const SCRIPT = ':local free [/system resource get free-memory]\n:log info "nightly check: $free bytes free"';

const TASKS: Task[] = [
  {
    name: 'forwards a port to the NAS: dstnat from the WAN, and the forward rule placed before the defconf drop',
    steps: [
      { path: '/ip/firewall/nat', operations: () => [{ op: 'add', values: { chain: 'dstnat', action: 'dst-nat', protocol: 'tcp', 'dst-port': 8443, 'in-interface-list': 'WAN', 'to-addresses': '192.168.88.20', 'to-ports': 443, comment: 'nas https' } }] },
      {
        path: '/ip/firewall/filter',
        operations: (rows) => [{
          op: 'add',
          values: { chain: 'forward', action: 'accept', protocol: 'tcp', 'dst-address': '192.168.88.20', 'dst-port': 443, 'connection-nat-state': 'dstnat', 'in-interface-list': 'WAN', comment: 'nas https' },
          before: rows.find((r) => r['comment'] === 'defconf: drop all from WAN not DSTNATed')!['.id'],
        }],
      },
    ],
    check: (after) => {
      expect(after['ip/firewall/nat'].at(-1)).toMatchObject({ chain: 'dstnat', action: 'dst-nat', 'dst-port': '8443', 'in-interface-list': 'WAN', 'to-addresses': '192.168.88.20', 'to-ports': '443' });
      const filter = after['ip/firewall/filter'];
      const accept = index(filter, { chain: 'forward', comment: 'nas https' });
      expect(accept).toBeGreaterThanOrEqual(0);
      expect(accept).toBeLessThan(index(filter, { comment: 'defconf: drop all from WAN not DSTNATed' }));
    },
  },
  {
    name: 'makes a guest VLAN on the bridge with its address, pool, DHCP server and network, isolated from the LAN',
    steps: [
      { path: '/interface/vlan', operations: () => [{ op: 'add', values: { name: 'vlan30-guest', 'vlan-id': 30, interface: 'bridge', comment: 'guest' } }] },
      { path: '/ip/address', operations: () => [{ op: 'add', values: { address: '192.168.30.1/24', interface: 'vlan30-guest', comment: 'guest' } }] },
      { path: '/ip/pool', operations: () => [{ op: 'add', values: { name: 'guest-pool', ranges: '192.168.30.10-192.168.30.254', comment: 'guest' } }] },
      { path: '/ip/dhcp-server', operations: () => [{ op: 'add', values: { name: 'guest', interface: 'vlan30-guest', 'address-pool': 'guest-pool', 'lease-time': '1h', comment: 'guest' } }] },
      { path: '/ip/dhcp-server/network', operations: () => [{ op: 'add', values: { address: '192.168.30.0/24', gateway: '192.168.30.1', 'dns-server': '192.168.30.1', comment: 'guest' } }] },
      {
        path: '/ip/firewall/filter',
        operations: (rows) => [
          // Guests may ask the router's DNS (the defconf input chain drops all not from LAN), nothing else of it.
          { op: 'add', values: { chain: 'input', action: 'accept', protocol: 'udp', 'dst-port': 53, 'in-interface': 'vlan30-guest', comment: 'guest DNS' }, before: rows.find((r) => r['comment'] === 'defconf: drop all not coming from LAN')!['.id'] },
          // Before every forward accept (fasttrack and established included), so no guest packet reaches the LAN.
          { op: 'add', values: { chain: 'forward', action: 'drop', 'in-interface': 'vlan30-guest', 'out-interface-list': 'LAN', comment: 'isolate guest from LAN' }, before: rows.find((r) => r['chain'] === 'forward')!['.id'] },
        ],
      },
    ],
    check: (after) => {
      expect(after['interface/vlan']).toContainEqual(expect.objectContaining({ name: 'vlan30-guest', 'vlan-id': '30', interface: 'bridge' }));
      expect(after['ip/address']).toContainEqual(expect.objectContaining({ address: '192.168.30.1/24', interface: 'vlan30-guest', network: '192.168.30.0' }));
      expect(after['ip/pool']).toContainEqual(expect.objectContaining({ name: 'guest-pool', ranges: '192.168.30.10-192.168.30.254' }));
      expect(after['ip/dhcp-server']).toContainEqual(expect.objectContaining({ name: 'guest', interface: 'vlan30-guest', 'address-pool': 'guest-pool', 'lease-time': '1h' }));
      expect(after['ip/dhcp-server/network']).toContainEqual(expect.objectContaining({ address: '192.168.30.0/24', gateway: '192.168.30.1', 'dns-server': '192.168.30.1' }));
      const filter = after['ip/firewall/filter'];
      const isolate = index(filter, { comment: 'isolate guest from LAN' });
      const forwardAccepts = filter.map((r, i) => [r, i] as const).filter(([r]) => r['chain'] === 'forward' && r['action'] !== 'drop').map(([, i]) => i);
      expect(forwardAccepts.length).toBeGreaterThan(0);
      expect(isolate).toBeLessThan(Math.min(...forwardAccepts));
      expect(index(filter, { comment: 'guest DNS' })).toBeLessThan(index(filter, { comment: 'defconf: drop all not coming from LAN' }));
    },
  },
  {
    name: 'adds a WireGuard interface with an address, a peer, and the input rule for its port before the defconf drop',
    steps: [
      { path: '/interface/wireguard', operations: () => [{ op: 'add', values: { name: 'wg-remote', 'listen-port': 13231, comment: 'remote access' } }] },
      { path: '/interface/wireguard/peers', operations: () => [{ op: 'add', values: { interface: 'wg-remote', 'public-key': WG_PEER_KEY, 'allowed-address': '10.66.0.2/32', comment: 'phone' } }] },
      { path: '/ip/address', operations: () => [{ op: 'add', values: { address: '10.66.0.1/24', interface: 'wg-remote', comment: 'remote access' } }] },
      {
        path: '/ip/firewall/filter',
        operations: (rows) => [{ op: 'add', values: { chain: 'input', action: 'accept', protocol: 'udp', 'dst-port': 13231, 'in-interface-list': 'WAN', comment: 'wireguard' }, before: rows.find((r) => r['comment'] === 'defconf: drop all not coming from LAN')!['.id'] }],
      },
    ],
    check: (after) => {
      expect(after['interface/wireguard']).toContainEqual(expect.objectContaining({ name: 'wg-remote', 'listen-port': '13231' }));
      expect(after['interface/wireguard/peers']).toContainEqual(expect.objectContaining({ interface: 'wg-remote', 'public-key': WG_PEER_KEY, 'allowed-address': '10.66.0.2/32' }));
      expect(after['ip/address']).toContainEqual(expect.objectContaining({ address: '10.66.0.1/24', interface: 'wg-remote' }));
      const filter = after['ip/firewall/filter'];
      expect(index(filter, { comment: 'wireguard', 'dst-port': '13231' })).toBeLessThan(index(filter, { comment: 'defconf: drop all not coming from LAN' }));
    },
  },
  {
    name: 'gives the NAS a static DHCP lease on the LAN\'s server',
    steps: [{ path: '/ip/dhcp-server/lease', operations: () => [{ op: 'add', values: { address: '192.168.88.20', 'mac-address': '02:4E:41:53:00:20', server: 'defconf', comment: 'nas' } }] }],
    check: (after) => {
      expect(after['ip/dhcp-server/lease']).toContainEqual(expect.objectContaining({ address: '192.168.88.20', 'mac-address': '02:4E:41:53:00:20', server: 'defconf', comment: 'nas' }));
      // The laptop's dynamic lease is left as it was.
      expect(after['ip/dhcp-server/lease']).toContainEqual(expect.objectContaining({ address: '192.168.88.254', '.dynamic': 'true' }));
    },
  },
  {
    name: 'limits one host\'s bandwidth with a simple queue on its /32',
    steps: [{ path: '/queue/simple', operations: () => [{ op: 'add', values: { name: 'limit-tablet', target: '192.168.88.243/32', 'max-limit': '5M/20M', comment: 'tablet' } }] }],
    check: (after) => {
      expect(after['queue/simple']).toEqual([expect.objectContaining({ name: 'limit-tablet', target: '192.168.88.243/32', 'max-limit': '5M/20M' })]);
    },
  },
  {
    name: 'adds a read-only user in a new group that may read and nothing more, its password never shown',
    steps: [
      { path: '/user/group', operations: () => [{ op: 'add', values: { name: 'auditors', policy: 'read,winbox,web,api,rest-api,ssh', comment: 'read only' } }] },
      {
        path: '/user',
        operations: () => [{ op: 'add', values: { name: 'auditor', group: 'auditors', password: AUDITOR_PASSWORD, address: '192.168.88.0/24', comment: 'read only' } }],
        diff: (diff) => expect(diff.join('\n')).not.toContain(AUDITOR_PASSWORD),
      },
    ],
    check: (after) => {
      const group = after['user/group'].find((r) => r['name'] === 'auditors')!;
      expect(group['policy'].split(',')).toEqual(expect.arrayContaining(['read', '!write', '!policy']));
      expect(after['user']).toContainEqual(expect.objectContaining({ name: 'auditor', group: 'auditors', address: '192.168.88.0/24', disabled: 'false' }));
    },
  },
  {
    name: 'schedules a script: the script whole in the diff, and a scheduler entry that runs it nightly',
    steps: [
      {
        path: '/system/script',
        operations: () => [{ op: 'add', values: { name: 'nightly-check', source: SCRIPT, policy: 'read,test', comment: 'nightly' } }],
        // The source whole, as RouterOS's console takes it (the line break and the `$` escaped).
        diff: (diff) => expect(diff).toEqual(['/system script add name=nightly-check source=":local free [/system resource get free-memory]\\n:log info \\"nightly check: \\$free bytes free\\"" policy=read,test comment=nightly']),
      },
      { path: '/system/scheduler', operations: () => [{ op: 'add', values: { name: 'nightly-check', 'on-event': 'nightly-check', interval: '1d', 'start-time': '03:00:00', policy: 'read,test', comment: 'nightly' } }] },
    ],
    check: (after) => {
      expect(after['system/script']).toContainEqual(expect.objectContaining({ name: 'nightly-check', source: SCRIPT }));
      expect(after['system/scheduler']).toContainEqual(expect.objectContaining({ name: 'nightly-check', 'on-event': 'nightly-check', interval: '1d', 'start-time': '03:00:00' }));
    },
  },
];

describe.each(ERAS)('common tasks through the menu tools over %s', (_label, era) => {
  let client: EraClient;
  beforeAll(async () => {
    // A model making these requests one after another: more calls a minute than the default allows one client.
    client = await connectStdio(dataDir, { ROUTEROS_MCP_RATE_LIMIT_PER_MINUTE: '10000' }, era);
  });
  afterAll(() => client?.close());
  afterEach(() => Promise.all(fleets.map((f) => simControl(f, 'POST', '/reset'))));
  const call = async (tool: string, args: Record<string, unknown>) => {
    const result = await client.callTool(tool, args);
    expect({ tool, args, error: result.isError ? result.content[0]?.text : undefined }).toEqual({ tool, args, error: undefined });
    expect(JSON.stringify(result)).not.toContain(AUDITOR_PASSWORD);
    return result.structuredContent;
  };

  // Pairwise with the HTTP run of this file (see pairwise.ts): each revision on one version here, the other there.
  describe.each(pairedVersions(era, VERSIONS))('on %s', (version, device_id, at) => {
    it.each(TASKS.map((t) => [t.name, t] as const))('%s; change_revert restores the configuration', async (_name, task) => {
      const fleet = fleets[at];
      const before = await config(fleet);
      const changes: string[] = [];
      for (const step of task.steps) {
        const described = await call('menu_describe', { device_id, path: step.path });
        expect(described).toMatchObject({ path: step.path, tree_version: version, writes: { allowed: true } });
        const printed = await call('menu_print', { device_id, path: step.path });
        const operations = step.operations(printed.items);
        const ahead = await config(fleet);
        const dry = await call('menu_change', { device_id, path: step.path, operations, dry_run: true });
        expect(dry).toMatchObject({ changed: true, dry_run: true, change_id: null });
        expect(dry.diff).toHaveLength(operations.length);
        step.diff?.(dry.diff);
        expect(await config(fleet)).toEqual(ahead);
        const applied = await call('menu_change', { device_id, path: step.path, operations });
        expect(applied).toMatchObject({ changed: true, dry_run: false, diff: dry.diff, verification: { status: 'verified' } });
        changes.push(applied.change_id);
      }
      const after = await config(fleet);
      task.check(after);

      for (const change_id of changes.reverse()) {
        const reverted = await call('change_revert', { change_id });
        expect(reverted.verification.status).toBe('verified');
      }
      expect(configuration(await config(fleet))).toEqual(configuration(before));
    }, 120_000);

    it('makes the laptop\'s dynamic lease static, keeping its address and id; change_revert refuses, since RouterOS has no way back to a dynamic lease', async () => {
      const fleet = fleets[at];
      const path = '/ip/dhcp-server/lease';
      const before = await config(fleet);
      expect((await call('menu_describe', { device_id, path })).actions).toContainEqual(expect.objectContaining({ command: 'make-static', verdict: 'allowed' }));
      const laptop = (await call('menu_print', { device_id, path, where: { 'mac-address': 'A4:83:E7:11:22:33' } })).items[0];
      const operations = [{ op: 'action', command: 'make-static', where: { 'mac-address': 'A4:83:E7:11:22:33' } }];
      const dry = await call('menu_change', { device_id, path, operations, dry_run: true });
      // Said before anything is written: nothing will undo it.
      expect(dry).toMatchObject({ changed: true, diff: [`/ip dhcp-server lease make-static numbers=${laptop['.id']}`], not_revertible: expect.stringMatching(/make-static has no state to restore/) });
      expect(await config(fleet)).toEqual(before);
      const applied = await call('menu_change', { device_id, path, operations });
      expect(applied).toMatchObject({ changed: true, diff: dry.diff, verification: { status: 'verified' } });
      const lease = (await config(fleet))['ip/dhcp-server/lease'].find((r) => r['mac-address'] === 'A4:83:E7:11:22:33')!;
      expect(lease).toMatchObject({ '.id': laptop['.id'], address: '192.168.88.254', server: 'defconf' });
      expect(lease['.dynamic']).toBeUndefined();
      const refused = await client.failure('change_revert', { change_id: applied.change_id });
      expect(refused.message).toMatch(/make-static has no state to restore/);
    }, 120_000);

    it('changes a user\'s password and removes a user, each verified; change_revert refuses both rather than bring the user back without a password', async () => {
      const fleet = fleets[at];
      await simControl(fleet, 'POST', '/devices/0/config', { action: 'add', path: 'user', props: { name: 'auditor', group: 'read', password: AUDITOR_PASSWORD } });
      const user = () => config(fleet).then((c) => c['user'].find((r) => r['name'] === 'auditor'));
      const NEW_PASSWORD = 'Changed-e2e-Pw-8';
      const setPassword = [{ op: 'set', where: { name: 'auditor' }, values: { password: NEW_PASSWORD } }];
      const why = /RouterOS never shows the password of \/user auditor, so a revert could not put it back/;
      expect(await call('menu_change', { device_id, path: '/user', operations: setPassword, dry_run: true })).toMatchObject({ changed: true, not_revertible: expect.stringMatching(why) });
      const set = await call('menu_change', { device_id, path: '/user', operations: setPassword });
      expect(set).toMatchObject({ changed: true, verification: { status: 'verified' }, not_revertible: expect.stringMatching(why) });
      expect(JSON.stringify(set)).not.toContain(NEW_PASSWORD);
      expect(await user()).toMatchObject({ password: NEW_PASSWORD });
      // RouterOS never shows a password: the old one cannot be put back, and unsetting it would leave none.
      expect((await client.failure('change_revert', { change_id: set.change_id })).message).toMatch(why);
      expect(await user()).toMatchObject({ password: NEW_PASSWORD });
      const removed = await call('menu_change', { device_id, path: '/user', operations: [{ op: 'remove', where: { name: 'auditor' } }] });
      expect(removed).toMatchObject({ changed: true, verification: { status: 'verified' } });
      expect((await client.failure('change_revert', { change_id: removed.change_id })).message).toMatch(why);
      expect(await user()).toBeUndefined();
    }, 120_000);
  });
});
