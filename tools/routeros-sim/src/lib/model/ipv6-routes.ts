import ipaddr from 'ipaddr.js';
import type { Row } from '../rest/print-query';
import { errors } from '../rest/rest-error';
import { invalidArg, numberIn } from './arg-rules';
import type { MenuSpec } from './menu-spec';
import { existingName } from './menu-values';
import { routeStates } from './routing';
import { formatId } from './values';
import { Ctx, interfaceRunning, ipv6Prefix, storedPrefix } from './ipv6-values';

/** `/ipv6/route` (IPv6 Routing page): static routes beside the connected ones RouterOS derives from `/ipv6/address`. */

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

const ROUTE_DEFAULTS = { disabled: 'false', distance: '1', 'dst-address': '::/0', 'routing-table': 'main', scope: '30', 'target-scope': '10', blackhole: 'false', 'suppress-hw-offload': 'false' };

export const IPV6_ROUTE_MENU: MenuSpec = {
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
};
