import { dnsFlushCachePlanner, dnsServersPlanner } from './dns-servers.planner';
import { ntpServersPlanner } from './ntp-servers.planner';
import { systemIdentityPlanner } from './system-identity.planner';

describe('singleton planners', () => {
  it('write only what differs, and nothing when it already holds', () => {
    const live = { 'system/ntp/client': [{ enabled: 'true', servers: '192.0.2.123', mode: 'unicast' }] };
    expect(ntpServersPlanner.propose(live, { servers: ['192.0.2.123'], enabled: true })).toMatchObject({ kind: 'no_change' });
    expect(ntpServersPlanner.propose(live, { servers: ['pool.ntp.org', '192.0.2.123'], enabled: true })).toMatchObject({
      kind: 'change',
      proposal: { operations: [{ kind: 'set', menu: 'system/ntp/client', props: { servers: 'pool.ntp.org,192.0.2.123' } }], touched: [{ before: live['system/ntp/client'][0], after: { enabled: 'true', servers: 'pool.ntp.org,192.0.2.123', mode: 'unicast' } }] },
    });
    expect(ntpServersPlanner.safetyInput!({ servers: ['a.example'] })).toEqual({ ntpServers: ['a.example'] });
  });

  it('set the identity and the DNS servers on their singleton menus', () => {
    expect(systemIdentityPlanner.reads({ name: 'x' })).toEqual(['system/identity']);
    expect(systemIdentityPlanner.propose({ 'system/identity': [{ name: 'core 1' }] }, { name: 'core 2' })).toMatchObject({ kind: 'change', proposal: { summary: 'set the identity to core 2' } });
    expect(dnsServersPlanner.propose({ 'ip/dns': [{ servers: '1.1.1.1,9.9.9.9' }] }, { servers: ['1.1.1.1', '9.9.9.9'] }).kind).toBe('no_change');
    expect(dnsServersPlanner.propose({ 'ip/dns': [{ servers: '9.9.9.9,1.1.1.1' }] }, { servers: ['1.1.1.1', '9.9.9.9'] }).kind).toBe('change');
  });

  it('flush the DNS cache only when it holds entries', () => {
    expect(dnsFlushCachePlanner.propose({ 'ip/dns/cache': [] }, {}).kind).toBe('no_change');
    expect(dnsFlushCachePlanner.propose({ 'ip/dns/cache': [{ '.id': '*1', name: 'a' }] }, {})).toMatchObject({ kind: 'change', proposal: { operations: [{ kind: 'command', menu: 'ip/dns/cache', command: 'flush' }] } });
  });
});
