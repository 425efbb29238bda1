import { ValidationError } from '@routeros-mcp/domain-kernel';
import { ChangeNotPermittedError, ChangeOverlapError, ChangeTargetNotFoundError } from '../errors/planner-errors';
import { LIVE, liveFor } from '../testing/live-rows.fixture';
import { ipAddAddressPlanner as add } from './ip-add-address.planner';
import { ipRemoveAddressPlanner as remove } from './ip-remove-address.planner';

const proposeAdd = (input: Parameters<typeof add.propose>[1], live = LIVE) => add.propose(liveFor(add.reads(input), live), input);
const proposeRemove = (input: Parameters<typeof remove.propose>[1], live = LIVE) => remove.propose(liveFor(remove.reads(input), live), input);

describe('ip_add_address', () => {
  it('adds a secondary address with its prefix, as RouterOS stores it', () => {
    expect(proposeAdd({ address: '192.168.88.2/24', interface: 'bridge', comment: 'second gateway' })).toEqual({
      kind: 'change',
      proposal: {
        summary: 'add 192.168.88.2/24 to bridge',
        operations: [{ kind: 'add', menu: 'ip/address', props: { address: '192.168.88.2/24', interface: 'bridge', comment: 'second gateway' } }],
        touched: [{ menu: 'ip/address', after: { address: '192.168.88.2/24', interface: 'bridge', comment: 'second gateway' } }],
        risk: 'medium',
      },
    });
  });

  it('takes a bare address as a /32 and leaves out an absent comment', () => {
    const outcome = proposeAdd({ address: '172.16.9.1', interface: 'ether3' });
    expect(outcome.kind === 'change' && outcome.proposal.operations).toEqual([{ kind: 'add', menu: 'ip/address', props: { address: '172.16.9.1/32', interface: 'ether3' } }]);
  });

  it('is no change when the interface already has the address', () => {
    const outcome = proposeAdd({ address: '10.100.1.2/24', interface: 'vlan100-mgmt' });
    expect(outcome).toEqual({ kind: 'no_change', reason: '10.100.1.2/24 is already on vlan100-mgmt', current: [{ menu: 'ip/address', id: '*4', before: { address: '10.100.1.2/24', network: '10.100.1.0', interface: 'vlan100-mgmt', disabled: 'false' } }] });
  });

  it('refuses a prefix overlapping an address on another interface, naming it', () => {
    expect(() => proposeAdd({ address: '192.168.88.77/25', interface: 'ether3' })).toThrow(new ChangeOverlapError('192.168.88.77/25 overlaps 192.168.88.1/24 on bridge (*1)', {}));
    // A wider prefix that swallows another interface's network overlaps too.
    expect(() => proposeAdd({ address: '10.0.0.1/8', interface: 'ether3' })).toThrow(ChangeOverlapError);
  });

  it('allows a second address in the same network on the same interface, refuses the same host with another prefix', () => {
    expect(proposeAdd({ address: '10.100.1.3/24', interface: 'vlan100-mgmt' }).kind).toBe('change');
    expect(() => proposeAdd({ address: '10.100.1.2/28', interface: 'vlan100-mgmt' })).toThrow(/already on vlan100-mgmt as 10.100.1.2\/24/);
  });

  it('refuses an interface that does not exist', () => {
    expect(() => proposeAdd({ address: '172.16.9.1/30', interface: 'ether9' })).toThrow(ChangeTargetNotFoundError);
  });

  it.each([
    ['not an address', '10.0.0.300/24', /not an IPv4 address/],
    ['a short form', '10.1/8', /not an IPv4 address/],
    ['a prefix over 32', '10.0.0.1/33', /prefix/],
    ['the network address', '172.16.9.0/24', /network address of 172.16.9.0\/24/],
    ['the broadcast address', '172.16.9.255/24', /broadcast address/],
  ])('refuses %s', (_label, address, message) => {
    expect(() => proposeAdd({ address, interface: 'ether3' })).toThrow(ValidationError);
    expect(() => proposeAdd({ address, interface: 'ether3' })).toThrow(message);
  });

  it('reads the addresses and the interfaces', () => {
    expect(add.reads({ address: '10.0.0.1/24', interface: 'ether3' })).toEqual(['ip/address', 'interface']);
  });
});

describe('ip_remove_address', () => {
  it('removes a static address, its before-state enough to add it back', () => {
    expect(proposeRemove({ address: '10.100.1.2/24' })).toEqual({
      kind: 'change',
      proposal: {
        summary: 'remove 10.100.1.2/24 from vlan100-mgmt',
        operations: [{ kind: 'remove', menu: 'ip/address', id: '*4' }],
        touched: [{ menu: 'ip/address', id: '*4', before: { address: '10.100.1.2/24', network: '10.100.1.0', interface: 'vlan100-mgmt', disabled: 'false' } }],
        risk: 'medium',
      },
    });
  });

  it("matches a bare address whatever its prefix, and rates an interface's last address high", () => {
    const outcome = proposeRemove({ address: '192.168.88.1' });
    expect(outcome.kind === 'change' && outcome.proposal).toMatchObject({ summary: 'remove 192.168.88.1/24 from bridge (its last address)', risk: 'high' });
  });

  it('is no change when the address is not there (or has another prefix, or is on another interface)', () => {
    expect(proposeRemove({ address: '172.16.9.1/30' })).toEqual({ kind: 'no_change', reason: '172.16.9.1/30 is not on any interface', current: [] });
    expect(proposeRemove({ address: '10.100.1.2/28' }).kind).toBe('no_change');
    expect(proposeRemove({ address: '10.100.1.2/24', interface: 'bridge' }).kind).toBe('no_change');
  });

  it("never removes a dynamic address (the DHCP client's)", () => {
    expect(() => proposeRemove({ address: '10.0.2.15/24' })).toThrow(ChangeNotPermittedError);
  });

  it('asks for the interface when the address is on several', () => {
    const live = { ...LIVE, 'ip/address': [...LIVE['ip/address'], { '.id': '*9', address: '10.100.1.2/24', interface: 'ether3', disabled: 'true', dynamic: 'false' }] };
    expect(() => proposeRemove({ address: '10.100.1.2/24' }, live)).toThrow(/on vlan100-mgmt, ether3: name the interface/);
    const outcome = proposeRemove({ address: '10.100.1.2/24', interface: 'ether3' }, live);
    expect(outcome.kind === 'change' && outcome.proposal.operations).toEqual([{ kind: 'remove', menu: 'ip/address', id: '*9' }]);
  });
});
