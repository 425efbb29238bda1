import { DesiredRoute, routeIdentity, StaticRoutesInput, staticRoutesPlanner } from '@routeros-mcp/domain-changes';
import { ValidationError } from '@routeros-mcp/domain-kernel';
import type { PlanTopic } from './plan-topic';
import { list, onlyKeys, record, text, uniqueBy } from './topic-fields';

export const STATIC_ROUTES_LIMIT = 100;
const CIDR = /^\d{1,3}(\.\d{1,3}){3}\/\d{1,2}$/;
const NAME = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$/;

function parseRoute(value: unknown, at: string): DesiredRoute {
  const r = record(value, at);
  onlyKeys(r, ['dst-address', 'gateway', 'routing-table', 'distance', 'check-gateway', 'pref-src', 'comment', 'disabled'], `${at}.`);
  const route: DesiredRoute = {
    'dst-address': text(r['dst-address'], `${at}.dst-address`, CIDR, 'an IPv4 prefix a.b.c.d/n'),
    gateway: text(r['gateway'], `${at}.gateway`, /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'an IPv4 address or an interface name'),
  };
  if (r['routing-table'] !== undefined) route['routing-table'] = text(r['routing-table'], `${at}.routing-table`, NAME, 'a routing table name');
  if (r['distance'] !== undefined) {
    if (!Number.isInteger(r['distance']) || (r['distance'] as number) < 1 || (r['distance'] as number) > 255) throw ValidationError.single(`${at}.distance`, 'must be an integer 1-255');
    route.distance = r['distance'] as number;
  }
  if (r['check-gateway'] !== undefined) {
    if (!['ping', 'arp', 'bfd'].includes(r['check-gateway'] as string)) throw ValidationError.single(`${at}.check-gateway`, 'must be ping, arp or bfd');
    route['check-gateway'] = r['check-gateway'] as DesiredRoute['check-gateway'];
  }
  if (r['pref-src'] !== undefined) route['pref-src'] = text(r['pref-src'], `${at}.pref-src`, /^\d{1,3}(\.\d{1,3}){3}$/, 'an IPv4 address');
  if (r['comment'] !== undefined) route.comment = text(r['comment'], `${at}.comment`, /^[^\r\n"]{1,200}$/, 'one line of text without quotes');
  if (r['disabled'] !== undefined) {
    if (typeof r['disabled'] !== 'boolean') throw ValidationError.single(`${at}.disabled`, 'must be true or false');
    route.disabled = r['disabled'];
  }
  return route;
}

/**
 * Static routes on every target: `{ routes?: [{ dst-address, gateway, routing-table?, distance?, check-gateway?,
 * pref-src?, comment?, disabled? }], remove?: [{ dst-address, gateway?, routing-table? }] }`. A route is known by its
 * table, destination and gateway; listing one makes it exist with exactly those properties (added or modified).
 */
export const staticRoutesTopic: PlanTopic<StaticRoutesInput> = {
  name: 'static_routes',
  // `routing_…`: the pipeline asks for allow_routing_writes from the tool's topic as well.
  tool: 'routing_static_routes_plan_step',
  requiresFlag: 'allow_routing_writes',
  parse(change) {
    onlyKeys(change, ['routes', 'remove'], '');
    const routes = list(change['routes'], 'routes', STATIC_ROUTES_LIMIT).map((r, i) => parseRoute(r, `routes.${i}`));
    const remove = list(change['remove'], 'remove', STATIC_ROUTES_LIMIT).map((v, i) => {
      const r = record(v, `remove.${i}`);
      onlyKeys(r, ['dst-address', 'gateway', 'routing-table'], `remove.${i}.`);
      return {
        'dst-address': text(r['dst-address'], `remove.${i}.dst-address`, CIDR, 'an IPv4 prefix a.b.c.d/n'),
        ...(r['gateway'] !== undefined ? { gateway: text(r['gateway'], `remove.${i}.gateway`) } : {}),
        ...(r['routing-table'] !== undefined ? { 'routing-table': text(r['routing-table'], `remove.${i}.routing-table`, NAME, 'a routing table name') } : {}),
      };
    });
    if (routes.length === 0 && remove.length === 0) throw ValidationError.single('routes', 'give routes to hold, routes to remove, or both');
    uniqueBy(routes, routeIdentity, 'routes');
    uniqueBy(remove, routeIdentity, 'remove');
    const both = remove.find((r) => routes.some((d) => d['dst-address'] === r['dst-address'] && (d['routing-table'] ?? 'main') === (r['routing-table'] ?? 'main') && (r.gateway === undefined || r.gateway === d.gateway)));
    if (both) throw ValidationError.single('remove', `${both['dst-address']} is both held and removed`);
    return { routes, remove };
  },
  describe: (input) => [input.routes.length ? `routes ${input.routes.map((r) => `${r['dst-address']} via ${r.gateway}`).join(', ')}` : '', input.remove.length ? `remove ${input.remove.map((r) => r['dst-address']).join(', ')}` : ''].filter(Boolean).join('; '),
  planner: staticRoutesPlanner,
};
