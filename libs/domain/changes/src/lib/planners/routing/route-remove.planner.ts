import { ValidationError } from '@routeros-mcp/domain-kernel';
import type { ChangePlanner } from '../../change-planner';
import { parseNetwork } from '../common/ipv4';
import { change, noChange } from '../common/outcome';
import { configOf, rowsOf } from '../common/rows';
import { WRITABLE } from '../common/menu-properties';
import { ChangeNotPermittedError } from '../errors/planner-errors';
import { isStaticRoute, MAIN_TABLE, ROUTE_MENU, routeText, tableOf } from './static-route';

export interface RouteRemoveInput {
  'dst-address': string;
  /** Needed when several routes share the destination. */
  gateway?: string;
  'routing-table'?: string;
}

/** Removes one static route by destination (and gateway); connected and other dynamic routes are refused. */
export const routeRemovePlanner: ChangePlanner<RouteRemoveInput> = {
  reads: () => [ROUTE_MENU],
  propose(live, input) {
    const dst = parseNetwork(input['dst-address'], 'dst-address');
    const table = input['routing-table'] ?? MAIN_TABLE;
    const matches = rowsOf(live, ROUTE_MENU).filter((r) => r['dst-address'] === dst.text && tableOf(r) === table && (!input.gateway || r['gateway'] === input.gateway));
    const statics = matches.filter(isStaticRoute);
    if (statics.length === 0 && matches.length > 0) {
      throw new ChangeNotPermittedError(`route ${routeText(matches[0])} is dynamic (connected or learned); only static routes can be removed`, { menu: ROUTE_MENU, id: matches[0]['.id'] });
    }
    if (statics.length === 0) return noChange(`no static route to ${dst.text}${input.gateway ? ` via ${input.gateway}` : ''} in ${table}`);
    if (statics.length > 1) throw ValidationError.single('gateway', `${statics.length} routes to ${dst.text} (via ${statics.map((r) => r['gateway']).join(', ')}): name the gateway`);
    const row = statics[0];
    return change({
      summary: `remove route ${routeText(row)}`,
      operations: [{ kind: 'remove', menu: ROUTE_MENU, id: row['.id'] }],
      touched: [{ menu: ROUTE_MENU, id: row['.id'], before: configOf(row, WRITABLE[ROUTE_MENU]) }],
      risk: dst.prefix === 0 ? 'high' : 'medium',
    });
  },
};
