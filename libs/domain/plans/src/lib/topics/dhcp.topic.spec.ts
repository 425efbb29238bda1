import { applyOperations, LiveRows } from '@routeros-mcp/domain-changes';
import { dhcpTopic, planTopic } from '../../index';

const live: LiveRows = {
  'ip/pool': [{ '.id': '*1', name: 'default-dhcp', ranges: '192.168.88.10-192.168.88.254' }, { '.id': '*2', name: 'old', ranges: '10.1.0.10-10.1.0.20', comment: 'legacy' }],
  'ip/dhcp-server': [{ '.id': '*1', name: 'defconf', interface: 'bridge', 'address-pool': 'default-dhcp' }],
  'ip/dhcp-server/network': [{ '.id': '*1', address: '192.168.88.0/24', gateway: '192.168.88.1', 'dns-server': '192.168.88.1', comment: 'defconf' }],
  'ip/dhcp-server/lease': [
    { '.id': '*1', address: '192.168.88.254', 'mac-address': 'A4:83:E7:11:22:33', server: 'defconf', dynamic: 'true', status: 'bound' },
    { '.id': '*2', address: '192.168.88.20', 'mac-address': '02:00:00:00:00:20', server: 'defconf', dynamic: 'false', comment: 'printer' },
  ],
};
const change = {
  pools: [{ name: 'default-dhcp', ranges: ['192.168.88.100-192.168.88.200'] }, { name: 'guests', ranges: ['10.9.0.10-10.9.0.200'], comment: 'guests' }],
  networks: [{ address: '192.168.88.0/24', gateway: '192.168.88.1', 'dns-server': ['192.168.88.1', '192.0.2.53'] }],
  leases: [{ 'mac-address': '02-00-00-00-00-20', address: '192.168.88.21', server: 'defconf' }, { 'mac-address': '020000000030', address: '192.168.88.30', server: 'defconf', comment: 'nas' }],
  remove: { pools: ['old'] },
};
const propose = (state: LiveRows, c: Record<string, unknown>) => dhcpTopic.planner.propose(state, dhcpTopic.parse(c));

describe('dhcp topic', () => {
  it('makes pools, networks and static leases hold as listed, by name, address and MAC', () => {
    const outcome = propose(live, change);
    if (outcome.kind !== 'change') throw new Error('expected a change');
    expect(outcome.proposal.operations).toEqual([
      { kind: 'remove', menu: 'ip/pool', id: '*2' },
      { kind: 'set', menu: 'ip/pool', id: '*1', props: { ranges: '192.168.88.100-192.168.88.200' } },
      { kind: 'set', menu: 'ip/dhcp-server/network', id: '*1', props: { 'dns-server': '192.168.88.1,192.0.2.53' }, unset: ['comment'] },
      { kind: 'set', menu: 'ip/dhcp-server/lease', id: '*2', props: { address: '192.168.88.21' }, unset: ['comment'] },
      { kind: 'add', menu: 'ip/pool', props: { name: 'guests', ranges: '10.9.0.10-10.9.0.200', comment: 'guests' } },
      { kind: 'add', menu: 'ip/dhcp-server/lease', props: { address: '192.168.88.30', 'mac-address': '02:00:00:00:00:30', server: 'defconf', comment: 'nas' } },
    ]);
    expect(propose(applyOperations(live, outcome.proposal.operations), change).kind).toBe('no_change');
  });

  it('refuses what would break the server: a pool in use, an address another client holds, an unknown server', () => {
    expect(() => propose(live, { remove: { pools: ['default-dhcp'] } })).toThrow(/used by DHCP server defconf/);
    expect(() => propose(live, { leases: [{ 'mac-address': '02:00:00:00:00:40', address: '192.168.88.254', server: 'defconf' }] })).toThrow(/leased to A4:83:E7:11:22:33/);
    expect(() => propose(live, { leases: [{ 'mac-address': '02:00:00:00:00:40', address: '192.168.88.41', server: 'guest' }] })).toThrow(/guest/);
    // The dynamic lease is the server's: a static one for the same client is added beside it.
    const outcome = propose(live, { leases: [{ 'mac-address': 'A4:83:E7:11:22:33', address: '192.168.88.254', server: 'defconf' }] });
    expect(outcome.kind === 'change' && outcome.proposal.operations.map((o) => o.kind)).toEqual(['add']);
  });

  it('refuses malformed changes field by field', () => {
    expect(() => dhcpTopic.parse({})).toThrow('pools');
    expect(() => dhcpTopic.parse({ pools: [{ name: 'p', ranges: ['10.0.0.1-x'] }] })).toThrow('pools.0.ranges.0');
    expect(() => dhcpTopic.parse({ networks: [{ address: '10.0.0.1/24' }] })).toThrow('networks.0.address');
    expect(() => dhcpTopic.parse({ leases: [{ 'mac-address': 'zz', address: '10.0.0.1', server: 's' }] })).toThrow('leases.0.mac-address');
    expect(() => dhcpTopic.parse({ leases: [{ 'mac-address': '02:00:00:00:00:01', address: '224.0.0.1', server: 's' }] })).toThrow('leases.0.address');
    expect(() => dhcpTopic.parse({ pools: [{ name: 'p', ranges: ['10.0.0.0/24'] }], remove: { pools: ['p'] } })).toThrow('both held and removed');
    expect(() => dhcpTopic.parse({ remove: { servers: ['x'] } })).toThrow('remove.servers');
    expect(planTopic('dhcp')).toBe(dhcpTopic);
    expect(dhcpTopic.requiresFlag).toBe('allow_dhcp_writes');
  });
});
