import { DeviceConfig, FleetRig } from './plan-fleet-rig';

/*
 * Issue 14 end to end, every topic on both RouterOS versions: 20 simulated home routers (10 on 7.15.3, 10 on 7.20.5,
 * interleaved in every batch) and two legacy-wireless access points on 7.15.3. For each topic the model plans over
 * MCP (the SDK client on the built stdio server), a person approves with the admin CLI binary on the same data
 * directory, the model applies and follows plan_status; every device then holds the change (read from the
 * simulator, not through the service). plan_rollback then brings every device back to its state before the plan.
 */
const PER_VERSION = 10;
/** The passphrase the plans set: the devices receive it (its redaction is asserted by the wireless secrets specs). */
const WIFI_PASSPHRASE = 'fleet-office-2026-key';
const AP_PASSPHRASE = 'fleet-guests-2026-key';
/** Canary of 2 (one per version), then batches of 18 (10 devices at once): large batches, no pause. */
const ROLLOUT = { canary_size: 2, batch_size: 18, pause_seconds: 0 };
/**
 * Values that move on their own (counters, timers): left out when rows are compared, as are the simulator's own
 * bookkeeping keys (`.id`, `.created`, `.builtin`…: a row removed and put back is the same configuration).
 */
const VOLATILE = new Set(['bytes', 'packets', 'creation-time', 'expires-after', 'last-seen', 'uptime', 'tx-byte', 'rx-byte', 'tx-packet', 'rx-packet', 'fp-tx-byte', 'fp-rx-byte', 'fp-tx-packet', 'fp-rx-packet', 'link-downs', 'last-link-up-time', 'last-link-down-time']);
/** Menus whose row order is configuration; other menus' rows compare in any order (a row put back goes last). */
const ORDERED = new Set(['ip/firewall/filter', 'ip/firewall/nat']);

/** The rows of `menus`, volatile values left out, in configuration order where order matters. */
function rowsOf(config: DeviceConfig, menus: string[]): Record<string, Record<string, string>[]> {
  return Object.fromEntries(
    menus.map((menu) => {
      // Keys in one order too: a row put back may list its properties in another.
      const rows = (config[menu] ?? []).map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !VOLATILE.has(k) && !k.startsWith('.')).sort(([a], [b]) => a.localeCompare(b))));
      return [menu, ORDERED.has(menu) ? rows : rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))];
    }),
  );
}

interface TopicCase {
  topic: string;
  /** The plan tool's topic arguments (beside devices and rollout). */
  args: Record<string, unknown>;
  /** The menus the change touches: compared before the plan and after its rollback. */
  menus: string[];
  /** What a device must hold once the plan ran. */
  holds(config: DeviceConfig): void;
  /** Which devices the plan targets (default: the 20 home routers). */
  devices?: (rig: FleetRig) => string[];
}

const CASES: TopicCase[] = [
  {
    topic: 'dns_ntp',
    args: { dns_servers: ['192.0.2.53', '192.0.2.54'], ntp_servers: ['192.0.2.123'], ntp_enabled: true },
    menus: ['ip/dns', 'system/ntp/client'],
    holds: (c) => {
      expect(c['ip/dns'][0]['servers']).toBe('192.0.2.53,192.0.2.54');
      expect(c['system/ntp/client'][0]).toMatchObject({ enabled: 'true', servers: '192.0.2.123' });
    },
  },
  {
    topic: 'firewall_rules',
    args: {
      change: {
        rules: [
          { key: 'admins', chain: 'input', action: 'accept', 'src-address-list': 'mcp-admins' },
          { key: 'ssh-drop', chain: 'input', action: 'drop', protocol: 'tcp', 'dst-port': '2222', note: 'no ssh on 2222' },
          { key: 'web', table: 'nat', chain: 'dstnat', action: 'dst-nat', protocol: 'tcp', 'dst-port': '8080', 'to-addresses': '192.168.88.10', 'to-ports': '80', placement: 'bottom' },
        ],
      },
    },
    menus: ['ip/firewall/filter', 'ip/firewall/nat'],
    holds: (c) => {
      // Order kept exactly: the two filter rules first, the NAT rule after the defconf masquerade.
      expect(c['ip/firewall/filter'].slice(0, 2).map((r) => r['comment'])).toEqual(['mcp:admins', 'mcp:ssh-drop no ssh on 2222']);
      expect(c['ip/firewall/nat'].map((r) => r['comment'])).toEqual(['defconf: masquerade', 'mcp:web']);
      expect(c['ip/firewall/nat'][1]).toMatchObject({ 'to-addresses': '192.168.88.10', 'to-ports': '80', 'dst-port': '8080' });
    },
  },
  {
    topic: 'static_routes',
    args: {
      change: {
        routes: [
          { 'dst-address': '172.16.0.0/12', gateway: '192.168.88.254', comment: 'lab networks' },
          { 'dst-address': '10.50.0.0/16', gateway: '192.168.88.253', distance: 5, comment: 'branch' },
        ],
      },
    },
    menus: ['ip/route'],
    holds: (c) => {
      const statics = (c['ip/route'] ?? []).filter((r) => r['dst-address'] === '172.16.0.0/12' || r['dst-address'] === '10.50.0.0/16');
      expect(statics.map((r) => [r['dst-address'], r['gateway'], r['distance'], r['comment']]).sort()).toEqual([
        ['10.50.0.0/16', '192.168.88.253', '5', 'branch'],
        ['172.16.0.0/12', '192.168.88.254', '1', 'lab networks'],
      ]);
    },
  },
  {
    topic: 'address_list_sync',
    args: { list: 'mcp-blocked', addresses: ['198.51.100.7', '203.0.113.0/24'] },
    menus: ['ip/firewall/address-list'],
    holds: (c) => {
      expect((c['ip/firewall/address-list'] ?? []).filter((r) => r['list'] === 'mcp-blocked').map((r) => r['address']).sort()).toEqual(['198.51.100.7', '203.0.113.0/24']);
    },
  },
  {
    topic: 'dhcp',
    args: {
      change: {
        pools: [{ name: 'default-dhcp', ranges: ['192.168.88.100-192.168.88.200'] }, { name: 'mcp-guests', ranges: ['10.9.0.10-10.9.0.200'], comment: 'guests' }],
        networks: [{ address: '192.168.88.0/24', gateway: '192.168.88.1', 'dns-server': ['192.168.88.1', '192.0.2.53'] }, { address: '10.9.0.0/24', gateway: '10.9.0.1', domain: 'guests.lan' }],
        leases: [{ 'mac-address': '02:00:00:00:00:30', address: '192.168.88.30', server: 'defconf', comment: 'nas' }],
      },
    },
    menus: ['ip/pool', 'ip/dhcp-server/network', 'ip/dhcp-server/lease'],
    holds: (c) => {
      expect(c['ip/pool'].map((p) => [p['name'], p['ranges']]).sort()).toEqual([['default-dhcp', '192.168.88.100-192.168.88.200'], ['mcp-guests', '10.9.0.10-10.9.0.200']]);
      expect(c['ip/dhcp-server/network'].find((n) => n['address'] === '192.168.88.0/24')).toMatchObject({ 'dns-server': '192.168.88.1,192.0.2.53' });
      expect(c['ip/dhcp-server/network'].find((n) => n['address'] === '10.9.0.0/24')).toMatchObject({ gateway: '10.9.0.1', domain: 'guests.lan' });
      expect(c['ip/dhcp-server/lease'].find((l) => l['mac-address'] === '02:00:00:00:00:30')).toMatchObject({ address: '192.168.88.30', server: 'defconf', comment: 'nas' });
    },
  },
  {
    topic: 'bridge',
    args: {
      change: {
        bridge: 'bridge',
        ports: [{ interface: 'ether4', pvid: 20, 'frame-types': 'admit-only-untagged-and-priority-tagged', comment: 'defconf' }],
        vlans: [{ 'vlan-ids': 20, tagged: ['bridge'], untagged: ['ether4'], comment: 'guests' }],
        remove: { ports: ['ether5'] },
      },
    },
    menus: ['interface/bridge/port', 'interface/bridge/vlan'],
    holds: (c) => {
      expect(c['interface/bridge/port'].find((p) => p['interface'] === 'ether4')).toMatchObject({ pvid: '20', 'frame-types': 'admit-only-untagged-and-priority-tagged' });
      expect(c['interface/bridge/port'].some((p) => p['interface'] === 'ether5')).toBe(false);
      // The management port (ether2) keeps its membership.
      expect(c['interface/bridge/port'].find((p) => p['interface'] === 'ether2')).toMatchObject({ bridge: 'bridge', pvid: '1' });
      expect(c['interface/bridge/vlan']).toEqual([expect.objectContaining({ bridge: 'bridge', 'vlan-ids': '20', tagged: 'bridge', untagged: 'ether4' })]);
    },
  },
  {
    topic: 'wireless',
    // The `wifi` package: the home routers carry it on both versions (wifi-qcom from 7.13).
    args: {
      change: {
        security_profiles: [{ name: 'mcp-office', 'authentication-types': ['wpa2-psk', 'wpa3-psk'], passphrase: WIFI_PASSPHRASE }],
        interfaces: [{ name: 'wifi1', ssid: 'Office', security_profile: 'mcp-office' }],
      },
    },
    menus: ['interface/wifi', 'interface/wifi/security'],
    holds: (c) => {
      expect(c['interface/wifi/security']).toEqual([expect.objectContaining({ name: 'mcp-office', passphrase: WIFI_PASSPHRASE, 'authentication-types': 'wpa2-psk,wpa3-psk' })]);
      expect(c['interface/wifi'].find((w) => w['name'] === 'wifi1')).toMatchObject({ 'configuration.ssid': 'Office', security: 'mcp-office' });
    },
  },
  {
    topic: 'wireless',
    // The legacy `wireless` package on RouterOS 7.15.3 access points (hAP ac² class): its passphrase rotated in place.
    devices: (rig) => rig.devices.filter((d) => d.id.startsWith('ap715-')).map((d) => d.id),
    args: { change: { package: 'wireless', security_profiles: [{ name: 'default', 'authentication-types': ['wpa2-psk'], passphrase: AP_PASSPHRASE }], interfaces: [{ name: 'wlan1', ssid: 'Guests' }] } },
    menus: ['interface/wireless', 'interface/wireless/security-profiles'],
    holds: (c) => {
      expect(c['interface/wireless/security-profiles'].find((p) => p['name'] === 'default')).toMatchObject({ 'wpa2-pre-shared-key': AP_PASSPHRASE, 'authentication-types': 'wpa2-psk' });
      expect(c['interface/wireless'].find((w) => w['name'] === 'wlan1')).toMatchObject({ ssid: 'Guests' });
    },
  },
];

describe('every plan topic on 20 simulated devices (RouterOS 7.15.3 and 7.20.5), planned over MCP, approved with the admin CLI', () => {
  let rig: FleetRig;

  beforeAll(async () => {
    rig = await FleetRig.start({ perVersion: PER_VERSION, extra: [{ prefix: 'ap715', devices: 2, version: '7.15.3', profile: 'legacy-ap' }] });
  }, 180_000);
  afterAll(() => rig?.stop());

  it('the fleet: ten devices per version, every one enrolled and reachable', async () => {
    expect(rig.ids).toHaveLength(2 * PER_VERSION);
    const listed = await rig.call('device_list', { limit: 50 });
    const items: { device_id?: string; id?: string }[] = listed.items ?? listed.devices;
    expect(items.map((d) => d.device_id ?? d.id).sort()).toEqual(rig.devices.map((d) => d.id).sort());
    const versions = await Promise.all(rig.ids.map(async (id) => (await rig.config(id))['system/package'][0]['version']));
    expect(versions.filter((v) => v === '7.15.3')).toHaveLength(PER_VERSION);
    expect(versions.filter((v) => v === '7.20.5')).toHaveLength(PER_VERSION);
  }, 60_000);

  it.each(CASES.map((c) => [c.devices ? `${c.topic} (legacy wireless package, 7.15.3)` : c.topic, c] as const))(
    '%s: planned, approved, applied and verified on every device, then rolled back to the state before',
    async (_name, c) => {
      const ids = c.devices ? c.devices(rig) : rig.ids;
      const before = await rig.configs(ids);

      const plan = await rig.call(`plan_${c.topic}`, { devices: ids, rollout: ROLLOUT, ...c.args });
      expect(plan).toMatchObject({ status: 'pending', topic: c.topic, progress: { done: 0, total: ids.length } });
      expect(plan.devices.map((d: { device_id: string }) => d.device_id)).toEqual(ids);
      for (const d of plan.devices) expect(d).toMatchObject({ changed: true, diff: expect.arrayContaining([expect.any(String)]) });
      // The dry runs wrote nothing.
      for (const id of ids) expect(rowsOf(await rig.config(id), c.menus)).toEqual(rowsOf(before.get(id)!, c.menus));

      expect(await rig.approve(plan.plan_id)).toContain(`Approved ${plan.plan_id}`);
      expect(await rig.call('plan_apply', { plan_id: plan.plan_id })).toMatchObject({ plan_id: plan.plan_id, status: 'executing' });
      const done = await rig.settled(plan.plan_id);
      expect({ status: done.status, failure: done.failure_reason }).toEqual({ status: 'completed', failure: null });
      expect(done.devices.map((d: { status: string }) => d.status)).toEqual(ids.map(() => 'succeeded'));
      const applied = await rig.configs(ids);
      for (const id of ids) {
        try {
          c.holds(applied.get(id)!);
        } catch (error) {
          throw new Error(`${id} (RouterOS ${rig.device(id).version}) does not hold the ${c.topic} change: ${(error as Error).message}`);
        }
      }

      expect(await rig.call('plan_rollback', { plan_id: plan.plan_id })).toMatchObject({ status: 'rolling_back' });
      const undone = await rig.settled(plan.plan_id);
      expect({ status: undone.status, failure: undone.failure_reason }).toEqual({ status: 'rolled_back', failure: null });
      expect(undone.devices.map((d: { status: string }) => d.status)).toEqual(ids.map(() => 'rolled_back'));
      const restored = await rig.configs(ids);
      for (const id of ids) expect({ id, rows: rowsOf(restored.get(id)!, c.menus) }).toEqual({ id, rows: rowsOf(before.get(id)!, c.menus) });
    },
    300_000,
  );
});
