import type { LiveRows, Row } from '@routeros-mcp/domain-changes';
import { Ipv4Span, parseInterfaceAddress } from './ip-range';
import { WIRELESS_STACKS } from './wireless-stacks';

/** Typed view of the rows the management path depends on, parsed once per state (`before`, `after`). */
export interface InterfaceInfo {
  name: string;
  type: string;
  disabled: boolean;
  /** Made by RouterOS or a service (PPP, CAPsMAN…): a member of the built-in `dynamic` list, not of `static`. */
  dynamic: boolean;
  /** The interface's ARP mode (`enabled`, `disabled`, `reply-only`, `proxy-arp`…). */
  arp: string;
  /** VLAN interfaces: the interface they sit on, and their tag. */
  parent?: string;
  vlanId?: number;
  /** Bonding interfaces: their slaves. */
  slaves?: string[];
  /** Virtual wireless interfaces: the radio they are made on (down when it is). */
  master?: string;
}

export interface BridgeInfo {
  name: string;
  vlanFiltering: boolean;
  pvid: number;
  /** What the bridge interface itself (the device's own side) admits. */
  frameTypes: string;
}

export interface AddressInfo {
  id: string;
  text: string;
  ip: number;
  ipText: string;
  network: Ipv4Span;
  interface: string;
  active: boolean;
  disabled: boolean;
}

export interface BridgePortInfo {
  id: string;
  interface: string;
  bridge: string;
  disabled: boolean;
  pvid: number;
  frameTypes: string;
}

export interface BridgeVlanInfo {
  bridge: string;
  vlanIds: Array<[number, number]>;
  tagged: Set<string>;
  untagged: Set<string>;
}

export interface ServiceInfo {
  name: string;
  disabled: boolean;
  port: number;
  address: string;
  vrf: string;
  certificate: string;
}

/** A `/certificate` row as far as a TLS service presents it: which certificate (by fingerprint) and whether it has its key. */
export interface CertificateInfo {
  id: string;
  name: string;
  fingerprint: string;
  privateKey: boolean;
}

export interface AddressListEntry {
  list: string;
  address: string;
  timed: boolean;
}

/**
 * `/interface/bridge/settings` as far as the service's packets go: whether the IP firewall knows their bridge port
 * (`in-bridge-port` matches only with `use-ip-firewall`; VLAN traffic needs `use-ip-firewall-for-vlan` too).
 */
export interface BridgeFirewallInfo {
  useIpFirewall: boolean;
  forVlan: boolean;
}

export interface Snapshot {
  rows: LiveRows;
  /** Resolves a name from `before` to the same interface's name in this state (interfaces can be renamed). */
  canon(name: string): string;
  interfaces: Map<string, InterfaceInfo>;
  bridges: Map<string, BridgeInfo>;
  addresses: AddressInfo[];
  bridgePorts: BridgePortInfo[];
  bridgeVlans: BridgeVlanInfo[];
  services: Map<string, ServiceInfo>;
  certificates: CertificateInfo[];
  addressLists: AddressListEntry[];
  /** Interface-list name → member interfaces (include/exclude resolved). */
  interfaceLists: Map<string, Set<string>>;
  bridgeFirewall: BridgeFirewallInfo;
}

export const isTrue = (value: string | undefined): boolean => value === 'true' || value === 'yes';
export const rowsOf = (rows: LiveRows, menu: string): readonly Row[] => rows[menu] ?? [];
export const splitList = (value: string | undefined): string[] => (value ? value.split(',').map((v) => v.trim()).filter(Boolean) : []);
const num = (value: string | undefined, fallback: number): number => (value !== undefined && /^\d+$/.test(value) ? Number(value) : fallback);

const INTERFACE_MENUS: Array<[string, string]> = [
  ['interface', ''], ['interface/ethernet', 'ether'], ['interface/bridge', 'bridge'], ['interface/vlan', 'vlan'], ['interface/bonding', 'bond'],
  ...WIRELESS_STACKS.map((s): [string, string] => [s.interfaces, s.type]),
];
const WIRELESS_MENUS = new Set(WIRELESS_STACKS.map((s) => s.interfaces));

/** Interfaces renamed between two states, matched by `.id` (RouterOS keeps references across a rename). */
export function interfaceRenames(before: LiveRows, after: LiveRows): Map<string, string> {
  const renames = new Map<string, string>();
  for (const [menu] of INTERFACE_MENUS) {
    const names = new Map(rowsOf(after, menu).filter((r) => r['.id']).map((r) => [r['.id'], r['name']]));
    for (const row of rowsOf(before, menu)) {
      const renamed = names.get(row['.id'] ?? '');
      if (row['name'] && renamed && renamed !== row['name']) renames.set(row['name'], renamed);
    }
  }
  return renames;
}

/** A parsed state whose pieces may be reused for another state, for the menus both states hold alike. */
export interface SnapshotBase {
  snap: Snapshot;
  unchanged: ReadonlySet<string>;
}

const INTERFACE_MENU_NAMES = INTERFACE_MENUS.map(([menu]) => menu);

/**
 * Parses the rows once. With a `base` (the `before` state) and no renames, pieces whose menus the change left alone
 * are taken from the base instead of being parsed again: a change usually touches one menu of many.
 */
export function parseSnapshot(rows: LiveRows, renames: Map<string, string> = new Map(), base?: SnapshotBase): Snapshot {
  const canon = (name: string): string => renames.get(name) ?? name;
  const reusable = base && renames.size === 0 ? base : undefined;
  const piece = <K extends keyof Snapshot>(key: K, menus: readonly string[], build: () => Snapshot[K]): Snapshot[K] =>
    reusable && menus.every((m) => reusable.unchanged.has(m)) ? reusable.snap[key] : build();
  const interfaces = piece('interfaces', INTERFACE_MENU_NAMES, () => parseInterfaces(rows, canon));
  return {
    rows,
    canon,
    interfaces,
    bridges: piece('bridges', ['interface/bridge'], () => {
      const bridges = new Map<string, BridgeInfo>();
      for (const r of rowsOf(rows, 'interface/bridge')) {
        if (r['name']) bridges.set(canon(r['name']), { name: canon(r['name']), vlanFiltering: isTrue(r['vlan-filtering']), pvid: num(r['pvid'], 1), frameTypes: r['frame-types'] || 'admit-all' });
      }
      return bridges;
    }),
    addresses: piece('addresses', ['ip/address', ...INTERFACE_MENU_NAMES], () => parseAddresses(rows, canon, interfaces)),
    bridgePorts: piece('bridgePorts', ['interface/bridge/port'], () => rowsOf(rows, 'interface/bridge/port').map((r) => ({
      id: r['.id'] ?? '', interface: canon(r['interface'] ?? ''), bridge: canon(r['bridge'] ?? ''), disabled: isTrue(r['disabled']), pvid: num(r['pvid'], 1), frameTypes: r['frame-types'] || 'admit-all',
    }))),
    bridgeVlans: piece('bridgeVlans', ['interface/bridge/vlan'], () => rowsOf(rows, 'interface/bridge/vlan')
      .filter((r) => !isTrue(r['disabled']) && !isTrue(r['dynamic']))
      .map((r) => ({ bridge: canon(r['bridge'] ?? ''), vlanIds: parseVlanIds(r['vlan-ids']), tagged: new Set(splitList(r['tagged']).map(canon)), untagged: new Set(splitList(r['untagged']).map(canon)) }))),
    services: piece('services', ['ip/service'], () => new Map(rowsOf(rows, 'ip/service').map((r) => [r['name'] ?? '', {
      name: r['name'] ?? '', disabled: isTrue(r['disabled']), port: num(r['port'], 0), address: r['address'] ?? '', vrf: r['vrf'] || 'main', certificate: r['certificate'] ?? '',
    }]))),
    certificates: piece('certificates', ['certificate'], () => rowsOf(rows, 'certificate').map((r) => ({
      id: r['.id'] ?? '', name: r['name'] ?? '', fingerprint: r['fingerprint'] ?? '', privateKey: isTrue(r['private-key']),
    }))),
    addressLists: piece('addressLists', ['ip/firewall/address-list'], () => rowsOf(rows, 'ip/firewall/address-list')
      .filter((r) => !isTrue(r['disabled']))
      .map((r) => ({ list: r['list'] ?? '', address: r['address'] ?? '', timed: Boolean(r['timeout']) }))),
    bridgeFirewall: piece('bridgeFirewall', ['interface/bridge/settings'], () => {
      const row = rowsOf(rows, 'interface/bridge/settings')[0];
      return { useIpFirewall: isTrue(row?.['use-ip-firewall']), forVlan: isTrue(row?.['use-ip-firewall-for-vlan']) };
    }),
    interfaceLists: piece('interfaceLists', ['interface/list', 'interface/list/member', ...INTERFACE_MENU_NAMES], () => parseInterfaceLists(rows, canon, interfaces)),
  };
}

function parseAddresses(rows: LiveRows, canon: (n: string) => string, interfaces: Map<string, InterfaceInfo>): AddressInfo[] {
  const addresses: AddressInfo[] = [];
  for (const r of rowsOf(rows, 'ip/address')) {
    const parsed = parseInterfaceAddress(r['address'] ?? '');
    if (!parsed) continue;
    const iface = canon(r['interface'] ?? '');
    const disabled = isTrue(r['disabled']);
    addresses.push({ id: r['.id'] ?? '', text: r['address'] ?? '', ip: parsed.ip, ipText: parsed.ipText, network: parsed.network, interface: iface, disabled, active: !disabled && !isTrue(r['invalid']) && interfaces.has(iface) });
  }
  return addresses;
}

function parseInterfaces(rows: LiveRows, canon: (n: string) => string): Map<string, InterfaceInfo> {
  const interfaces = new Map<string, InterfaceInfo>();
  for (const [menu, type] of INTERFACE_MENUS) {
    for (const r of rowsOf(rows, menu)) {
      if (!r['name']) continue;
      const name = canon(r['name']);
      const known = interfaces.get(name) ?? { name, type: type || r['type'] || '', disabled: false, dynamic: false, arp: 'enabled' };
      if (r['arp'] && (menu !== 'interface' || known.arp === 'enabled')) known.arp = r['arp'];
      known.dynamic ||= isTrue(r['dynamic']) || isTrue(r['.dynamic']);
      // A disable written through any of the interface's menus counts: the rows of the other menus may be stale.
      known.disabled ||= isTrue(r['disabled']);
      if (type) known.type = type;
      if (menu === 'interface/vlan') Object.assign(known, { parent: canon(r['interface'] ?? ''), vlanId: num(r['vlan-id'], 0) });
      if (menu === 'interface/bonding') known.slaves = splitList(r['slaves']).map(canon);
      if (WIRELESS_MENUS.has(menu) && r['master-interface'] && r['master-interface'] !== 'none') known.master = canon(r['master-interface']);
      interfaces.set(name, known);
    }
  }
  return interfaces;
}

/** `10,20-30` → inclusive ranges. */
export function parseVlanIds(value: string | undefined): Array<[number, number]> {
  return splitList(value).map((part) => {
    const [lo, hi] = part.split('-').map((v) => Number(v));
    return [lo, Number.isFinite(hi) ? hi : lo] as [number, number];
  });
}


function parseInterfaceLists(rows: LiveRows, canon: (n: string) => string, interfaces: Map<string, InterfaceInfo>): Map<string, Set<string>> {
  const direct = new Map<string, Set<string>>();
  for (const r of rowsOf(rows, 'interface/list/member')) {
    if (isTrue(r['disabled']) || !r['list']) continue;
    const set = direct.get(r['list']) ?? new Set<string>();
    set.add(canon(r['interface'] ?? ''));
    direct.set(r['list'], set);
  }
  const defs = new Map(rowsOf(rows, 'interface/list').map((r) => [r['name'] ?? '', r]));
  const resolved = new Map<string, Set<string>>();
  const resolve = (list: string, seen: Set<string>): Set<string> => {
    if (resolved.has(list)) return resolved.get(list)!;
    if (list === 'all') return new Set(interfaces.keys());
    if (list === 'dynamic' || list === 'static') return new Set([...interfaces.values()].filter((i) => i.dynamic === (list === 'dynamic')).map((i) => i.name));
    if (list === 'none' || seen.has(list)) return new Set();
    seen.add(list);
    const members = new Set(direct.get(list) ?? []);
    const def = defs.get(list);
    for (const inc of splitList(def?.['include'])) for (const m of resolve(inc, seen)) members.add(m);
    for (const exc of splitList(def?.['exclude'])) for (const m of resolve(exc, seen)) members.delete(m);
    resolved.set(list, members);
    return members;
  };
  for (const list of new Set([...direct.keys(), ...defs.keys()])) resolve(list, new Set());
  for (const builtin of ['all', 'none', 'dynamic', 'static']) resolved.set(builtin, resolve(builtin, new Set()));
  return resolved;
}
