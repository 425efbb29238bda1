import { ValidationError } from '@routeros-mcp/domain-kernel';
import { ChangeNotPermittedError } from '../errors/planner-errors';
import { liveFor } from '../testing/live-rows.fixture';
import { addressListUpdatePlanner as planner, AddressListUpdateInput } from './address-list-update.planner';

const propose = (input: AddressListUpdateInput) => planner.propose(liveFor(planner.reads(input)), input);

describe('firewall_update_address_list', () => {
  it('removes before it adds, with timeout and comment as RouterOS names them (the after-state has no clock)', () => {
    expect(propose({ list: 'mcp-blocklist', add: [{ address: '203.0.113.50', timeout: '1d', comment: 'scanner' }], remove: ['192.0.2.66'] })).toEqual({
      kind: 'change',
      proposal: {
        summary: 'add 1 and remove 1 entries of address list mcp-blocklist',
        operations: [
          { kind: 'remove', menu: 'ip/firewall/address-list', id: '*2' },
          { kind: 'add', menu: 'ip/firewall/address-list', props: { list: 'mcp-blocklist', address: '203.0.113.50', timeout: '1d', comment: 'scanner' } },
        ],
        touched: [
          { menu: 'ip/firewall/address-list', id: '*2', before: { list: 'mcp-blocklist', address: '192.0.2.66', dynamic: 'false', comment: 'managed by routeros-mcp', disabled: 'false' } },
          { menu: 'ip/firewall/address-list', after: { list: 'mcp-blocklist', address: '203.0.113.50', comment: 'scanner' } },
        ],
        risk: 'medium',
      },
    });
  });

  it('hands the list name to the safety rules (MCP_OWNED_ADDRESS_LISTS judges it)', () => {
    expect(planner.safetyInput?.({ list: 'mcp-blocklist', add: [{ address: '192.0.2.1' }] })).toEqual({ addressList: 'mcp-blocklist' });
  });

  it('writes prefixes as RouterOS stores them (host bits cleared, /32 bare)', () => {
    const outcome = propose({ list: 'mcp-new', add: [{ address: '10.9.8.7/16' }, { address: '10.1.1.1/32' }] });
    expect(outcome.kind === 'change' && outcome.proposal.operations.map((o) => o.kind === 'add' && o.props['address'])).toEqual(['10.9.0.0/16', '10.1.1.1']);
    expect(outcome.kind === 'change' && outcome.proposal.summary).toBe('add 2 entries of address list mcp-new');
  });

  it('finds entries by the addresses they cover: a present one is no change, an absent one is not removed', () => {
    const outcome = propose({ list: 'mcp-blocklist', add: [{ address: '192.0.2.66/32' }, { address: '198.51.100.9/24' }], remove: ['192.0.2.99'] });
    expect(outcome).toEqual({
      kind: 'no_change',
      reason: 'mcp-blocklist already holds what was asked',
      current: [
        { menu: 'ip/firewall/address-list', id: '*2', before: { list: 'mcp-blocklist', address: '192.0.2.66', dynamic: 'false', comment: 'managed by routeros-mcp', disabled: 'false' } },
        { menu: 'ip/firewall/address-list', id: '*3', before: { list: 'mcp-blocklist', address: '198.51.100.0/24', timeout: '23h59m10s', dynamic: 'true', disabled: 'false' } },
      ],
    });
  });

  it('removes a timed (dynamic) entry of its own list, keeping the time left in the before-state', () => {
    const outcome = propose({ list: 'mcp-blocklist', remove: ['198.51.100.0/24'] });
    expect(outcome.kind === 'change' && outcome.proposal.touched).toEqual([{ menu: 'ip/firewall/address-list', id: '*3', before: { list: 'mcp-blocklist', address: '198.51.100.0/24', timeout: '23h59m10s', dynamic: 'true', disabled: 'false' } }]);
  });

  it("never touches another list's entries, nor lists not named mcp-*", () => {
    expect(propose({ list: 'mcp-blocklist', remove: ['203.0.113.9', '10.100.0.0/16'] }).kind).toBe('no_change');
    expect(() => propose({ list: 'blocklist', remove: ['203.0.113.9'] })).toThrow(ChangeNotPermittedError);
    expect(() => propose({ list: 'mgmt-allowed', add: [{ address: '10.0.0.1' }] })).toThrow('only address lists named mcp-… are written by this tool');
  });

  it('adds a range, and a duplicate in the request once', () => {
    const outcome = propose({ list: 'mcp-x', add: [{ address: '10.0.0.1-10.0.0.9' }, { address: '10.0.0.1-10.0.0.9' }] });
    expect(outcome.kind === 'change' && outcome.proposal.operations).toEqual([{ kind: 'add', menu: 'ip/firewall/address-list', props: { list: 'mcp-x', address: '10.0.0.1-10.0.0.9' } }]);
  });

  it.each([
    ['nothing to do', { list: 'mcp-x' }, /at least one entry/],
    ['an address added and removed', { list: 'mcp-x', add: [{ address: '10.0.0.1' }], remove: ['10.0.0.1/32'] }, /both added and removed/],
    ['a bad address', { list: 'mcp-x', add: [{ address: '10.0.0.256' }] }, /add.0.address: '10.0.0.256' is not an IPv4 address/],
    ['a reversed range', { list: 'mcp-x', remove: ['10.0.0.9-10.0.0.1'] }, /remove.0/],
  ])('refuses %s', (_label, input, message) => {
    expect(() => propose(input as AddressListUpdateInput)).toThrow(ValidationError);
    expect(() => propose(input as AddressListUpdateInput)).toThrow(message);
  });
});
