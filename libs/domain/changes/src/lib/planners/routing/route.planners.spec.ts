import { ValidationError } from '@routeros-mcp/domain-kernel';
import { ChangeNotPermittedError, ChangeTargetNotFoundError } from '../errors/planner-errors';
import { LIVE, liveFor } from '../testing/live-rows.fixture';
import { routeAddPlanner as add, RouteAddInput } from './route-add.planner';
import { routeRemovePlanner as remove, RouteRemoveInput } from './route-remove.planner';

const MENU = 'ip/route';
const proposeAdd = (input: RouteAddInput) => add.propose(liveFor(add.reads(input)), input);
const proposeRemove = (input: RouteRemoveInput, live = LIVE) => remove.propose(liveFor(remove.reads(input), live), input);

describe('routing_add_static_route', () => {
  it('adds a route via an address, leaving RouterOS defaults (distance 1, table main) unwritten', () => {
    expect(proposeAdd({ 'dst-address': '172.20.0.0/16', gateway: '10.100.1.254', comment: 'lab' })).toEqual({
      kind: 'change',
      proposal: {
        summary: 'add route 172.20.0.0/16 via 10.100.1.254',
        operations: [{ kind: 'add', menu: MENU, props: { 'dst-address': '172.20.0.0/16', gateway: '10.100.1.254', comment: 'lab' } }],
        touched: [{ menu: MENU, after: { 'dst-address': '172.20.0.0/16', gateway: '10.100.1.254', comment: 'lab' } }],
        risk: 'medium',
      },
    });
  });

  it('adds a route via an interface, with distance and a table that exists; a default route is high risk', () => {
    const outcome = proposeAdd({ 'dst-address': '0.0.0.0/0', gateway: 'ether1', distance: 5, 'routing-table': 'mgmt' });
    expect(outcome.kind === 'change' && outcome.proposal).toMatchObject({
      summary: 'add route 0.0.0.0/0 via ether1 in mgmt distance 5',
      operations: [{ kind: 'add', menu: MENU, props: { 'dst-address': '0.0.0.0/0', gateway: 'ether1', distance: '5', 'routing-table': 'mgmt' } }],
      risk: 'high',
    });
    expect(add.reads({ 'dst-address': '0.0.0.0/0', gateway: 'ether1', 'routing-table': 'mgmt' })).toEqual(['ip/route', 'interface', 'routing/table']);
    expect(add.reads({ 'dst-address': '0.0.0.0/0', gateway: 'ether1' })).toEqual(['ip/route', 'interface']);
  });

  it('is no change when the same static route exists', () => {
    expect(proposeAdd({ 'dst-address': '10.0.0.0/8', gateway: '10.100.1.254' })).toMatchObject({ kind: 'no_change', reason: 'route *80000003 (10.0.0.0/8 via 10.100.1.254) already exists', current: [{ menu: MENU, id: '*80000003' }] });
    // Another distance is another route.
    expect(proposeAdd({ 'dst-address': '10.0.0.0/8', gateway: '10.100.1.254', distance: 3 }).kind).toBe('change');
  });

  it('refuses an unknown gateway interface and an unknown table', () => {
    expect(() => proposeAdd({ 'dst-address': '172.20.0.0/16', gateway: 'wg0' })).toThrow(ChangeTargetNotFoundError);
    expect(() => proposeAdd({ 'dst-address': '172.20.0.0/16', gateway: '10.100.1.254', 'routing-table': 'vpn' })).toThrow("routing table 'vpn' does not exist");
  });

  it.each([
    ['host bits in the destination', { 'dst-address': '10.1.2.3/8', gateway: '10.100.1.254' }, 'has host bits set; the network is 10.0.0.0/8'],
    ['a gateway that is no address', { 'dst-address': '10.1.0.0/16', gateway: '10.100.1.256' }, "gateway: '10.100.1.256' is not an IPv4 address"],
    ['a broadcast gateway', { 'dst-address': '10.1.0.0/16', gateway: '255.255.255.255' }, 'is a broadcast address'],
  ])('refuses %s', (_label, input, message) => {
    expect(() => proposeAdd(input)).toThrow(ValidationError);
    expect(() => proposeAdd(input)).toThrow(message);
  });
});

describe('routing_remove_static_route', () => {
  it('removes the one static route to a destination, its configuration kept for the way back', () => {
    expect(proposeRemove({ 'dst-address': '10.0.0.0/8' })).toEqual({
      kind: 'change',
      proposal: {
        summary: 'remove route 10.0.0.0/8 via 10.100.1.254',
        operations: [{ kind: 'remove', menu: MENU, id: '*80000003' }],
        touched: [{ menu: MENU, id: '*80000003', before: { 'dst-address': '10.0.0.0/8', gateway: '10.100.1.254', distance: '1', 'routing-table': 'main', scope: '30', 'target-scope': '10', 'suppress-hw-offload': 'false', comment: 'internal', disabled: 'false' } }],
        risk: 'medium',
      },
    });
  });

  it('needs the gateway when routes share the destination; a default route is high risk', () => {
    expect(() => proposeRemove({ 'dst-address': '0.0.0.0/0' })).toThrow('2 routes to 0.0.0.0/0 (via 203.0.113.1, 198.51.100.1): name the gateway');
    expect(proposeRemove({ 'dst-address': '0.0.0.0/0', gateway: '198.51.100.1' })).toMatchObject({ kind: 'change', proposal: { operations: [{ kind: 'remove', menu: MENU, id: '*80000002' }], risk: 'high' } });
  });

  it('is no change when no such route exists', () => {
    expect(proposeRemove({ 'dst-address': '172.20.0.0/16' })).toEqual({ kind: 'no_change', reason: 'no static route to 172.20.0.0/16 in main', current: [] });
    expect(proposeRemove({ 'dst-address': '10.0.0.0/8', 'routing-table': 'mgmt' }).kind).toBe('no_change');
  });

  it('refuses a connected (dynamic) route', () => {
    expect(() => proposeRemove({ 'dst-address': '10.100.1.0/24' })).toThrow(ChangeNotPermittedError);
    expect(() => proposeRemove({ 'dst-address': '10.100.1.0/24' })).toThrow('route 10.100.1.0/24 via vlan100-mgmt is dynamic');
  });
});
