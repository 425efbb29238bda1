import { ValidationError } from '@routeros-mcp/domain-kernel';
import type { ChangePlanner, TouchedRow } from '../../change-planner';
import type { Row, RowOperation } from '../../row-operation';
import { parseHostAddress, parseNetwork } from '../common/ipv4';
import { WRITABLE } from '../common/menu-properties';
import { change, noChange } from '../common/outcome';
import { changedProps, configOf, findInterface, rowsOf } from '../common/rows';
import { ChangePreconditionError, ChangeTargetNotFoundError } from '../errors/planner-errors';
import { isStaticRoute, MAIN_TABLE, ROUTE_MENU, routeText, tableOf } from '../routing/static-route';

/** A static route by its identity (table, destination, gateway) and the properties it must have. */
export interface DesiredRoute {
  'dst-address': string;
  /** An IPv4 address or an interface name. */
  gateway: string;
  'routing-table'?: string;
  distance?: number;
  'check-gateway'?: 'ping' | 'arp' | 'bfd';
  'pref-src'?: string;
  comment?: string;
  disabled?: boolean;
}

export interface StaticRoutesInput {
  routes: readonly DesiredRoute[];
  /** Static routes that go: every one to this destination in this table, or only the one via `gateway`. */
  remove: readonly { 'dst-address': string; gateway?: string; 'routing-table'?: string }[];
}

/** Properties a route carries only when asked: absent from the desired state means unset on the device. */
const OPTIONAL = ['check-gateway', 'pref-src', 'comment'] as const;
const isAddressLike = (value: string) => /^[\d.]+$/.test(value);

/**
 * static_routes: every listed static route exists with exactly the listed properties (distance 1 and enabled when
 * not given; check-gateway, pref-src and comment unset when not given), and the listed removals are gone. Routes
 * are found by routing table, destination and gateway; dynamic and connected routes are never written. Removals
 * first, then changes in place, then additions.
 */
export const staticRoutesPlanner: ChangePlanner<StaticRoutesInput> = {
  reads: (input) => [ROUTE_MENU, 'interface', ...([...input.routes, ...input.remove].some((r) => (r['routing-table'] ?? MAIN_TABLE) !== MAIN_TABLE) ? ['routing/table'] : [])],
  propose(live, input) {
    const writable = WRITABLE[ROUTE_MENU];
    const statics = rowsOf(live, ROUTE_MENU).filter(isStaticRoute);
    const checkTable = (table: string, field: string) => {
      if (table !== MAIN_TABLE && !rowsOf(live, 'routing/table').some((t) => t['name'] === table)) throw new ChangeTargetNotFoundError(`routing table '${table}' does not exist on the device`, { field, table });
    };
    const removes: RowOperation[] = [];
    const sets: RowOperation[] = [];
    const adds: RowOperation[] = [];
    const touched: TouchedRow[] = [];
    input.remove.forEach((r, i) => {
      const dst = parseNetwork(r['dst-address'], `remove.${i}.dst-address`).text;
      const table = r['routing-table'] ?? MAIN_TABLE;
      for (const row of statics.filter((s) => s['dst-address'] === dst && tableOf(s) === table && (r.gateway === undefined || s['gateway'] === r.gateway))) {
        removes.push({ kind: 'remove', menu: ROUTE_MENU, id: row['.id'] });
        touched.push({ menu: ROUTE_MENU, id: row['.id'], before: configOf(row, writable) });
      }
    });
    input.routes.forEach((route, i) => {
      const at = `routes.${i}`;
      const dst = parseNetwork(route['dst-address'], `${at}.dst-address`);
      const gateway = isAddressLike(route.gateway) ? parseHostAddress(route.gateway, `${at}.gateway`) : findInterface(live, route.gateway, `${at}.gateway`)['name'];
      const table = route['routing-table'] ?? MAIN_TABLE;
      checkTable(table, `${at}.routing-table`);
      const desired: Record<string, string> = { distance: String(route.distance ?? 1), disabled: String(route.disabled ?? false) };
      for (const name of OPTIONAL) if (route[name] !== undefined) desired[name] = String(route[name]);
      const same = statics.filter((s) => s['dst-address'] === dst.text && s['gateway'] === gateway && tableOf(s) === table);
      if (same.length > 1) throw new ChangePreconditionError(`${same.length} static routes to ${dst.text} via ${gateway} in ${table} (${same.map((s) => s['.id']).join(', ')}); remove the extra ones first`, { field: at, ids: same.map((s) => s['.id']) });
      const row = same[0];
      if (!row) {
        const props: Record<string, string> = { 'dst-address': dst.text, gateway, ...(table !== MAIN_TABLE ? { 'routing-table': table } : {}), ...desired };
        if (props['distance'] === '1') delete props['distance'];
        if (props['disabled'] === 'false') delete props['disabled'];
        adds.push({ kind: 'add', menu: ROUTE_MENU, props });
        touched.push({ menu: ROUTE_MENU, after: props });
        return;
      }
      const before = configOf(row, writable);
      const props = changedProps({ distance: '1', disabled: 'false', ...before }, desired);
      const unset = OPTIONAL.filter((name) => route[name] === undefined && (before[name] ?? '') !== '');
      if (Object.keys(props).length === 0 && unset.length === 0) return;
      sets.push({ kind: 'set', menu: ROUTE_MENU, id: row['.id'], props, ...(unset.length ? { unset: [...unset] } : {}) });
      const after: Record<string, string> = { ...before, ...props };
      for (const name of unset) delete after[name];
      touched.push({ menu: ROUTE_MENU, id: row['.id'], before, after });
    });
    const operations = [...removes, ...sets, ...adds];
    if (operations.length === 0) return noChange(`the ${input.routes.length} route(s) hold and ${input.remove.length} removal(s) are gone`);
    const rows = touched.map((t) => (t.after ?? t.before) as Row);
    return change({
      summary: `static routes: ${adds.length} added, ${sets.length} changed, ${removes.length} removed (${rows.slice(0, 3).map(routeText).join('; ')}${rows.length > 3 ? '; …' : ''})`,
      operations,
      touched,
      // A default route can take every reply, the management path's included, elsewhere.
      risk: rows.some((r) => r['dst-address'] === '0.0.0.0/0') ? 'high' : 'medium',
    });
  },
};

/** Identity of a desired route, for refusing a change that lists one twice. */
export const routeIdentity = (r: { 'dst-address': string; gateway?: string; 'routing-table'?: string }): string => {
  if (typeof r['dst-address'] !== 'string') throw ValidationError.single('dst-address', 'is required');
  return `${r['routing-table'] ?? MAIN_TABLE} ${r['dst-address']} ${r.gateway ?? '*'}`;
};
