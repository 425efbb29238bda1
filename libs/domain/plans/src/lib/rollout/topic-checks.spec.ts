import { addressListSyncTopic, dnsNtpTopic, topicChecks } from '../../index';
import type { PlanTopic } from '../../index';

describe("a topic's own checks in the health gate, from re-read rows", () => {
  it('dns_ntp: one check per part, failing the part the device does not hold', () => {
    const input = dnsNtpTopic.parse({ dns: { servers: ['192.0.2.53'] }, ntp: { servers: ['192.0.2.123'] } });
    const live = { 'ip/dns': [{ servers: '192.0.2.53' }], 'system/ntp/client': [{ enabled: 'true', servers: '198.51.100.1' }] };
    const checks = topicChecks(dnsNtpTopic as PlanTopic, input, live);
    expect(checks.map((c) => [c.name, c.ok])).toEqual([['DNS servers are 192.0.2.53', true], ['NTP servers are 192.0.2.123', false]]);
    expect(checks[1].detail).toMatch(/ntp/i);
  });

  it('address_list_sync: the list holds exactly the set, other lists ignored', () => {
    const input = addressListSyncTopic.parse({ list: 'mcp-blocked', addresses: ['198.51.100.7'] });
    const row = (list: string, address: string, id: string) => ({ '.id': id, list, address, dynamic: 'false', disabled: 'false' });
    const held = { 'ip/firewall/address-list': [row('mcp-blocked', '198.51.100.7', '*1'), row('office', '10.0.0.1', '*2')] };
    expect(topicChecks(addressListSyncTopic as PlanTopic, input, held).every((c) => c.ok)).toBe(true);
    const extra = { 'ip/firewall/address-list': [...held['ip/firewall/address-list'], row('mcp-blocked', '203.0.113.9', '*3')] };
    expect(topicChecks(addressListSyncTopic as PlanTopic, input, extra)[0]).toMatchObject({ ok: false });
  });

  it('a topic without verify: the planner has nothing left to do', () => {
    const bare = { ...dnsNtpTopic, verify: undefined } as PlanTopic;
    const input = dnsNtpTopic.parse({ dns: { servers: ['192.0.2.53'] } });
    expect(topicChecks(bare, input, { 'ip/dns': [{ servers: '192.0.2.53' }] })).toEqual([{ name: 'dns_ntp state as planned', ok: true }]);
    expect(topicChecks(bare, input, { 'ip/dns': [{ servers: '1.1.1.1' }] })[0].ok).toBe(false);
  });
});
