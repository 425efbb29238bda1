import { randomBytes } from 'node:crypto';
import type { Row } from '../rest/print-query';
import { invalidArg, numberIn } from './arg-rules';
import { interfaceCounters } from './interface-traffic';
import type { MenuSpec, ReadContext } from './menu-spec';
import { errors } from '../rest/rest-error';

/**
 * Interface menus beyond ethernet, VLAN, bridge, wifi and WireGuard: tunnels (EoIP, GRE, IPIP, 6to4 and their IPv6
 * forms, VXLAN), virtual interfaces (veth, MACVLAN), VRRP and bonding. Each joins `/interface` with RouterOS's type
 * name, shares the interface id counter, takes a name no other interface has, and is named `<prefix>N` when added
 * without one. Defaults and computed values follow MikroTik's manual page of each menu (cited per menu below).
 */

/** A new locally administered unicast MAC (`02:…`) for an L2 interface added without `mac-address`. */
export function newLocalMac(): string {
  const bytes = [0x02, ...randomBytes(5)];
  return bytes.map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join(':');
}

/** Stored at creation, as RouterOS's exports print it (`add mac-address=02:… name=eoip-tunnel1 …`). */
export const generatedMac = (values: Record<string, string | undefined>): Record<string, string> => (values['mac-address'] ? {} : { 'mac-address': newLocalMac() });

const enabled = (row: Row) => row['disabled'] !== 'true';

/** Header bytes a tunnel adds to the packets it carries: its actual MTU is 1500 less these while `mtu=auto`. */
const actualMtuOf = (row: Row, overhead: number) => (/^\d+$/.test(row['mtu'] ?? '') ? row['mtu'] : String(1500 - overhead));

/** `mtu` of a tunnel: a whole number or `auto` (GRE, IPIP, EoIP manual pages: `mtu (integer | auto; Default: auto)`). */
function tunnelArg(key: string, value: string): string | undefined {
  switch (key) {
    case 'mtu':
      if (value === 'auto') return value;
      return numberIn(key, value, 0, 65535);
    case 'dscp':
      return value === 'inherit' ? value : numberIn(key, value, 0, 63);
    case 'dont-fragment':
      if (!['inherit', 'no'].includes(value)) throw errors.noMatch(key);
      return value;
  }
  return undefined;
}

/** The running flag and the counters every interface prints, with the tunnel's own actual MTU and L2 MTU. */
function tunnelState(overhead: number, l2mtu?: string) {
  return (row: Row, ctx: ReadContext): Record<string, string> => ({
    ...interfaceCounters(row, ctx),
    'actual-mtu': actualMtuOf(row, overhead),
    ...(l2mtu ? { l2mtu } : {}),
  });
}

/** Rows shared by every menu here: an interface of the shared id space, named uniquely, with `disabled` printed. */
const base = (path: string, interfaceType: string, autoName: string): Pick<MenuSpec, 'path' | 'kind' | 'writable' | 'idGroup' | 'interfaceType' | 'unique' | 'autoName'> => ({
  path, kind: 'table', writable: true, idGroup: 'interface', interfaceType, unique: 'name', autoName,
});

/** Properties every GRE-family tunnel has (GRE, IPIP, 6to4 manual pages: the same table and defaults). */
const L3_TUNNEL_DEFAULTS = { disabled: 'false', 'clamp-tcp-mss': 'true', dscp: 'inherit', mtu: 'auto' };

/** `keepalive=10s,10` (GRE, IPIP, EoIP manual pages: `keepalive (integer[/time],integer; Default: 10s,10)`). */
const KEEPALIVE = { keepalive: '10s,10' };

/** Loop protect and ARP of an L2 interface (Loop Protect manual: `loop-protect=default`, 5m disable, 5s send). */
const L2_DEFAULTS = { arp: 'enabled', 'arp-timeout': 'auto', 'loop-protect': 'default', 'loop-protect-disable-time': '5m', 'loop-protect-send-interval': '5s' };

/** A tunnel id (EoIP manual: `tunnel-id (integer: 0..65536)`); the same range for EoIPv6. */
function eoipArg(key: string, value: string): string | undefined {
  if (key === 'tunnel-id') return numberIn(key, value, 0, 65535);
  return tunnelArg(key, value);
}

/** A VXLAN network identifier and UDP port (VXLAN manual: `vni (integer: 1..16777216)`, `port (integer: 0..65535; Default: 8472)`). */
function vxlanArg(key: string, value: string): string | undefined {
  switch (key) {
    case 'vni': return numberIn(key, value, 1, 16777215);
    case 'port': return numberIn(key, value, 0, 65535);
    case 'max-fdb-size': return numberIn(key, value, 0, 4294967295);
  }
  return undefined;
}

/** VRRP's identifiers and priority (VRRP manual: `vrid (integer: 0..255; Default: 1)`, `priority (integer: 1..254; Default: 100)`, `version (2 | 3)`). */
function vrrpArg(key: string, value: string): string | undefined {
  switch (key) {
    case 'vrid': return numberIn(key, value, 0, 255);
    case 'priority': return numberIn(key, value, 1, 254);
    case 'version':
      if (value !== '2' && value !== '3') throw invalidArg(key);
      return value;
  }
  return undefined;
}

/** The interface `name` names, as `/interface` holds it. */
const parentOf = (row: Row, ctx: ReadContext) => ctx.rowsOf('interface').find((i) => i['name'] === row['interface']);
const parentRunning = (parent: Row | undefined) => !!parent && enabled(parent) && parent['.link'] !== 'down';

/**
 * A VRRP interface runs (and is master) while enabled on a running interface: no other router of the group ever
 * answers in the simulator, so the instance wins the election (chosen without a source beyond the manual's state
 * machine: a router that hears no advertisement for the master-down interval becomes master; docs/simulator.md).
 * Its MAC is the RFC 5798 virtual router MAC, `00:00:5E:00:01:<vrid>`.
 */
function vrrpState(row: Row, ctx: ReadContext): Record<string, string> {
  const master = enabled(row) && parentRunning(parentOf(row, ctx));
  const vrid = Number(row['vrid'] ?? '1').toString(16).padStart(2, '0').toUpperCase();
  return {
    ...interfaceCounters(row, ctx),
    running: String(master), master: String(master), backup: 'false', invalid: String(!parentOf(row, ctx)),
    'mac-address': `00:00:5E:00:01:${vrid}`, 'actual-mtu': '1500',
  };
}

/** A MACVLAN runs while its parent interface runs (MACVLAN manual: it is a virtual interface on top of `interface`). */
function macvlanState(row: Row, ctx: ReadContext): Record<string, string> {
  const running = enabled(row) && parentRunning(parentOf(row, ctx));
  return { ...interfaceCounters(row, ctx), running: String(running), 'actual-mtu': /^\d+$/.test(row['mtu'] ?? '') ? row['mtu'] : '1500', l2mtu: '65535' };
}

/** A bond runs while enabled and one of its slaves runs (Bonding manual: `min-links` defaults to 0). */
function bondState(row: Row, ctx: ReadContext): Record<string, string> {
  const interfaces = ctx.rowsOf('interface');
  const slaves = (row['slaves'] ?? '').split(',').filter(Boolean);
  const running = enabled(row) && slaves.some((s) => parentRunning(interfaces.find((i) => i['name'] === s)));
  return { ...interfaceCounters(row, ctx), running: String(running) };
}

export const TUNNEL_INTERFACE_MENUS: MenuSpec[] = [
  // EoIP (help.mikrotik.com/docs/spaces/ROS/pages/24805521/EoIP): tunnel-id and remote-address are required; an
  // Ethernet-like interface with ARP and Loop Protect and a generated MAC; 42 bytes of overhead (IP 20, GRE 8, Ethernet 14).
  {
    ...base('interface/eoip', 'eoip-tunnel', 'eoip-tunnel'), bools: ['disabled', 'allow-fast-path', 'clamp-tcp-mss'], required: ['remote-address', 'tunnel-id'],
    defaults: { ...L3_TUNNEL_DEFAULTS, ...KEEPALIVE, ...L2_DEFAULTS, 'allow-fast-path': 'true', 'dont-fragment': 'no', 'local-address': '0.0.0.0' },
    derive: generatedMac,
    argRule: eoipArg, sensitive: ['ipsec-secret'], computed: tunnelState(42, '65535'),
  },
  // EoIPv6 (help.mikrotik.com/docs/spaces/ROS/pages/24805521/EoIP, "EoIPv6"): as EoIP over IPv6 (40-byte header).
  {
    ...base('interface/eoipv6', 'eoipv6-tunnel', 'eoipv6-tunnel'), bools: ['disabled', 'clamp-tcp-mss'], required: ['remote-address', 'tunnel-id'],
    defaults: { ...L3_TUNNEL_DEFAULTS, ...KEEPALIVE, ...L2_DEFAULTS },
    derive: generatedMac,
    argRule: eoipArg, sensitive: ['ipsec-secret'], computed: tunnelState(62, '65535'),
  },
  // GRE (help.mikrotik.com/docs/spaces/ROS/pages/24805536/GRE): remote-address required, keepalive 10s,10; 24 bytes of overhead.
  {
    ...base('interface/gre', 'gre-tunnel', 'gre-tunnel'), bools: ['disabled', 'allow-fast-path', 'clamp-tcp-mss'], required: ['remote-address'],
    defaults: { ...L3_TUNNEL_DEFAULTS, ...KEEPALIVE, 'allow-fast-path': 'true', 'dont-fragment': 'no', 'local-address': '0.0.0.0' },
    argRule: tunnelArg, sensitive: ['ipsec-secret'], computed: tunnelState(24, '65535'),
  },
  // GRE over IPv6 (GRE manual page, gre6): 44 bytes of overhead.
  {
    ...base('interface/gre6', 'gre6-tunnel', 'gre6-tunnel'), bools: ['disabled', 'clamp-tcp-mss'], required: ['remote-address'],
    defaults: { ...L3_TUNNEL_DEFAULTS, ...KEEPALIVE, 'local-address': '::' },
    argRule: tunnelArg, sensitive: ['ipsec-secret'], computed: tunnelState(44, '65535'),
  },
  // IPIP (help.mikrotik.com/docs/spaces/ROS/pages/24805537/IPIP+and+IPIPv6): remote-address required; 20 bytes of overhead.
  {
    ...base('interface/ipip', 'ipip-tunnel', 'ipip-tunnel'), bools: ['disabled', 'allow-fast-path', 'clamp-tcp-mss'], required: ['remote-address'],
    defaults: { ...L3_TUNNEL_DEFAULTS, ...KEEPALIVE, 'allow-fast-path': 'true', 'dont-fragment': 'no', 'local-address': '0.0.0.0' },
    argRule: tunnelArg, sensitive: ['ipsec-secret'], computed: tunnelState(20, '65535'),
  },
  // IPIPv6 (same page): 40 bytes of overhead.
  {
    ...base('interface/ipipv6', 'ipipv6-tunnel', 'ipipv6-tunnel'), bools: ['disabled', 'clamp-tcp-mss'], required: ['remote-address'],
    defaults: { ...L3_TUNNEL_DEFAULTS, ...KEEPALIVE, 'local-address': '::' },
    argRule: tunnelArg, sensitive: ['ipsec-secret'], computed: tunnelState(40, '65535'),
  },
  // 6to4 (help.mikrotik.com/docs/spaces/ROS/pages/24805540/6to4): no required argument (a 6to4 relay can be anycast);
  // keepalive has no default on that page, so none is printed.
  {
    ...base('interface/6to4', '6to4-tunnel', '6to4-tunnel'), bools: ['disabled', 'clamp-tcp-mss'],
    defaults: { ...L3_TUNNEL_DEFAULTS, 'dont-fragment': 'no', 'local-address': '0.0.0.0' },
    argRule: tunnelArg, sensitive: ['ipsec-secret'], computed: tunnelState(20, '65535'),
  },
  // VXLAN (help.mikrotik.com/docs/spaces/ROS/pages/100007937/VXLAN): vni required, UDP port 8472, MTU 1500, a
  // generated MAC, ARP and Loop Protect like any L2 interface. Only the arguments both trees share get defaults.
  {
    ...base('interface/vxlan', 'vxlan', 'vxlan'), bools: ['disabled', 'allow-fast-path'], required: ['vni'], refs: { interface: 'interface' },
    defaults: { disabled: 'false', ...L2_DEFAULTS, 'allow-fast-path': 'true', 'dont-fragment': 'auto', 'max-fdb-size': '4096', mtu: '1500', port: '8472', 'vteps-ip-version': 'ipv4' },
    derive: generatedMac,
    argRule: vxlanArg, computed: tunnelState(0, '65535'),
  },
  // VRRP (help.mikrotik.com/docs/spaces/ROS/pages/81362945/VRRP): the interface it runs on is required and must exist.
  {
    ...base('interface/vrrp', 'vrrp', 'vrrp'), bools: ['disabled', 'preemption-mode', 'sync-connection-tracking'], required: ['interface'], refs: { interface: 'interface' },
    defaults: { disabled: 'false', arp: 'enabled', 'arp-timeout': 'auto', authentication: 'none', interval: '1s', 'preemption-mode': 'true', priority: '100', 'sync-connection-tracking': 'false', 'v3-protocol': 'ipv4', version: '3', vrid: '1' },
    argRule: vrrpArg, sensitive: ['password'], computed: vrrpState,
  },
  // veth (help.mikrotik.com/docs/spaces/ROS/pages/84901929/Container): the container's end of a virtual Ethernet pair; runs while enabled.
  {
    ...base('interface/veth', 'veth', 'veth'), bools: ['disabled'], defaults: { disabled: 'false' },
    computed: tunnelState(0),
  },
  // MACVLAN (help.mikrotik.com/docs/spaces/ROS/pages/134643714/MACVLAN): on top of an existing interface, mode
  // bridge, MTU 1500, a generated MAC.
  {
    ...base('interface/macvlan', 'macvlan', 'macvlan'), bools: ['disabled'], required: ['interface'], refs: { interface: 'interface' },
    defaults: { disabled: 'false', ...L2_DEFAULTS, mode: 'bridge', mtu: '1500' },
    derive: generatedMac,
    computed: macvlanState,
  },
  // Bonding (help.mikrotik.com/docs/spaces/ROS/pages/8323193/Bonding): balance-rr over MII monitoring every 100 ms.
  {
    ...base('interface/bonding', 'bond', 'bonding'), bools: ['disabled'],
    defaults: { disabled: 'false', arp: 'enabled', 'arp-interval': '100ms', 'arp-timeout': 'auto', 'down-delay': '0ms', 'lacp-rate': '30secs', 'link-monitoring': 'mii', 'mii-interval': '100ms', 'min-links': '0', mode: 'balance-rr', mtu: '1500', 'transmit-hash-policy': 'layer-2', 'up-delay': '0ms' },
    computed: bondState,
  },
  // HWMP+ mesh (wiki.mikrotik.com/wiki/Manual:Interface/Mesh: `arp=enabled`, `auto-mac=yes`, `mtu=1500`): a
  // bridge-like interface that runs while enabled, as a bridge does without ports.
  {
    ...base('interface/mesh', 'mesh', 'mesh'), bools: ['disabled', 'auto-mac'], defaults: { disabled: 'false', arp: 'enabled', 'auto-mac': 'true', mtu: '1500' },
    computed: tunnelState(0),
  },
];
