import type { LiveRows } from '@routeros-mcp/domain-changes';
import { addressListSyncTopic, dnsNtpTopic, planTopic } from '../../index';

const live: LiveRows = {
  'ip/dns': [{ servers: '192.0.2.1', 'cache-used': '12KiB' }],
  'system/ntp/client': [{ servers: '', enabled: 'false', 'freq-drift': '0.1' }],
  'ip/firewall/address-list': [
    { '.id': '*1', list: 'mcp-block', address: '198.51.100.7', dynamic: 'false' },
    { '.id': '*2', list: 'mcp-block', address: '198.51.100.8', dynamic: 'false' },
    { '.id': '*3', list: 'office', address: '10.0.0.1', dynamic: 'false' },
  ],
};

describe('dns_ntp topic', () => {
  it('turns one change into one composite proposal', () => {
    const input = dnsNtpTopic.parse({ dns: { servers: ['192.0.2.53', '192.0.2.54'] }, ntp: { servers: ['pool.ntp.org'], enabled: true } });
    expect(dnsNtpTopic.planner.reads(input)).toEqual(['ip/dns', 'system/ntp/client']);
    const outcome = dnsNtpTopic.planner.propose(live, input);
    expect(outcome.kind).toBe('change');
    if (outcome.kind !== 'change') return;
    expect(outcome.proposal.operations).toEqual([
      { kind: 'set', menu: 'ip/dns', props: { servers: '192.0.2.53,192.0.2.54' } },
      { kind: 'set', menu: 'system/ntp/client', props: { servers: 'pool.ntp.org', enabled: 'true' } },
    ]);
    expect(dnsNtpTopic.planner.safetyInput?.(input)).toEqual({ dnsServers: ['192.0.2.53', '192.0.2.54'], ntpServers: ['pool.ntp.org'] });
    expect(dnsNtpTopic.describe(input)).toBe('DNS 192.0.2.53, 192.0.2.54; NTP pool.ntp.org');
  });

  it('is a no-op where the values hold, and refuses malformed changes', () => {
    expect(dnsNtpTopic.planner.propose(live, dnsNtpTopic.parse({ dns: { servers: ['192.0.2.1'] } })).kind).toBe('no_change');
    expect(() => dnsNtpTopic.parse({})).toThrow('dns');
    expect(() => dnsNtpTopic.parse({ dns: { servers: [] } })).toThrow('dns.servers');
    expect(() => dnsNtpTopic.parse({ dns: { servers: ['x'] }, wifi: 1 })).toThrow('wifi');
  });
});

describe('address_list_sync topic', () => {
  it('adds what is missing, removes what is not asked for, leaves other lists alone', () => {
    const input = addressListSyncTopic.parse({ list: 'mcp-block', addresses: ['198.51.100.8/32', '203.0.113.0/24'] });
    const outcome = addressListSyncTopic.planner.propose(live, input);
    if (outcome.kind !== 'change') throw new Error('expected a change');
    expect(outcome.proposal.operations).toEqual([
      { kind: 'remove', menu: 'ip/firewall/address-list', id: '*1' },
      { kind: 'add', menu: 'ip/firewall/address-list', props: { list: 'mcp-block', address: '203.0.113.0/24' } },
    ]);
    expect(addressListSyncTopic.planner.propose(live, addressListSyncTopic.parse({ list: 'mcp-block', addresses: ['198.51.100.7', '198.51.100.8'] })).kind).toBe('no_change');
    const emptied = addressListSyncTopic.planner.propose(live, { list: 'mcp-block', addresses: [] });
    expect(emptied.kind === 'change' && emptied.proposal.operations.map((o) => o.kind)).toEqual(['remove', 'remove']);
  });

  it('writes only mcp- lists', () => {
    expect(() => addressListSyncTopic.parse({ list: 'office', addresses: [] })).toThrow('list');
    expect(() => addressListSyncTopic.planner.propose(live, { list: 'office', addresses: [] })).toThrow('mcp-');
    expect(addressListSyncTopic.requiresFlag).toBe('allow_firewall_writes');
  });

  it('is found by name', () => {
    expect(planTopic('address_list_sync')).toBe(addressListSyncTopic);
    expect(() => planTopic('wifi')).toThrow('topic');
  });
});
