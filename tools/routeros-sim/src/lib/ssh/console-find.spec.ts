import { seededDevice } from '../testing/seeded-device.fixture';
import { runConsole } from './console-command';

const ctx = { session: 's', user: { name: 'admin', password: 'x', group: 'full' as const } };

describe('the console\'s [find …] on booleans', () => {
  it('yes/no match the true/false RouterOS keeps, so an export\'s `set [ find default=yes ]` replays', async () => {
    const s = seededDevice('home');
    expect((await runConsole(s, '/ipv6 nd set [ find default=yes ] ra-lifetime=1h', ctx)).ok).toBe(true);
    expect(s.list('ipv6/nd')[0]['ra-lifetime']).toBe('1h');
    expect((await runConsole(s, '/ip firewall filter disable [ find disabled=no action=drop ]', ctx)).ok).toBe(true);
    expect(s.list('ip/firewall/filter').filter((r) => r['action'] === 'drop').every((r) => r['disabled'] === 'true')).toBe(true);
  });
});
