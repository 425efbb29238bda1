import { DeviceState } from './device-state';
import { seedConfig } from './profiles';
import { detail } from '../testing/rest-error-detail.fixture';

// DHCP client and new-interface fidelity (issue 23's review).
const users = [{ name: 'admin', password: 'x', group: 'full' as const }];
let clock = 1_700_000_000_000;
const device = (profile: 'home' | 'edge' = 'home') => new DeviceState('7.20.5', 42, () => seedConfig({ profile, version: '7.20.5', identity: 'r1', index: 0, users }), () => clock);

describe('/ip/dhcp-client', () => {
  it('takes add-default-route=special-classless, reads no back as no, and refuses other words', () => {
    const s = device('edge');
    const client = s.add('ip/dhcp-client', { interface: 'ether5', 'add-default-route': 'special-classless' });
    expect(client['add-default-route']).toBe('special-classless');
    expect(s.update('ip/dhcp-client', client['.id'], { 'add-default-route': 'no' })['add-default-route']).toBe('no');
    expect(detail(() => s.update('ip/dhcp-client', client['.id'], { 'add-default-route': 'maybe' }))).toBe('input does not match any value of add-default-route');
  });

  it('keeps a new client on a port without link searching, not bound', () => {
    const s = device('edge');
    const port = s.list('interface/ethernet').find((e) => e['running'] === 'false')!;
    expect(s.add('ip/dhcp-client', { interface: port['name'] })).toMatchObject({ status: 'searching...' });
    expect(s.add('ip/dhcp-client', { interface: port['name'], disabled: 'yes' })).toMatchObject({ status: 'stopped' });
  });

  it('shows the home router bound with its lease: address, gateway, DNS, a dynamic address and a default route', () => {
    const s = device('home');
    const [client] = s.list('ip/dhcp-client');
    expect(client).toMatchObject({ status: 'bound', address: '100.71.12.34/22', gateway: '100.71.12.1', 'primary-dns': '192.0.2.53', 'secondary-dns': '198.51.100.53' });
    expect(s.list('ip/address').find((a) => a['interface'] === 'ether1')).toMatchObject({ address: '100.71.12.34/22', dynamic: 'true' });
    expect(s.list('ip/route').find((r) => r['dst-address'] === '0.0.0.0/0')).toMatchObject({ gateway: '100.71.12.1', dynamic: 'true', active: 'true' });
    expect(s.singleton('ip/dns')['dynamic-servers']).toBe('192.0.2.53,198.51.100.53');
  });
});

describe('new interfaces', () => {
  it('start with zero counters and a link-up time no earlier than their creation', () => {
    const s = device('home');
    clock += 3_600_000;
    const vlan = s.add('interface/vlan', { name: 'v7', 'vlan-id': '7', interface: 'bridge' });
    const bridge = s.add('interface/bridge', { name: 'br2' });
    const made = new Date(clock).toISOString().replace('T', ' ').slice(0, 19);
    for (const row of [vlan, bridge]) {
      expect(row).toMatchObject({ 'rx-byte': '0', 'tx-byte': '0', 'rx-packet': '0', 'tx-packet': '0' });
      if (row['last-link-up-time'] !== undefined) expect(row['last-link-up-time'] >= made).toBe(true);
    }
    // An interface the configuration loaded with counts from boot.
    expect(Number(s.get('interface', 'bridge')['rx-packet'])).toBeGreaterThan(0);
    clock += 10_000;
    expect(Number(s.get('interface', 'v7')['rx-packet'])).toBeGreaterThan(0);
  });
});
