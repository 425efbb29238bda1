import { applyOperations, LiveRows } from '@routeros-mcp/domain-changes';
import { planTopic, staticRoutesTopic } from '../../index';

const ROUTE = 'ip/route';
const route = (id: string, props: Record<string, string>) => ({ '.id': id, distance: '1', disabled: 'false', 'routing-table': 'main', scope: '30', 'target-scope': '10', active: 'true', dynamic: 'false', static: 'true', ...props });
const live: LiveRows = {
  [ROUTE]: [
    route('*80000001', { 'dst-address': '0.0.0.0/0', gateway: '203.0.113.1', comment: 'default' }),
    route('*80000002', { 'dst-address': '10.0.0.0/8', gateway: '10.100.0.254', distance: '2', comment: 'internal', 'check-gateway': 'ping' }),
    route('*80000003', { 'dst-address': '192.168.88.0/24', gateway: 'bridge', dynamic: 'true', static: 'false', connect: 'true' }),
  ],
  interface: [{ '.id': '*1', name: 'bridge' }, { '.id': '*2', name: 'ether1' }],
  'routing/table': [{ '.id': '*1', name: 'main' }, { '.id': '*2', name: 'vpn', fib: 'true' }],
};
const propose = (state: LiveRows, change: Record<string, unknown>) => staticRoutesTopic.planner.propose(state, staticRoutesTopic.parse(change));

describe('static_routes topic', () => {
  const change = { routes: [{ 'dst-address': '10.0.0.0/8', gateway: '10.100.0.254', distance: 3 }, { 'dst-address': '172.16.0.0/12', gateway: 'ether1', 'routing-table': 'vpn', comment: 'vpn' }], remove: [{ 'dst-address': '0.0.0.0/0' }] };

  it('adds, modifies in place (unsetting what is not asked) and removes, by table, destination and gateway', () => {
    const outcome = propose(live, change);
    if (outcome.kind !== 'change') throw new Error('expected a change');
    expect(outcome.proposal.operations).toEqual([
      { kind: 'remove', menu: ROUTE, id: '*80000001' },
      { kind: 'set', menu: ROUTE, id: '*80000002', props: { distance: '3' }, unset: ['check-gateway', 'comment'] },
      { kind: 'add', menu: ROUTE, props: { 'dst-address': '172.16.0.0/12', gateway: 'ether1', 'routing-table': 'vpn', comment: 'vpn' } },
    ]);
    expect(outcome.proposal.risk).toBe('high');
    const after = applyOperations(live, outcome.proposal.operations);
    expect(propose(after, change).kind).toBe('no_change');
  });

  it('never writes dynamic routes and refuses ambiguous or unknown targets', () => {
    expect(propose(live, { remove: [{ 'dst-address': '192.168.88.0/24' }] }).kind).toBe('no_change');
    const twice: LiveRows = { ...live, [ROUTE]: [...live[ROUTE], route('*80000009', { 'dst-address': '10.0.0.0/8', gateway: '10.100.0.254', distance: '5' })] };
    expect(() => propose(twice, { routes: [{ 'dst-address': '10.0.0.0/8', gateway: '10.100.0.254' }] })).toThrow(/2 static routes/);
    expect(() => propose(live, { routes: [{ 'dst-address': '10.9.0.0/16', gateway: 'wan9' }] })).toThrow(/wan9/);
    expect(() => propose(live, { routes: [{ 'dst-address': '10.9.0.0/16', gateway: 'ether1', 'routing-table': 'nope' }] })).toThrow(/nope/);
  });

  it('refuses malformed changes field by field', () => {
    expect(() => staticRoutesTopic.parse({})).toThrow('routes');
    expect(() => staticRoutesTopic.parse({ routes: [{ 'dst-address': '10.0.0.1/8', gateway: '10.0.0.254' }] })).not.toThrow();
    expect(() => propose(live, { routes: [{ 'dst-address': '10.0.0.1/8', gateway: '10.0.0.254' }] })).toThrow('host bits');
    expect(() => staticRoutesTopic.parse({ routes: [{ 'dst-address': '10.0.0.0', gateway: 'x' }] })).toThrow('routes.0.dst-address');
    expect(() => staticRoutesTopic.parse({ routes: [{ 'dst-address': '10.0.0.0/8', gateway: 'x', distance: 0 }] })).toThrow('routes.0.distance');
    expect(() => staticRoutesTopic.parse({ routes: [{ 'dst-address': '10.0.0.0/8', gateway: 'x', via: 1 }] })).toThrow('routes.0.via');
    expect(() => staticRoutesTopic.parse({ routes: [{ 'dst-address': '10.0.0.0/8', gateway: 'x' }, { 'dst-address': '10.0.0.0/8', gateway: 'x' }] })).toThrow('routes.1');
    expect(() => staticRoutesTopic.parse({ routes: [{ 'dst-address': '10.0.0.0/8', gateway: 'x' }], remove: [{ 'dst-address': '10.0.0.0/8' }] })).toThrow('both held and removed');
    expect(planTopic('static_routes')).toBe(staticRoutesTopic);
    expect(staticRoutesTopic.requiresFlag).toBe('allow_routing_writes');
  });
});
