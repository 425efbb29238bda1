import { ValidationError } from '@routeros-mcp/domain-kernel';
import { ChangeNotPermittedError, ChangeOverlapError, ChangeTargetNotFoundError } from '../errors/planner-errors';
import { LIVE, LEASES, liveFor } from '../testing/live-rows.fixture';
import { leaseAddPlanner as add, LeaseAddInput } from './lease-add.planner';
import { leaseRemovePlanner as remove, LeaseRemoveInput } from './lease-remove.planner';

const MENU = 'ip/dhcp-server/lease';
const proposeAdd = (input: LeaseAddInput) => add.propose(liveFor(add.reads(input)), input);
const proposeRemove = (input: LeaseRemoveInput, live = LIVE) => remove.propose(liveFor(remove.reads(input), live), input);

describe('dhcp_add_static_lease', () => {
  it('adds a static lease, the MAC written as RouterOS prints it', () => {
    expect(proposeAdd({ address: '192.168.88.30', 'mac-address': 'dc-a6-32-01-02-03', server: 'defconf', comment: 'pi' })).toEqual({
      kind: 'change',
      proposal: {
        summary: 'add a static lease of 192.168.88.30 for DC:A6:32:01:02:03 on defconf',
        operations: [{ kind: 'add', menu: MENU, props: { address: '192.168.88.30', 'mac-address': 'DC:A6:32:01:02:03', server: 'defconf', comment: 'pi' } }],
        touched: [{ menu: MENU, after: { address: '192.168.88.30', 'mac-address': 'DC:A6:32:01:02:03', server: 'defconf', comment: 'pi' } }],
        risk: 'medium',
      },
    });
  });

  it('is no change when that static lease exists', () => {
    expect(proposeAdd({ address: '192.168.88.20', 'mac-address': '4c:5e:0c:aa:00:01', server: 'defconf' })).toMatchObject({ kind: 'no_change', current: [{ menu: MENU, id: '*2', before: { address: '192.168.88.20', 'mac-address': '4C:5E:0C:AA:00:01', server: 'defconf', comment: 'printer', disabled: 'false' } }] });
  });

  it("makes a static lease for a client that holds a dynamic one of the same address", () => {
    expect(proposeAdd({ address: '192.168.88.254', 'mac-address': 'A4:83:E7:11:22:33', server: 'defconf' }).kind).toBe('change');
  });

  it('refuses a MAC with another static address, and an address leased to another MAC', () => {
    expect(() => proposeAdd({ address: '192.168.88.21', 'mac-address': '4C:5E:0C:AA:00:01', server: 'defconf' })).toThrow('4C:5E:0C:AA:00:01 already has a static lease of 192.168.88.20 (*2); remove it first');
    expect(() => proposeAdd({ address: '192.168.88.254', 'mac-address': 'DC:A6:32:01:02:03', server: 'defconf' })).toThrow(new ChangeOverlapError('192.168.88.254 is leased to A4:83:E7:11:22:33 (*1, dynamic)', {}));
  });

  it('refuses a server that does not exist', () => {
    expect(() => proposeAdd({ address: '192.168.88.30', 'mac-address': 'DC:A6:32:01:02:03', server: 'guest' })).toThrow(ChangeTargetNotFoundError);
  });

  it.each([
    ['a MAC with five octets', { address: '192.168.88.30', 'mac-address': 'DC:A6:32:01:02', server: 'defconf' }, "'DC:A6:32:01:02' is not a MAC address"],
    ['a MAC with mixed separators', { address: '192.168.88.30', 'mac-address': 'DC:A6-32:01:02:03', server: 'defconf' }, 'is not a MAC address'],
    ['an address that is not a host', { address: '224.0.0.5', 'mac-address': 'DC:A6:32:01:02:03', server: 'defconf' }, 'is a multicast address'],
    ['no address at all', { address: '192.168.88', 'mac-address': 'DC:A6:32:01:02:03', server: 'defconf' }, 'is not an IPv4 address'],
  ])('refuses %s', (_label, input, message) => {
    expect(() => proposeAdd(input)).toThrow(ValidationError);
    expect(() => proposeAdd(input)).toThrow(message);
  });
});

describe('dhcp_remove_static_lease', () => {
  it('removes the static lease of a MAC, whatever way the MAC is written', () => {
    expect(proposeRemove({ 'mac-address': '4c5e.0caa.0001' })).toEqual({
      kind: 'change',
      proposal: {
        summary: 'remove the static lease of 192.168.88.20 for 4C:5E:0C:AA:00:01 on defconf',
        operations: [{ kind: 'remove', menu: MENU, id: '*2' }],
        touched: [{ menu: MENU, id: '*2', before: { address: '192.168.88.20', 'mac-address': '4C:5E:0C:AA:00:01', server: 'defconf', comment: 'printer', disabled: 'false' } }],
        risk: 'medium',
      },
    });
  });

  it('is no change when the MAC has no lease, and refuses a dynamic lease', () => {
    expect(proposeRemove({ 'mac-address': 'DC:A6:32:01:02:03' })).toEqual({ kind: 'no_change', reason: 'DC:A6:32:01:02:03 has no static lease', current: [] });
    expect(() => proposeRemove({ 'mac-address': 'A4:83:E7:11:22:33' })).toThrow(ChangeNotPermittedError);
  });

  it('needs the server when the MAC has static leases on several', () => {
    const live = { ...LIVE, [MENU]: [...LEASES, { '.id': '*3', address: '10.10.0.20', 'mac-address': '4C:5E:0C:AA:00:01', server: 'guest', disabled: 'false', dynamic: 'false' }] };
    expect(() => proposeRemove({ 'mac-address': '4C:5E:0C:AA:00:01' }, live)).toThrow('has static leases on defconf, guest: name the server');
    expect(proposeRemove({ 'mac-address': '4C:5E:0C:AA:00:01', server: 'guest' }, live)).toMatchObject({ kind: 'change', proposal: { operations: [{ kind: 'remove', menu: MENU, id: '*3' }] } });
  });
});
