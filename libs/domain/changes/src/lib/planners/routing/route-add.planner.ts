import type { ChangePlanner } from '../../change-planner';
import { parseHostAddress, parseNetwork } from '../common/ipv4';
import { change, noChange, withComment } from '../common/outcome';
import { configOf, findInterface, rowsOf } from '../common/rows';
import { WRITABLE } from '../common/menu-properties';
import { ChangeTargetNotFoundError } from '../errors/planner-errors';
import { isStaticRoute, MAIN_TABLE, ROUTE_MENU, routeText, tableOf } from './static-route';

export interface RouteAddInput {
  'dst-address': string;
  /** An IPv4 address or an interface name. */
  gateway: string;
  distance?: number;
  'routing-table'?: string;
  comment?: string;
}

const isAddressLike = (value: string) => /^[\d.]+$/.test(value);

/** Adds a static route; the same destination, gateway, table and distance already present is no change. */
export const routeAddPlanner: ChangePlanner<RouteAddInput> = {
  reads: (input) => [ROUTE_MENU, 'interface', ...(input['routing-table'] && input['routing-table'] !== MAIN_TABLE ? ['routing/table'] : [])],
  propose(live, input) {
    const dst = parseNetwork(input['dst-address'], 'dst-address');
    // Something that looks like an address is one (a typo must not be taken for an interface name).
    const gateway = isAddressLike(input.gateway) ? parseHostAddress(input.gateway, 'gateway') : findInterface(live, input.gateway, 'gateway')['name'];
    const table = input['routing-table'] ?? MAIN_TABLE;
    if (table !== MAIN_TABLE && !rowsOf(live, 'routing/table').some((t) => t['name'] === table)) {
      throw new ChangeTargetNotFoundError(`routing table '${table}' does not exist (add it under /routing/table first)`, { field: 'routing-table', table });
    }
    const distance = String(input.distance ?? 1);
    const same = rowsOf(live, ROUTE_MENU).find((r) => isStaticRoute(r) && r['dst-address'] === dst.text && r['gateway'] === gateway && tableOf(r) === table && (r['distance'] ?? '1') === distance);
    if (same) return noChange(`route ${same['.id']} (${routeText(same)}) already exists`, [{ menu: ROUTE_MENU, id: same['.id'], before: configOf(same, WRITABLE[ROUTE_MENU]) }]);
    const props = withComment({
      'dst-address': dst.text,
      gateway,
      ...(input.distance !== undefined ? { distance } : {}),
      ...(table !== MAIN_TABLE ? { 'routing-table': table } : {}),
    }, input.comment);
    return change({
      summary: `add route ${routeText(props)}${input.distance !== undefined ? ` distance ${distance}` : ''}`,
      operations: [{ kind: 'add', menu: ROUTE_MENU, props }],
      touched: [{ menu: ROUTE_MENU, after: props }],
      // A new default route can take every reply, the management path's included, elsewhere.
      risk: dst.prefix === 0 ? 'high' : 'medium',
    });
  },
};
