import { refusal, seededDevice } from '../testing/seeded-device.fixture';
import { renderExport } from '../ssh/export';

const device = () => seededDevice('home', '7.20.5');

describe('/ppp/profile and /ppp/secret (PPP AAA manual)', () => {
  it('a fresh device has the built-in default and default-encryption profiles', () => {
    const s = device();
    expect(s.list('ppp/profile').map((p) => [p['name'], p['use-encryption'], p['default']])).toEqual([['default', 'default', 'true'], ['default-encryption', 'yes', 'true']]);
    expect(refusal(() => s.remove('ppp/profile', 'default'))).toBe('cannot remove builtin object');
  });

  it('profiles take an IP or an existing pool, and RouterOS enumerations', () => {
    const s = device();
    expect(refusal(() => s.add('ppp/profile', { name: 'vpn', 'remote-address': 'no-pool' }))).toBe('input does not match any value of remote-address');
    expect(refusal(() => s.add('ppp/profile', { name: 'vpn', 'local-address': '10.0.0.300' }))).toBe('invalid value for argument local-address');
    expect(refusal(() => s.add('ppp/profile', { name: 'vpn', 'use-encryption': 'maybe' }))).toBe('input does not match any value of use-encryption');
    const p = s.add('ppp/profile', { name: 'vpn', 'local-address': '10.9.0.1', 'remote-address': 'default-dhcp', 'use-encryption': 'required' });
    expect(p).toMatchObject({ 'use-compression': 'default', 'only-one': 'default', 'change-tcp-mss': 'yes', default: 'false' });
    s.update('ip/pool', 'default-dhcp', { name: 'vpn-pool' });
    expect(s.get('ppp/profile', 'vpn')['remote-address']).toBe('vpn-pool');
  });

  it('secrets name an existing profile, follow its renames, and keep it from being removed', () => {
    const s = device();
    expect(refusal(() => s.add('ppp/secret', { name: 'u1', profile: 'nope' }))).toBe('input does not match any value of profile');
    expect(refusal(() => s.add('ppp/secret', { name: 'u1', service: 'ssh' }))).toBe('input does not match any value of service');
    expect(refusal(() => s.add('ppp/secret', { name: 'u1', 'remote-address': 'default-dhcp' }))).toBe('invalid value for argument remote-address');
    expect(s.add('ppp/secret', { name: 'u0', password: 'p' })).toMatchObject({ profile: 'default', service: 'any', disabled: 'false' });
    s.add('ppp/profile', { name: 'vpn' });
    s.add('ppp/secret', { name: 'u1', password: 'hunter2', profile: 'vpn', service: 'l2tp', 'remote-address': '10.9.0.2' });
    s.update('ppp/profile', 'vpn', { name: 'vpn2' });
    expect(s.get('ppp/secret', 'u1')['profile']).toBe('vpn2');
    expect(refusal(() => s.remove('ppp/profile', 'vpn2'))).toBe('failure: profile is in use');
    const exported = renderExport(s);
    expect(exported).toContain('/ppp profile\r\nadd name=vpn2\r\n');
    expect(exported).toMatch(/\/ppp secret\r\nadd name=u0\r\nadd name=u1 profile=vpn2 remote-address=10.9.0.2 service=l2tp\r\n/);
    expect(exported).not.toContain('hunter2');
    expect(renderExport(s, { showSensitive: true })).toContain('password=hunter2');
    s.remove('ppp/secret', 'u1');
    expect(refusal(() => s.remove('ppp/profile', 'vpn2'))).toBe('ok');
  });
});
