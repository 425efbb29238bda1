import { isIP, isIPv4 } from 'node:net';
import type { Row } from '../rest/print-query';
import { errors } from '../rest/rest-error';
import { invalidArg, numberIn } from './arg-rules';
import type { MenuSpec } from './menu-spec';
import { existingName, ipv4, oneOf, usedBy } from './menu-values';

/**
 * BGP's yes/no template properties (`bool` in MikroTik's CLI reference, routing/bgp), a connection's too. Those on both
 * trees only: `output.network-blackhole` (7.20) is checked in model/routing-values.ts, as a menu's bools exist on both.
 */
export const BGP_TEMPLATE_BOOLS = ['output.as-override', 'output.keep-sent-attributes', 'output.no-client-to-client-reflection', 'output.no-early-cut', 'output.remove-private-as'];

const ROLES = ['ebgp', 'ebgp-customer', 'ebgp-peer', 'ebgp-provider', 'ebgp-rs', 'ebgp-rs-client', 'ibgp', 'ibgp-rr', 'ibgp-rr-client'];

/** An address or prefix of either family (`remote.address`, `local.address` of the BGP manual). */
function addressOrPrefix(key: string, value: string): string {
  const [host, bits, extra] = value.split('/');
  const family = isIP(host);
  if (!family || extra !== undefined || (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128)))) throw invalidArg(key);
  return value;
}

/** Every item of a comma list names an existing row of `path`. */
function names(key: string, value: string, path: string, rowsOf: (path: string) => Row[]): string {
  for (const name of value.split(',').filter(Boolean)) existingName(key, name, path, rowsOf);
  return value;
}

/** `router-id`: an IPv4 address, or a `/routing/id` entry by name (`main`, RouterOS 7's dynamic one, always). */
function routerId(key: string, value: string, rowsOf: (path: string) => Row[]): string {
  if (isIPv4(value) || value === 'main') return value;
  if (/^\d/.test(value)) throw invalidArg(key);
  return existingName(key, value, 'routing/id', rowsOf);
}

function routingArg(key: string, value: string, ctx: { rowsOf(path: string): Row[] }): string | undefined {
  switch (key) {
    case 'templates':
      return names(key, value, 'routing/bgp/template', ctx.rowsOf);
    case 'remote.address': case 'local.address':
      return addressOrPrefix(key, value);
    case 'local.role':
      return oneOf(key, value, ROLES);
    case 'remote.port': case 'local.port':
      return numberIn(key, value, 0, 65535);
    case 'router-id':
      return routerId(key, value, ctx.rowsOf);
    case 'version':
      return oneOf(key, value, ['2', '3']);
    case 'instance':
      return existingName(key, value, 'routing/ospf/instance', ctx.rowsOf);
    case 'area':
      return existingName(key, value, 'routing/ospf/area', ctx.rowsOf);
    case 'interfaces':
      // An interface or an interface list, as the OSPF manual's interface templates take.
      for (const name of value.split(',').filter(Boolean)) {
        if (!ctx.rowsOf('interface').some((r) => r['name'] === name) && !ctx.rowsOf('interface/list').some((r) => r['name'] === name)) throw errors.noMatch(key);
      }
      return value;
    case 'cost':
      return numberIn(key, value, 1, 65535);
    case 'priority':
      return numberIn(key, value, 0, 255);
    case 'auth':
      return oneOf(key, value, ['md5', 'sha1', 'sha256', 'sha384', 'sha512', 'simple']);
    case 'mpls-te-area': case 'vlink-neighbor-id':
      return ipv4(key, value);
  }
  return undefined;
}

const ROUTING_CONFIG_PATHS = new Set(['routing/bgp/template', 'routing/bgp/connection', 'routing/ospf/instance', 'routing/ospf/area', 'routing/ospf/interface-template']);

/** Network or area types per menu (the OSPF manual): areas and interface templates take different ones. */
const TYPES: Record<string, string[]> = {
  'routing/ospf/area': ['default', 'nssa', 'stub'],
  'routing/ospf/interface-template': ['broadcast', 'nbma', 'ptmp', 'ptmp-broadcast', 'ptp', 'ptp-unnumbered', 'virtual-link'],
};

/**
 * The curated rule of a /routing/bgp or /routing/ospf configuration menu's argument, or undefined for other menus
 * and arguments. Called from model/arg-rules.ts (curatedArg), so the coverage page counts these rules as checks.
 * A BGP connection's `instance` (7.20) names a /routing/bgp/instance row, not an OSPF one.
 */
export function routingConfigArg(path: string, key: string, value: string, ctx: { rowsOf(path: string): Row[] }): string | undefined {
  if (!ROUTING_CONFIG_PATHS.has(path)) return undefined;
  if (key === 'type') return TYPES[path] ? oneOf(key, value, TYPES[path]) : undefined;
  if (key === 'instance' && path.startsWith('routing/bgp/')) return existingName(key, value, 'routing/bgp/instance', ctx.rowsOf);
  return routingArg(key, value, ctx);
}

const inUse = (what: string, uses: [string, string[]][]) => (row: Row, rowsOf: (path: string) => Row[]) =>
  // Wording chosen without a source (docs/simulator.md).
  usedBy(row['name'], rowsOf, uses) ? `failure: ${what} is in use` : undefined;

/**
 * `/routing/bgp` and `/routing/ospf` configuration (MikroTik's BGP and OSPF manuals), no protocol: a connection names
 * its templates, an area its instance, an interface template its area and interfaces, all existing and following
 * renames; what another row names cannot be removed. No session or adjacency ever comes up: `/routing/bgp/session`
 * and `/routing/ospf/neighbor` stay empty and instances and templates show no state beyond `inactive=no`.
 */
export const ROUTING_CONFIG_MENUS: MenuSpec[] = [
  {
    path: 'routing/bgp/template', kind: 'table', writable: true, bools: ['disabled', 'multihop', 'use-bfd', ...BGP_TEMPLATE_BOOLS], unique: 'name', required: ['name'],
    defaults: { disabled: 'false' }, namedRefs: { templates: 'routing/bgp/template' },
    removeRefusal: inUse('template', [['routing/bgp/connection', ['templates']], ['routing/bgp/template', ['templates']]]),
    computed: () => ({ inactive: 'false', default: 'false' }),
  },
  {
    path: 'routing/bgp/connection', kind: 'table', writable: true, bools: ['disabled', 'connect', 'listen', 'multihop', 'use-bfd', ...BGP_TEMPLATE_BOOLS], unique: 'name', required: ['name'],
    defaults: { disabled: 'false', connect: 'true', listen: 'true', 'routing-table': 'main' },
    refs: { 'routing-table': 'routing/table' }, namedRefs: { templates: 'routing/bgp/template' },
    sensitive: ['tcp-md5-key'],
    // Not established: no session row is ever made (chosen, docs/simulator.md).
    computed: () => ({ inactive: 'false' }),
  },
  {
    path: 'routing/ospf/instance', kind: 'table', writable: true, bools: ['disabled', 'use-dn'], unique: 'name', required: ['name'],
    defaults: { disabled: 'false', version: '2', 'router-id': 'main', 'routing-table': 'main', 'originate-default': 'never', vrf: 'main' },
    refs: { 'routing-table': 'routing/table' },
    removeRefusal: inUse('instance', [['routing/ospf/area', ['instance']]]),
    computed: () => ({ inactive: 'false' }),
  },
  {
    path: 'routing/ospf/area', kind: 'table', writable: true, bools: ['disabled', 'no-summaries'], unique: 'name', required: ['name', 'instance'],
    defaults: { disabled: 'false', 'area-id': '0.0.0.0', type: 'default' },
    refs: { instance: 'routing/ospf/instance' },
    // An area id is unique within its instance (OSPF: one area per id per router).
    uniqueTogether: { fields: ['instance', 'area-id'], detail: 'failure: already have such area' },
    removeRefusal: inUse('area', [['routing/ospf/interface-template', ['area']]]),
    computed: () => ({ inactive: 'false' }),
  },
  {
    path: 'routing/ospf/interface-template', kind: 'table', writable: true, bools: ['disabled', 'passive', 'use-bfd'], required: ['area'],
    defaults: { disabled: 'false', type: 'broadcast', cost: '1', priority: '128', 'hello-interval': '10s', 'dead-interval': '40s', 'retransmit-interval': '5s', 'transmit-delay': '1s', passive: 'false' },
    refs: { area: 'routing/ospf/area' }, namedRefs: { interfaces: 'interface' },
    sensitive: ['auth-key'],
    computed: () => ({ inactive: 'false', dynamic: 'false' }),
  },
];
