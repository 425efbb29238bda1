import ipaddr from 'ipaddr.js';
import type { Row } from '../rest/print-query';
import { RestError } from '../rest/rest-error';
import { invalidArg, numberIn, outOfRangeText } from './arg-rules';
import type { MenuSpec } from './menu-spec';
import { existingName, oneOf } from './menu-values';
import { checkTreeValue } from './tree-rules';
import { formatId, parseTimeMs } from './values';
import { Ctx, interfaceRunning, ipv6Prefix, orWord, storedPrefix } from './ipv6-values';

/** `/ipv6/nd` and `/ipv6/nd/prefix` (IPv6 Neighbor Discovery page). No router advertisement is sent. */

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

// ND page defaults; `advertise-dns` yes as RouterOS 7 ships it.
export const ND_DEFAULTS = {
  disabled: 'false', 'ra-interval': '3m20s-10m', 'ra-delay': '3s', mtu: 'unspecified', 'reachable-time': 'unspecified', 'retransmit-interval': 'unspecified', 'ra-lifetime': '30m',
  'ra-preference': 'medium', 'hop-limit': 'unspecified', 'advertise-mac-address': 'true', 'advertise-dns': 'yes', 'managed-address-configuration': 'false', 'other-configuration': 'false',
};

export const ND_MENUS: MenuSpec[] = [
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
];
