import ipaddr from 'ipaddr.js';
import type { Row } from '../rest/print-query';
import { errors, RestError } from '../rest/rest-error';
import { invalidArg, numberIn, outOfRangeText } from './arg-rules';
import type { MenuSpec } from './menu-spec';
import { existingName, listOf, oneOf } from './menu-values';
import { routeStates } from './routing';
import { checkTreeValue } from './tree-rules';
import { formatId, normaliseBool, parseTimeMs } from './values';

/**
 * IPv6 beyond addresses (MikroTik's IPv6 Routing, Neighbor Discovery, Pool and DHCPv6 client/server pages, and the
 * command trees): static routes beside the connected ones RouterOS derives from `/ipv6/address`, ND with its
 * built-in row for all interfaces, pools, and the DHCPv6 client and server. No protocol runs: no router
 * advertisement is sent, no DHCPv6 server answers (status fields as a router with no upstream server shows them).
 */

/** An interface that exists, is enabled and has its link up. */
const interfaceRunning = (interfaces: Row[], name: string | undefined) =>
  interfaces.some((i) => i['name'] === name && i['disabled'] !== 'true' && i['.link'] !== 'down');

/** A yes/no argument only newer trees have (7.20), so it cannot be one of the menu's `bools` (checked on 7.15 too). */
function newerBool(key: string, value: string): string {
  const bool = normaliseBool(value);
  if (bool === undefined) throw errors.invalidValue(key, value);
  return bool;
}

type Ctx = { command: 'add' | 'set'; version: string; rowsOf(path: string): Row[] };

/** `2001:db8::/32` → its network and length; undefined when it is not an IPv6 prefix (a bare address is a /128). */
export function ipv6Prefix(text: string): { network: string; bits: number } | undefined {
  const [host, bits, extra] = text.split('/');
  if (extra !== undefined || !ipaddr.IPv6.isValid(host) || (bits !== undefined && (!/^\d{1,3}$/.test(bits) || Number(bits) > 128))) return undefined;
  const length = bits === undefined ? 128 : Number(bits);
  return { network: ipaddr.IPv6.networkAddressFromCIDR(`${host}/${length}`).toString(), bits: length };
}

/** A prefix as RouterOS stores it: its network (`2001:db8::1/64` → `2001:db8::/64`). */
function storedPrefix(key: string, value: string): string {
  const prefix = ipv6Prefix(value);
  if (!prefix) throw invalidArg(key);
  return `${prefix.network}/${prefix.bits}`;
}

/**
 * A route's gateway (IPv6 Routing page): an IPv6 address, one scoped to an interface (`fe80::1%ether1`, as a
 * link-local next hop needs), or an interface. A missing interface is what RouterOS names, as for IPv4 routes.
 */
export function ipv6Gateway(value: string, interfaces: Row[]): string {
  const [host, via, extra] = value.split('%');
  const exists = (name: string) => interfaces.some((i) => i['name'] === name);
  if (extra === undefined && ipaddr.IPv6.isValid(host)) {
    if (via === undefined || exists(via)) return via === undefined ? ipaddr.parse(host).toString() : `${ipaddr.parse(host).toString()}%${via}`;
    throw errors.noMatch('interface');
  }
  if (via === undefined && exists(value)) return value;
  if (via === undefined && /^[A-Za-z][\w.-]*$/.test(value)) throw errors.noMatch('interface');
  throw invalidArg('gateway');
}

/**
 * `ra-interval` is `min-max` (ND page: min 3s..20m50s, max 4s..30m, default 3m20s-10m). The minimum is checked as
 * the tree describes it; a maximum below the minimum is refused (RFC 4861; wording chosen, docs/simulator.md).
 * A single value is taken as the minimum alone, as the tree's description reads (chosen).
 */
export function raInterval(value: string, ctx: Ctx, path: string): string {
  const [min, max, extra] = value.split('-');
  if (extra !== undefined || min === '') throw invalidArg('ra-interval');
  checkTreeValue(ctx.version, path, ctx.command, 'ra-interval', min);
  if (max === undefined) return value;
  const maxMs = parseTimeMs(max);
  if (maxMs === undefined) throw invalidArg('ra-interval');
  if (maxMs < 4000 || maxMs > 1_800_000) throw outOfRangeText('ra-interval', '4s..30m');
  if (maxMs < parseTimeMs(min)!) throw invalidArg('ra-interval');
  return value;
}

/** `unspecified`, `none` or a word the tree does not list, otherwise the tree's description of the value. */
const orWord = (word: string, key: string, value: string, ctx: Ctx, path: string) => (value === word ? value : checkTreeValue(ctx.version, path, ctx.command, key, value));

const interfaceOrAll = (key: string, value: string, rowsOf: Ctx['rowsOf']) => (value === 'all' ? value : existingName(key, value, 'interface', rowsOf));

function ndArg(key: string, value: string, ctx: Ctx): string | undefined {
  switch (key) {
    case 'interface': return interfaceOrAll(key, value, ctx.rowsOf);
    case 'ra-interval': return raInterval(value, ctx, 'ipv6/nd');
    case 'ra-lifetime': return orWord('none', key, value, ctx, 'ipv6/nd');
    case 'reachable-time': return orWord('unspecified', key, value, ctx, 'ipv6/nd');
    case 'retransmit-interval':
      if (value !== 'unspecified' && parseTimeMs(value) === undefined) throw invalidArg(key);
      return value;
    case 'hop-limit': return value === 'unspecified' ? value : numberIn(key, value, 0, 255);
    case 'mtu': return value === 'unspecified' ? value : numberIn(key, value, 0, 4294967295);
    case 'ra-preference': return oneOf(key, value, ['high', 'low', 'medium']);
    // 7.x: yes|no (the ND manual); `self` on newer releases only is left out (chosen).
    case 'advertise-dns': return oneOf(key, value, ['no', 'yes']);
    case 'dns':
      for (const server of value.split(',').filter(Boolean)) if (!ipaddr.IPv6.isValid(server)) throw invalidArg(key);
      return value;
  }
  return undefined;
}

function poolArg(key: string, value: string): string | undefined {
  if (key === 'prefix') return storedPrefix(key, value);
  if (key === 'prefix-length') return numberIn(key, value, 1, 128);
  return undefined;
}

/**
 * A pool hands out prefixes of `prefix-length` from its `prefix`: that length cannot be shorter than the pool's own
 * (RouterOS refuses it; its wording is not documented, chosen: docs/simulator.md).
 */
export function checkPool(row: Row): void {
  const prefix = ipv6Prefix(row['prefix'] ?? '');
  if (prefix && Number(row['prefix-length']) < prefix.bits) throw new RestError(400, 'failure: prefix-length must be equal to or greater than the length of prefix');
}

const REQUESTS = ['address', 'info', 'prefix'];

function dhcpClientArg(key: string, value: string, ctx: Ctx): string | undefined {
  switch (key) {
    case 'request': return listOf(key, value, REQUESTS);
    case 'add-default-route': return oneOf(key, value, ['no', 'yes']);
    case 'pool-prefix-length': return numberIn(key, value, 0, 128);
    case 'default-route-distance': return numberIn(key, value, 0, 255);
    case 'prefix-hint': return storedPrefix(key, value);
    case 'interface': return existingName(key, value, 'interface', ctx.rowsOf);
    case 'accept-prefix-without-address': case 'allow-reconfigure': case 'validate-server-duid': return newerBool(key, value);
  }
  return undefined;
}

/** A client asking for a prefix puts it in a pool, so it needs `pool-name` (DHCPv6 client page; wording chosen). */
export function checkDhcpClient(row: Row, others: Row[]): void {
  const requests = (row['request'] ?? '').split(',');
  if (requests.includes('prefix') && !row['pool-name']) throw new RestError(400, 'failure: pool-name must be set when requesting prefix');
  // One client per interface (a second would ask the same server again); wording chosen (docs/simulator.md).
  if (others.some((o) => o['interface'] === row['interface'])) throw new RestError(400, 'failure: dhcpv6 client already exists on this interface');
}

/** DUID-LL of the interface's MAC (RFC 8415 type 3, hardware type 1), as RouterOS prints it: `0x00030001…`. */
export function duidOf(interfaces: Row[], name: string | undefined): string {
  const mac = interfaces.find((i) => i['name'] === name)?.['mac-address'];
  return mac ? `0x00030001${mac.replace(/[:-]/g, '').toLowerCase()}` : '';
}

function dhcpServerArg(key: string, value: string, ctx: Ctx): string | undefined {
  switch (key) {
    case 'interface': return existingName(key, value, 'interface', ctx.rowsOf);
    // `static-only` or an /ipv6/pool (DHCPv6 server page); `prefix-pool` (7.20) likewise.
    case 'address-pool': case 'prefix-pool':
      return value === 'static-only' ? value : existingName(key, value, 'ipv6/pool', ctx.rowsOf);
    case 'preference': return numberIn(key, value, 0, 255);
    case 'route-distance': return numberIn(key, value, 0, 255);
    case 'ignore-ia-na-bindings': case 'use-reconfigure': return newerBool(key, value);
  }
  return undefined;
}

function routeArg(key: string, value: string, ctx: Ctx): string | undefined {
  switch (key) {
    case 'dst-address': return storedPrefix(key, value);
    case 'gateway': return ipv6Gateway(value, ctx.rowsOf('interface'));
    case 'distance': return numberIn(key, value, 1, 255);
    case 'routing-table': return value === 'main' ? value : existingName(key, value, 'routing/table', ctx.rowsOf);
  }
  return undefined;
}

/** A route without a gateway is a blackhole or nothing: RouterOS asks for the gateway (as for IPv4 routes). */
function checkRoute(row: Row): void {
  if (!row['gateway'] && row['blackhole'] !== 'true') throw errors.missingValue('gateway');
}

/**
 * The connected routes RouterOS shows for every enabled global IPv6 address (`DAc`, distance 0, the address's
 * interface as gateway): dynamic, read-only, inactive while the interface is down. Ids follow the address's.
 */
export function ipv6ConnectedRoutes(addresses: Row[], interfaces: Row[]): Row[] {
  return addresses
    .filter((a) => a['disabled'] !== 'true' && ipv6Prefix(a['address'] ?? ''))
    .map((a) => {
      const prefix = ipv6Prefix(a['address']!)!;
      return {
        '.id': formatId(0x81000000 + parseInt((a['.id'] ?? '*0').slice(1), 16)),
        'dst-address': `${prefix.network}/${prefix.bits}`,
        gateway: a['interface'] ?? '',
        distance: '0',
        scope: '10',
        'target-scope': '5',
        'routing-table': 'main',
        disabled: 'false',
        '.dynamic': 'true',
        '.inactive': String(!interfaceRunning(interfaces, a['interface'])),
      };
    });
}

/**
 * Every interface's link-local `fe80::/64`, through which a scoped link-local gateway (`fe80::1%ether2`) is reached.
 * Only for route selection: the link-local addresses and their connected routes are not listed (chosen,
 * docs/simulator.md).
 */
function linkLocalRoutes(interfaces: Row[]): Row[] {
  return interfaces.map((i) => ({ '.id': `.link-local ${i['name']}`, 'dst-address': 'fe80::/64', gateway: i['name'], distance: '0', '.dynamic': 'true', '.inactive': String(!interfaceRunning(interfaces, i['name'])) }));
}

/** `infinity` or a time as the tree describes it (ND prefix lifetimes). */
const lifetime = (key: string, value: string, ctx: Ctx) => orWord('infinity', key, value, ctx, 'ipv6/nd/prefix');

function ndPrefixArg(key: string, value: string, ctx: Ctx): string | undefined {
  switch (key) {
    case 'prefix': return storedPrefix(key, value);
    case 'valid-lifetime': case 'preferred-lifetime': return lifetime(key, value, ctx);
    case '6to4-interface': return value === 'none' ? value : existingName(key, value, 'interface', ctx.rowsOf);
  }
  return undefined;
}

const lifetimeMs = (value: string | undefined) => (value === 'infinity' ? Infinity : parseTimeMs(value ?? '') ?? 0);

/** The ND page: the valid lifetime must be at least the preferred one (RouterOS's wording is not documented; chosen). */
export function checkNdPrefix(row: Row): void {
  if (lifetimeMs(row['valid-lifetime']) < lifetimeMs(row['preferred-lifetime'])) throw new RestError(400, 'failure: valid-lifetime must be greater than or equal to preferred-lifetime');
}

/**
 * The prefixes RouterOS advertises on its own (ND page: "prefixes of all addresses with 64 bit netmask are
 * advertised"): a dynamic `/ipv6/nd/prefix` row per enabled /64 address with `advertise=yes` on an interface an
 * enabled ND row covers (its own or `all`), with the lifetimes of `/ipv6/nd/prefix/default`. Ids follow the address's.
 */
export function advertisedPrefixes(addresses: Row[], nd: Row[], prefixDefault: Row | undefined): Row[] {
  const covered = (name: string | undefined) => nd.some((n) => n['disabled'] !== 'true' && (n['interface'] === 'all' || n['interface'] === name));
  return addresses
    .filter((a) => a['disabled'] !== 'true' && a['advertise'] !== 'false' && ipv6Prefix(a['address'] ?? '')?.bits === 64 && covered(a['interface']))
    .map((a) => ({
      '.id': formatId(0x81000000 + parseInt((a['.id'] ?? '*0').slice(1), 16)),
      prefix: `${ipv6Prefix(a['address']!)!.network}/64`,
      interface: a['interface'] ?? '',
      'on-link': 'true',
      autonomous: prefixDefault?.['autonomous'] ?? 'true',
      'valid-lifetime': prefixDefault?.['valid-lifetime'] ?? '4w2d',
      'preferred-lifetime': prefixDefault?.['preferred-lifetime'] ?? '1w',
      '6to4-interface': 'none',
      disabled: 'false',
      '.dynamic': 'true',
    }));
}

const ROUTE_DEFAULTS = { disabled: 'false', distance: '1', 'dst-address': '::/0', 'routing-table': 'main', scope: '30', 'target-scope': '10', blackhole: 'false', 'suppress-hw-offload': 'false' };
// ND page defaults; `advertise-dns` yes as RouterOS 7 ships it.
export const ND_DEFAULTS = {
  disabled: 'false', 'ra-interval': '3m20s-10m', 'ra-delay': '3s', mtu: 'unspecified', 'reachable-time': 'unspecified', 'retransmit-interval': 'unspecified', 'ra-lifetime': '30m',
  'ra-preference': 'medium', 'hop-limit': 'unspecified', 'advertise-mac-address': 'true', 'advertise-dns': 'yes', 'managed-address-configuration': 'false', 'other-configuration': 'false',
};

export const IPV6_MENUS: MenuSpec[] = [
  {
    path: 'ipv6/route', kind: 'table', writable: true, bools: ['disabled', 'blackhole', 'suppress-hw-offload'], idBase: 0x80000000, defaults: ROUTE_DEFAULTS,
    // An interface named as the gateway follows its renames.
    argRule: routeArg, checkRow: checkRoute, namedRefs: { gateway: 'interface' },
    computed: (row, ctx) => {
      const dynamic = row['.dynamic'] === 'true';
      const interfaces = ctx.rowsOf('interface');
      const state = routeStates([...ctx.rowsOf('ipv6/route'), ...linkLocalRoutes(interfaces)], interfaces).get(row['.id']);
      const active = state?.active ?? false;
      return { active: String(active), dynamic: String(dynamic), static: String(!dynamic), connect: String(dynamic), inactive: String(!active), 'immediate-gw': state?.immediateGw ?? '', ecmp: 'false', 'hw-offloaded': 'false' };
    },
  },
  {
    // The built-in `interface=all` row is model/factory-defaults.ts's; an interface's own row overrides it there.
    path: 'ipv6/nd', kind: 'table', writable: true, bools: ['disabled', 'advertise-mac-address', 'managed-address-configuration', 'other-configuration'],
    required: ['interface'], defaults: ND_DEFAULTS, argRule: ndArg, namedRefs: { interface: 'interface' },
    uniqueTogether: { fields: ['interface'], detail: 'failure: already have nd for this interface' },
    computed: (row, ctx) => ({ default: String(row['.builtin'] === 'true'), invalid: String(row['interface'] !== 'all' && !ctx.rowsOf('interface').some((i) => i['name'] === row['interface'])) }),
  },
  {
    path: 'ipv6/nd/prefix', kind: 'table', writable: true, bools: ['disabled', 'on-link', 'autonomous'], required: ['prefix', 'interface'], refs: { interface: 'interface' },
    namedRefs: { '6to4-interface': 'interface' }, argRule: ndPrefixArg, checkRow: checkNdPrefix,
    defaults: { disabled: 'false', 'on-link': 'true', autonomous: 'true', 'valid-lifetime': '4w2d', 'preferred-lifetime': '1w', '6to4-interface': 'none' },
    computed: (row, ctx) => ({ dynamic: row['.dynamic'] ?? 'false', invalid: String(!interfaceRunning(ctx.rowsOf('interface'), row['interface'])) }),
  },
  {
    path: 'ipv6/pool', kind: 'table', writable: true, unique: 'name', required: ['name', 'prefix', 'prefix-length'], argRule: poolArg, checkRow: checkPool,
    computed: (row) => ({ dynamic: row['.dynamic'] ?? 'false', 'expires-after': '' }),
  },
  {
    path: 'ipv6/dhcp-client', kind: 'table', writable: true, bools: ['disabled', 'use-peer-dns', 'rapid-commit', 'use-interface-duid'],
    required: ['interface', 'request'], namedRefs: { interface: 'interface' }, argRule: dhcpClientArg,
    defaults: { disabled: 'false', 'add-default-route': 'no', 'use-peer-dns': 'true', 'rapid-commit': 'true', 'pool-prefix-length': '64', 'prefix-hint': '::/0', 'default-route-distance': '1', 'dhcp-options': '', 'use-interface-duid': 'false' },
    checkRow: (row, ctx) => checkDhcpClient(row, ctx.others.filter((o) => o['.id'] !== row['.id'])),
    // No DHCPv6 server answers a simulated client: it keeps searching (chosen, docs/simulator.md).
    computed: (row, ctx) => ({
      dynamic: 'false', invalid: String(!ctx.rowsOf('interface').some((i) => i['name'] === row['interface'])),
      status: row['disabled'] === 'true' ? 'stopped' : 'searching...', duid: duidOf(ctx.rowsOf('interface'), row['interface']),
    }),
  },
  {
    path: 'ipv6/dhcp-server', kind: 'table', writable: true, bools: ['disabled', 'rapid-commit', 'use-radius', 'allow-dual-stack-queue'],
    unique: 'name', autoName: 'dhcp', required: ['interface'], namedRefs: { interface: 'interface', 'address-pool': 'ipv6/pool', 'prefix-pool': 'ipv6/pool' }, argRule: dhcpServerArg,
    defaults: { disabled: 'false', 'address-pool': 'static-only', 'lease-time': '1d', preference: '255', 'rapid-commit': 'true', 'route-distance': '1', 'use-radius': 'false' },
    computed: (row, ctx) => ({ dynamic: 'false', invalid: String(!interfaceRunning(ctx.rowsOf('interface'), row['interface'])) }),
  },
];
