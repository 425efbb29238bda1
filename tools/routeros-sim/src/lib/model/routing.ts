import ipaddr from 'ipaddr.js';
import { parseCidr } from './ip';
import type { Row } from '../rest/print-query';

/** What RouterOS decides about one route: whether it is the one in use, and through which next hop. */
export interface RouteState {
  active: boolean;
  /** `10.0.0.1%ether1` for a gateway address, the interface name for an interface gateway. */
  immediateGw: string;
}

const contains = (prefix: string, address: string): boolean => {
  try {
    const ip = ipaddr.parse(address);
    const [net, bits] = parseCidr(prefix.includes('/') ? prefix : `${prefix}/32`);
    return ip.kind() === net.kind() && ip.match(net, bits);
  } catch {
    return false;
  }
};

const prefixLength = (prefix: string): number => Number(prefix.split('/')[1] ?? 32);

/**
 * RouterOS's route selection: a route is a candidate when it is enabled and its gateway is reachable (an address
 * inside an active connected network, or a running interface); of the candidates for one destination in one table,
 * only the one with the lowest distance is active. The others stay in the table, inactive, until it goes.
 */
export function routeStates(routes: Row[], interfaces: Row[]): Map<string, RouteState> {
  const running = (name: string) => interfaces.some((i) => i['name'] === name && i['disabled'] !== 'true' && i['.link'] !== 'down');
  const connected = routes.filter((r) => r['.dynamic'] === 'true' && r['.inactive'] !== 'true' && r['disabled'] !== 'true' && ipaddr.isValid(r['gateway'] ?? '') === false);
  const nextHop = (route: Row): string | undefined => {
    if (route['.dynamic'] === 'true') return route['.inactive'] === 'true' ? undefined : route['gateway'];
    if (route['blackhole'] === 'true') return '';
    const [gateway, via] = (route['gateway'] ?? '').split('%');
    if (!ipaddr.isValid(gateway)) return running(gateway) ? gateway : undefined;
    const link = connected.find((c) => (!via || c['gateway'] === via) && contains(c['dst-address'] ?? '', gateway));
    return link ? `${gateway}%${link['gateway']}` : undefined;
  };
  const states = new Map<string, RouteState>();
  const best = new Map<string, { id: string; distance: number }>();
  for (const route of routes) {
    const hop = route['disabled'] === 'true' ? undefined : nextHop(route);
    states.set(route['.id'], { active: false, immediateGw: hop ?? '' });
    if (hop === undefined) continue;
    const key = `${route['routing-table'] ?? 'main'} ${route['dst-address'] ?? '0.0.0.0/0'}`;
    const distance = Number(route['distance'] ?? 1);
    const current = best.get(key);
    if (!current || distance < current.distance) best.set(key, { id: route['.id'], distance });
  }
  for (const { id } of best.values()) states.get(id)!.active = true;
  return states;
}

/** The active route of the main table that carries packets to `address` (longest prefix wins), if any. */
export function lookupRoute(routes: Row[], interfaces: Row[], address: string): (Row & { '.immediate-gw': string }) | undefined {
  const states = routeStates(routes, interfaces);
  const matches = routes
    .filter((r) => (r['routing-table'] ?? 'main') === 'main' && states.get(r['.id'])?.active && contains(r['dst-address'] ?? '', address))
    .sort((a, b) => prefixLength(b['dst-address'] ?? '') - prefixLength(a['dst-address'] ?? ''));
  const route = matches[0];
  return route ? { ...route, '.immediate-gw': states.get(route['.id'])!.immediateGw } : undefined;
}
