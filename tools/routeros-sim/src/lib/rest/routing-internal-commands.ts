import ipaddr from 'ipaddr.js';
import { lookupRoute } from '../model/routing';
import { commandItems } from './command-items';
import type { MenuCommand } from './menu-commands';
import { waitFor } from './monitor-commands';
import { errors, RestError } from './rest-error';

/**
 * Routing's own commands (IP Routing, Route Selection and Filters, RPKI manuals). `/ip route check` (7.20) looks the
 * destination up in the main table the simulator routes with; the AS-path test runs the regular expression; RPKI
 * needs a `/routing/rpki` group whose cache never answers, so no prefix has validation data (`unknown`, chosen for
 * RFC 6811's NotFound); no routing process can be killed that the item check lets through. Output field names are
 * chosen (docs/simulator.md).
 */
const routeCheck: MenuCommand = async (state, body, signal) => {
  const dst = body['dst-ip'];
  if (dst === undefined) throw errors.missingValue('dst-ip');
  if (!ipaddr.IPv4.isValidFourPartDecimal(String(dst))) throw errors.invalidValue('dst-ip', String(dst));
  const ctx = state.readContext();
  const route = lookupRoute(ctx.rowsOf('ip/route'), ctx.rowsOf('interface'), String(dst));
  if (body['once'] === undefined) await waitFor(body, signal);
  if (!route) return [{ status: 'no-route', 'dst-ip': String(dst) }];
  const [nexthop, iface] = route['.immediate-gw'].split('%');
  return [{ status: 'ok', 'dst-ip': String(dst), route: route['dst-address'], ...(ipaddr.isValid(nexthop) ? { nexthop } : {}), interface: iface ?? nexthop }];
};

/** `test-as-path-regexp as-path="65001 65002" regexp="^65001"`: whether the AS path matches. */
const testAsPath: MenuCommand = (_state, body) => {
  if (body['regexp'] === undefined) throw errors.missingValue('regexp');
  if (body['as-path'] === undefined) throw errors.missingValue('as-path');
  let re: RegExp;
  try {
    re = new RegExp(String(body['regexp']));
  } catch {
    throw errors.invalidValue('regexp', String(body['regexp']));
  }
  return [{ match: re.test(String(body['as-path'])) ? 'yes' : 'no' }];
};

function rpkiGroup(state: Parameters<MenuCommand>[0], body: Record<string, unknown>): void {
  if (body['group'] === undefined) throw errors.missingValue('group');
  if (!state.list('routing/rpki').some((row) => row['group'] === String(body['group']))) throw errors.noMatch('group');
  if (body['prefix'] === undefined) throw errors.missingValue('prefix');
}

export const ROUTING_INTERNAL_COMMANDS: Record<string, MenuCommand> = {
  'ip/route/check': routeCheck,
  'routing/filter/test-as-path-regexp': testAsPath,
  'routing/rpki/rpki-check': (state, body) => {
    rpkiGroup(state, body);
    if (body['origin-as'] === undefined) throw errors.missingValue('origin-as');
    return [{ result: 'unknown' }];
  },
  'routing/rpki/rpki-query': (state, body) => {
    rpkiGroup(state, body);
    return [];
  },
  'routing/stats/process/kill': (state, body) => {
    commandItems(state, 'routing/stats/process', body);
    throw new RestError(400, 'failure: can not kill routing process');
  },
};
