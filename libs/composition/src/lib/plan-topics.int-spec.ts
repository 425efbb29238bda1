import type { Principal } from '@routeros-mcp/application-ports';
import { sqlitePath } from '@routeros-mcp/config';
import { bridgeTopic, dhcpTopic, firewallRulesTopic, PlanTopic, staticRoutesTopic, wirelessTopic } from '@routeros-mcp/domain-plans';
import type { Fleet } from '@routeros-mcp/testing';
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:https';
import type { ServerServices } from '../index';
import { PlanRig, SIM_USER, startPlanRig } from '../../test/plan-rig';

const runner: Principal = { id: 'plan-runner', via: 'stdio' };
/** The passphrases written (new) and replaced (the factory ones): none may be stored, logged or audited in the clear. */
const SECRETS = ['office-wifi-2026-secret', 'guest-ac-2026-secret', 'factory-wifi-key', 'factory-ac-key'];
const FLAGS = {
  allow_advanced_writes: true, allow_professional_workflows: true, allow_firewall_writes: true, allow_routing_writes: true,
  allow_dhcp_writes: true, allow_bridge_writes: true, allow_wireless_writes: true,
};
/** Values that move on their own (counters, timers, ids): left out when rows are compared. */
const VOLATILE = new Set(['.id', 'bytes', 'packets', 'creation-time', 'expires-after', 'last-seen', 'uptime', 'tx-byte', 'rx-byte', 'tx-packet', 'rx-packet', 'fp-tx-byte', 'fp-rx-byte', 'fp-tx-packet', 'fp-rx-packet', 'link-downs', 'last-link-up-time', 'last-link-down-time']);

/** One REST call to a simulated device, as a person at the router would make it. */
function rest(fleet: Fleet, index: number, method: string, path: string, body?: unknown): Promise<unknown> {
  const url = new URL(`${fleet.devices[index].restUrl}/${path}`);
  return new Promise((resolve, reject) => {
    const req = request(url, { method, rejectUnauthorized: false, auth: `${SIM_USER.name}:${SIM_USER.password}`, headers: { 'content-type': 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if ((res.statusCode ?? 500) >= 300) reject(new Error(`device answered ${res.statusCode}: ${text}`));
        else resolve(text ? JSON.parse(text) : undefined);
      });
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** Menus whose row order is configuration; other menus' rows compare in any order (a re-added port goes last). */
const ORDERED = new Set(['ip/firewall/filter', 'ip/firewall/nat']);

/** A device's rows of one menu as its REST API answers them, volatile values left out. */
async function rows(fleet: Fleet, index: number, menu: string): Promise<Record<string, string>[]> {
  const body = (await rest(fleet, index, 'GET', menu)) as Record<string, string>[] | Record<string, string>;
  const list = (Array.isArray(body) ? body : [body]).map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !VOLATILE.has(k))));
  return ORDERED.has(menu) ? list : list.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

interface TopicCase {
  name: string;
  topic: PlanTopic;
  /** The device (fleet index, `mixed` profiles: 0 home, 1 edge, 2 chr, 3 legacy-ap). */
  device: number;
  change: Record<string, unknown>;
  menus: string[];
  /** A change made (and kept) before the case's own, so the case starts from rows the topic already owns. */
  setup?: Record<string, unknown>;
  /** Lines the dry run's diff must hold. */
  diff: RegExp[];
  /** What the device must hold once it ran. */
  holds: (state: Record<string, Record<string, string>[]>) => void;
}

const CASES: TopicCase[] = [
  {
    name: 'firewall_rules',
    topic: firewallRulesTopic as PlanTopic,
    device: 0,
    change: {
      rules: [
        { key: 'admins', chain: 'input', action: 'accept', 'src-address-list': 'mcp-admins' },
        { key: 'ssh-drop', chain: 'input', action: 'drop', protocol: 'tcp', 'dst-port': '2222', note: 'no ssh on 2222' },
        { key: 'web', table: 'nat', chain: 'dstnat', action: 'dst-nat', protocol: 'tcp', 'dst-port': '8080', 'to-addresses': '192.168.88.10', 'to-ports': '80', placement: 'bottom' },
      ],
    },
    menus: ['ip/firewall/filter', 'ip/firewall/nat'],
    diff: [/^\/ip firewall filter add .*comment=mcp:admins.*place-before=/m, /^\/ip firewall nat add .*to-addresses=192\.168\.88\.10/m],
    holds: (s) => {
      const filter = s['ip/firewall/filter'].map((r) => r['comment']);
      expect(filter.slice(0, 2)).toEqual(['mcp:admins', 'mcp:ssh-drop no ssh on 2222']);
      expect(s['ip/firewall/nat'].map((r) => r['comment'])).toEqual(['defconf: masquerade', 'mcp:web']);
    },
  },
  {
    name: 'firewall_rules (reordered and modified)',
    topic: firewallRulesTopic as PlanTopic,
    device: 0,
    setup: { rules: [{ key: 'admins2', chain: 'input', action: 'accept', 'src-address-list': 'mcp-admins' }, { key: 'ssh2', chain: 'input', action: 'drop', protocol: 'tcp', 'dst-port': '2222' }, { key: 'web2', table: 'nat', chain: 'dstnat', action: 'dst-nat', protocol: 'tcp', 'dst-port': '8081', 'to-addresses': '192.168.88.11' }] },
    change: {
      rules: [
        { key: 'ssh2', chain: 'input', action: 'drop', protocol: 'tcp', 'dst-port': '2223' },
        { key: 'icmp2', chain: 'input', action: 'accept', protocol: 'icmp' },
        { key: 'admins2', chain: 'input', action: 'accept', 'src-address-list': 'mcp-admins' },
      ],
      remove: [{ table: 'nat', key: 'web2' }],
    },
    menus: ['ip/firewall/filter', 'ip/firewall/nat'],
    diff: [/^\/ip firewall filter remove/m, /^\/ip firewall nat remove/m, /^\/ip firewall filter add .*comment=mcp:icmp2/m],
    holds: (s) => {
      expect(s['ip/firewall/filter'].slice(0, 3).map((r) => [r['comment'], r['dst-port'] ?? ''])).toEqual([['mcp:ssh2', '2223'], ['mcp:icmp2', ''], ['mcp:admins2', '']]);
      expect(s['ip/firewall/nat'].map((r) => r['comment'])).toEqual(['defconf: masquerade']);
    },
  },
  {
    name: 'static_routes',
    topic: staticRoutesTopic as PlanTopic,
    // The edge router (n = 1): default routes via 203.0.113.2 and 198.51.100.2 (backup, distance 2), 10.0.0.0/8 internal.
    device: 1,
    change: {
      routes: [
        { 'dst-address': '0.0.0.0/0', gateway: '198.51.100.2', distance: 3, comment: 'backup via uplink B' },
        { 'dst-address': '172.16.0.0/12', gateway: '10.100.1.254', comment: 'lab networks', 'check-gateway': 'ping' },
      ],
      remove: [{ 'dst-address': '192.0.2.0/24' }],
    },
    menus: ['ip/route'],
    diff: [/^\/ip route set .*distance=3/m, /^\/ip route add .*dst-address=172\.16\.0\.0\/12/m],
    holds: (s) => {
      const statics = s['ip/route'].filter((r) => r['static'] === 'true');
      expect(statics.find((r) => r['gateway'] === '198.51.100.2')).toMatchObject({ distance: '3', comment: 'backup via uplink B' });
      expect(statics.find((r) => r['dst-address'] === '172.16.0.0/12')).toMatchObject({ gateway: '10.100.1.254', comment: 'lab networks', 'check-gateway': 'ping' });
    },
  },
  {
    name: 'dhcp',
    topic: dhcpTopic as PlanTopic,
    device: 0,
    change: {
      pools: [{ name: 'default-dhcp', ranges: ['192.168.88.100-192.168.88.200'] }, { name: 'mcp-guests', ranges: ['10.9.0.10-10.9.0.200'], comment: 'guests' }],
      networks: [{ address: '192.168.88.0/24', gateway: '192.168.88.1', 'dns-server': ['192.168.88.1', '192.0.2.53'] }, { address: '10.9.0.0/24', gateway: '10.9.0.1', domain: 'guests.lan' }],
      leases: [{ 'mac-address': '02:00:00:00:00:30', address: '192.168.88.30', server: 'defconf', comment: 'nas' }],
    },
    menus: ['ip/pool', 'ip/dhcp-server/network', 'ip/dhcp-server/lease'],
    diff: [/^\/ip pool set .*ranges=192\.168\.88\.100-192\.168\.88\.200/m, /^\/ip dhcp-server network add .*address=10\.9\.0\.0\/24/m, /^\/ip dhcp-server lease add .*mac-address=02:00:00:00:00:30/m],
    holds: (s) => {
      expect(s['ip/pool'].map((p) => [p['name'], p['ranges']]).sort()).toEqual([['default-dhcp', '192.168.88.100-192.168.88.200'], ['mcp-guests', '10.9.0.10-10.9.0.200']]);
      expect(s['ip/dhcp-server/network'].find((n) => n['address'] === '192.168.88.0/24')).toMatchObject({ 'dns-server': '192.168.88.1,192.0.2.53' });
      expect(s['ip/dhcp-server/network'].find((n) => n['address'] === '192.168.88.0/24')?.['comment'] ?? '').toBe('');
      expect(s['ip/dhcp-server/lease'].find((l) => l['mac-address'] === '02:00:00:00:00:30')).toMatchObject({ address: '192.168.88.30', server: 'defconf', comment: 'nas' });
    },
  },
  {
    name: 'bridge',
    topic: bridgeTopic as PlanTopic,
    device: 0,
    change: {
      bridge: 'bridge',
      ports: [{ interface: 'ether4', pvid: 20, 'frame-types': 'admit-only-untagged-and-priority-tagged', comment: 'defconf' }],
      vlans: [{ 'vlan-ids': 20, tagged: ['bridge'], untagged: ['ether4'], comment: 'guests' }],
      remove: { ports: ['ether5'] },
    },
    menus: ['interface/bridge/port', 'interface/bridge/vlan'],
    diff: [/^\/interface bridge port set .*pvid=20/m, /^\/interface bridge vlan add .*vlan-ids=20/m, /^\/interface bridge port remove/m],
    holds: (s) => {
      expect(s['interface/bridge/port'].find((p) => p['interface'] === 'ether4')).toMatchObject({ pvid: '20', 'frame-types': 'admit-only-untagged-and-priority-tagged' });
      expect(s['interface/bridge/port'].some((p) => p['interface'] === 'ether5')).toBe(false);
      expect(s['interface/bridge/vlan']).toEqual([expect.objectContaining({ bridge: 'bridge', 'vlan-ids': '20', tagged: 'bridge', untagged: 'ether4' })]);
    },
  },
  {
    name: 'wireless (wifi package)',
    topic: wirelessTopic as PlanTopic,
    device: 0,
    change: {
      security_profiles: [{ name: 'mcp-office', 'authentication-types': ['wpa2-psk', 'wpa3-psk'], passphrase: SECRETS[0] }],
      interfaces: [{ name: 'wifi1', ssid: 'Office', security_profile: 'mcp-office' }],
    },
    menus: ['interface/wifi', 'interface/wifi/security'],
    diff: [/^\/interface wifi security add .*passphrase="\[redacted\]"/m, /^\/interface wifi set .*configuration\.ssid=Office/m],
    holds: (s) => {
      expect(s['interface/wifi/security']).toEqual([expect.objectContaining({ name: 'mcp-office', passphrase: SECRETS[0], 'authentication-types': 'wpa2-psk,wpa3-psk' })]);
      const wifi1 = s['interface/wifi'].find((w) => w['name'] === 'wifi1')!;
      expect(wifi1).toMatchObject({ 'configuration.ssid': 'Office', security: 'mcp-office' });
      expect(wifi1['security.passphrase']).toBeUndefined();
    },
  },
  {
    name: 'wireless (legacy package, passphrase rotated in place)',
    topic: wirelessTopic as PlanTopic,
    device: 3,
    change: { package: 'wireless', security_profiles: [{ name: 'default', 'authentication-types': ['wpa2-psk'], passphrase: SECRETS[1] }], interfaces: [{ name: 'wlan1', ssid: 'Guests' }] },
    menus: ['interface/wireless', 'interface/wireless/security-profiles'],
    diff: [/^\/interface wireless security-profiles set .*wpa2-pre-shared-key="\[redacted\]"/m, /^\/interface wireless set .*ssid=Guests/m],
    holds: (s) => {
      expect(s['interface/wireless/security-profiles']).toEqual([expect.objectContaining({ name: 'default', 'wpa2-pre-shared-key': SECRETS[1] })]);
      expect(s['interface/wireless'].find((w) => w['name'] === 'wlan1')).toMatchObject({ ssid: 'Guests' });
    },
  },
];

describe.each(['7.15.3', '7.20.5'])('plan topics through the change pipeline on RouterOS %s', (version) => {
  let rig: PlanRig;
  let fleet: Fleet;
  let server: ServerServices;

  beforeAll(async () => {
    rig = await startPlanRig({ fleet: { devices: 4, profile: 'mixed', version }, logLevel: 'debug', capabilities: () => FLAGS });
    ({ fleet, server } = rig);
  }, 180_000);
  afterAll(() => rig?.close());

  const state = async (c: TopicCase) => Object.fromEntries(await Promise.all(c.menus.map(async (m) => [m, await rows(fleet, c.device, m)] as const)));
  const step = (c: TopicCase, dryRun: boolean) =>
    server.changes.run({
      principal: runner, correlationId: `c-${c.name}-${dryRun}`, environment: 'lab', deviceId: `r${c.device}`, tool: c.topic.tool, tier: 'professional',
      ...(c.topic.requiresFlag ? { requiresFlag: c.topic.requiresFlag } : {}), planner: c.topic.planner, input: c.topic.parse(c.change), dryRun,
      authority: { kind: 'approved_plan', planId: `plan-${c.name}`, stepId: `step-${c.name}` },
    });

  it.each(CASES.map((c) => [c.name, c] as const))('%s: dry run shows the diff, the run makes the device hold it, the revert restores it', async (_name, c) => {
    if (c.setup) expect(await step({ ...c, change: c.setup }, false)).toMatchObject({ changed: true, verification: { status: 'verified' } });
    const before = await state(c);
    const dry = await step(c, true);
    expect(dry).toMatchObject({ changed: true, dryRun: true });
    for (const line of c.diff) expect(dry.diff.join('\n')).toMatch(line);
    expect(await state(c)).toEqual(before);

    const ran = await step(c, false);
    expect(ran).toMatchObject({ changed: true, verification: { status: 'verified' } });
    c.holds(await state(c));
    // Idempotent: the device already holds it.
    expect(await step(c, true)).toMatchObject({ changed: false });

    const reverted = await server.changes.revert({ principal: runner, correlationId: `c-${c.name}-revert`, environment: 'lab', changeId: ran.changeId!, dryRun: false });
    expect(reverted).toMatchObject({ changed: true, verification: { status: 'verified' } });
    expect(await state(c)).toEqual(before);
    // Results show a passphrase as [redacted], never its value.
    for (const result of [dry, ran, reverted]) for (const secret of SECRETS) expect(JSON.stringify(result)).not.toContain(secret);
  }, 120_000);

  it('wireless: no passphrase, new or old, in a result, change record, audit record, log line or the database file', async () => {
    const found: string[] = [];
    const look = (where: string, text: string) => {
      for (const secret of SECRETS) if (text.includes(secret)) found.push(`${secret} in ${where}`);
    };
    const records = await server.changes.list({ limit: 200 });
    expect(records.filter((r) => r.tool === wirelessTopic.tool || r.tool === 'change_revert').length).toBeGreaterThanOrEqual(4);
    look('change records', JSON.stringify(records));
    look('audit', JSON.stringify(await server.audit.recent({ limit: 500 })));
    look('logs', rig.logs.join(''));
    const file = sqlitePath(rig.config);
    for (const f of [file, `${file}-wal`, `${file}-journal`]) if (existsSync(f)) look(f, readFileSync(f).toString('latin1'));
    expect(found).toEqual([]);
    // The old passphrases are kept, sealed, to undo the changes.
    expect(JSON.stringify(records)).toMatch(/"sealed:[^"]+"/);
  }, 60_000);

  it('bridge: a change that would take the management port out of its VLAN is refused, nothing written', async () => {
    const c = CASES.find((k) => k.name === 'bridge')!;
    const before = await state(c);
    // The service reaches the home router through ether2 (untagged, PVID 1); with VLAN filtering on, the PVID counts.
    const bridges = (await rest(fleet, 0, 'GET', 'interface/bridge')) as Record<string, string>[];
    const bridgeId = bridges.find((b) => b['name'] === 'bridge')!['.id'];
    await rest(fleet, 0, 'PATCH', `interface/bridge/${bridgeId}`, { 'vlan-filtering': 'yes' });
    const cut = { ...c, change: { bridge: 'bridge', ports: [{ interface: 'ether2', pvid: 30 }], remove: { ports: [] } } };
    const removed = { ...c, change: { bridge: 'bridge', remove: { ports: ['ether2'] } } };
    try {
      for (const attempt of [cut, removed]) {
        await expect(step(attempt, true)).rejects.toMatchObject({ code: 'SAFETY.PROTECT_MANAGEMENT_PATH' });
        await expect(step(attempt, false)).rejects.toMatchObject({ code: 'SAFETY.PROTECT_MANAGEMENT_PATH' });
      }
      expect(await state(c)).toEqual(before);
    } finally {
      await rest(fleet, 0, 'PATCH', `interface/bridge/${bridgeId}`, { 'vlan-filtering': 'no' });
    }
  }, 60_000);
});
