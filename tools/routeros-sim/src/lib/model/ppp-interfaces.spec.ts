import { DeviceState } from './device-state';
import { seedConfig } from './profiles';
import { detail } from '../testing/rest-error-detail.fixture';
import { renderExport } from '../ssh/export';

const users = [{ name: 'admin', password: 'x', group: 'full' as const }];
let clock = 1_700_000_000_000;
const device = (version: '7.15.3' | '7.20.5' = '7.20.5') => new DeviceState(version, 42, () => seedConfig({ profile: 'edge', version, identity: 'r1', index: 0, users }), () => clock);
const byName = (s: DeviceState, name: string) => s.list('interface').find((i) => i['name'] === name);

describe('PPP clients, server bindings, VPLS, L2TP-ether and MACsec join /interface', () => {
  it.each([
    ['interface/pppoe-client', 'pppoe-out', 'pppoe-out1', { interface: 'ether1', user: 'isp' }],
    ['interface/l2tp-client', 'l2tp-out', 'l2tp-out1', { 'connect-to': '192.0.2.1' }],
    ['interface/pptp-client', 'pptp-out', 'pptp-out1', { 'connect-to': '192.0.2.1' }],
    ['interface/sstp-client', 'sstp-out', 'sstp-out1', { 'connect-to': '192.0.2.1' }],
    ['interface/ovpn-client', 'ovpn-out', 'ovpn-out1', { 'connect-to': '192.0.2.1' }],
    ['interface/pppoe-server', 'pppoe-in', 'pppoe-in1', { user: 'alice' }],
    ['interface/l2tp-server', 'l2tp-in', 'l2tp-in1', { user: 'alice' }],
    ['interface/vpls', 'vpls', 'vpls1', { peer: '192.0.2.7', 'vpls-id': '1:1' }],
    ['interface/l2tp-ether', 'l2tp-ether', 'l2tp-ether1', { 'connect-to': '192.0.2.1' }],
    ['interface/macsec', 'macsec', 'macsec1', { interface: 'ether1' }],
  ])('%s: typed %s, named %s, never connected', (path, type, name, args) => {
    const s = device();
    const row = s.add(path, args);
    expect(row['name']).toBe(name);
    clock += 60_000;
    expect(byName(s, name)).toMatchObject({ '.id': row['.id'], type, running: 'false', 'rx-byte': '0', 'tx-packet': '0' });
    expect(byName(s, name)?.['last-link-up-time']).toBeUndefined();
  });

  it('clients take the factory default profile, refuse a missing one, require where they connect, and follow a rename of their interface', () => {
    const s = device();
    const pppoe = s.add('interface/pppoe-client', { interface: 'ether2', user: 'isp', password: 'secret' });
    expect(pppoe).toMatchObject({ profile: 'default', 'add-default-route': 'false', 'keepalive-timeout': '10' });
    expect(detail(() => s.add('interface/pppoe-client', { interface: 'ether2', profile: 'nope' }))).toBe('input does not match any value of profile');
    expect(detail(() => s.add('interface/l2tp-client', {}))).toBe('missing value for connect-to');
    expect(detail(() => s.add('interface/pppoe-client', {}))).toBe('missing value for interface');
    expect(s.add('interface/l2tp-client', { 'connect-to': '192.0.2.1', profile: 'default-encryption' })['profile']).toBe('default-encryption');
    s.update('interface/ethernet', 'ether2', { name: 'wan2' });
    expect(s.get('interface/pppoe-client', pppoe['.id'])['interface']).toBe('wan2');
    const text = renderExport(s, { terse: true });
    expect(text).toContain('/interface pppoe-client add interface=wan2 name=pppoe-out1 user=isp\r\n');
    expect(text).not.toContain('secret');
  });

  it('a device address on a PPP client is never reachable: the management path sees the interface without link', () => {
    const s = device();
    s.add('interface/pppoe-client', { name: 'pppoe-noc', interface: 'ether1' });
    s.add('ip/address', { address: '10.255.0.1/24', interface: 'pppoe-noc' });
    s.setManagement({ clientAddress: '10.255.0.2', deviceAddress: '10.255.0.1' });
    expect(s.access('www-ssl')).toMatchObject({ verdict: 'timeout', reason: expect.stringMatching(/interface pppoe-noc has no link/) });
  });
});
