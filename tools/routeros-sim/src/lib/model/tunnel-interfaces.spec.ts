import { DeviceState } from './device-state';
import { seedConfig } from './profiles';
import { detail } from '../testing/rest-error-detail.fixture';
import { renderExport } from '../ssh/export';
import { treeFor } from '../schema/menu-schema';
import { TUNNEL_INTERFACE_MENUS } from './tunnel-interfaces';
import { PPP_INTERFACE_MENUS } from './ppp-interfaces';

const users = [{ name: 'admin', password: 'x', group: 'full' as const }];
const clock = 1_700_000_000_000;
const device = (version: '7.15.3' | '7.20.5' = '7.20.5') => new DeviceState(version, 42, () => seedConfig({ profile: 'edge', version, identity: 'r1', index: 0, users }), () => clock);
const byName = (s: DeviceState, name: string) => s.list('interface').find((i) => i['name'] === name);

describe('tunnel and virtual interfaces join /interface', () => {
  it.each([
    ['interface/eoip', { 'remote-address': '192.0.2.2', 'tunnel-id': '7' }, 'eoip-tunnel', 'eoip-tunnel1'],
    ['interface/eoipv6', { 'remote-address': '2001:db8::2', 'tunnel-id': '7' }, 'eoipv6-tunnel', 'eoipv6-tunnel1'],
    ['interface/gre', { 'remote-address': '192.0.2.2' }, 'gre-tunnel', 'gre-tunnel1'],
    ['interface/gre6', { 'remote-address': '2001:db8::2' }, 'gre6-tunnel', 'gre6-tunnel1'],
    ['interface/ipip', { 'remote-address': '192.0.2.2' }, 'ipip-tunnel', 'ipip-tunnel1'],
    ['interface/ipipv6', { 'remote-address': '2001:db8::2' }, 'ipipv6-tunnel', 'ipipv6-tunnel1'],
    ['interface/6to4', {}, '6to4-tunnel', '6to4-tunnel1'],
    ['interface/vxlan', { vni: '10' }, 'vxlan', 'vxlan1'],
    ['interface/veth', {}, 'veth', 'veth1'],
    ['interface/macvlan', { interface: 'ether1' }, 'macvlan', 'macvlan1'],
    ['interface/vrrp', { interface: 'ether1' }, 'vrrp', 'vrrp1'],
    ['interface/bonding', { slaves: 'ether16' }, 'bond', 'bonding1'],
    ['interface/mesh', {}, 'mesh', 'mesh1'],
  ])('%s: typed, auto-named, in the shared id space, running, counters at zero', (path, args, type, name) => {
    const s = device();
    const before = s.list('interface').map((i) => parseInt(i['.id'].slice(1), 16));
    const row = s.add(path, args);
    expect(row['name']).toBe(name);
    expect(parseInt(row['.id'].slice(1), 16)).toBe(Math.max(...before) + 1);
    const shown = byName(s, name);
    expect(shown).toMatchObject({ '.id': row['.id'], type, running: 'true', disabled: 'false', 'rx-byte': '0', 'tx-byte': '0' });
  });

  it('prints the manual\'s defaults: GRE keepalive and auto MTU (1476 actual), EoIP a generated MAC', () => {
    const s = device();
    const gre = s.add('interface/gre', { 'remote-address': '192.0.2.2' });
    expect(gre).toMatchObject({ keepalive: '10s,10', mtu: 'auto', 'actual-mtu': '1476', 'l2mtu': '65535', 'clamp-tcp-mss': 'true', 'allow-fast-path': 'true', 'local-address': '0.0.0.0' });
    const eoip = s.add('interface/eoip', { 'remote-address': '192.0.2.2', 'tunnel-id': '5' });
    expect(eoip['mac-address']).toMatch(/^02(:[0-9A-F]{2}){5}$/);
    expect(eoip['actual-mtu']).toBe('1458');
    expect(s.add('interface/vxlan', { vni: '5' })).toMatchObject({ port: '8472', mtu: '1500', arp: 'enabled' });
    expect(s.add('interface/vrrp', { interface: 'ether1', vrid: '10' })).toMatchObject({ vrid: '10', priority: '100', interval: '1s', 'mac-address': '00:00:5E:00:01:0A', master: 'true' });
  });

  it('refuses a missing required argument, a taken name and a missing parent interface', () => {
    const s = device();
    expect(detail(() => s.add('interface/eoip', { 'remote-address': '192.0.2.2' }))).toBe('missing value for tunnel-id');
    expect(detail(() => s.add('interface/gre', {}))).toBe('missing value for remote-address');
    expect(detail(() => s.add('interface/vxlan', {}))).toBe('missing value for vni');
    expect(detail(() => s.add('interface/vrrp', {}))).toBe('missing value for interface');
    expect(detail(() => s.add('interface/vrrp', { interface: 'nope' }))).toBe('input does not match any value of interface');
    expect(detail(() => s.add('interface/gre', { name: 'ether1', 'remote-address': '192.0.2.2' }))).toBe('failure: already have interface with such name');
    expect(detail(() => s.add('interface/vxlan', { vni: '0' }))).toMatch(/^value of vni out of range/);
    expect(detail(() => s.add('interface/bonding', { slaves: 'ether1,nope' }))).toBe('input does not match any value of slaves');
    s.add('interface/gre', { name: 'tun', 'remote-address': '192.0.2.2' });
    expect(detail(() => s.add('interface/vlan', { name: 'tun', 'vlan-id': '9', interface: 'ether1' }))).toBe('failure: already have interface with such name');
  });

  it('follows a rename made in either menu into /interface and every reference', () => {
    const s = device();
    const gre = s.add('interface/gre', { name: 'gre-a', 'remote-address': '192.0.2.2' });
    s.add('ip/address', { address: '10.9.9.1/30', interface: 'gre-a' });
    s.add('ip/firewall/filter', { chain: 'input', 'in-interface': 'gre-a', action: 'accept' });
    s.add('interface/list', { name: 'TUNNELS' });
    s.add('interface/list/member', { list: 'TUNNELS', interface: 'gre-a' });
    s.update('interface', gre['.id'], { name: 'gre-b' });
    expect(s.get('interface/gre', gre['.id'])['name']).toBe('gre-b');
    expect(s.list('ip/address').some((a) => a['interface'] === 'gre-b')).toBe(true);
    expect(s.list('ip/firewall/filter').some((r) => r['in-interface'] === 'gre-b')).toBe(true);
    expect(s.list('interface/list/member').some((m) => m['interface'] === 'gre-b')).toBe(true);
    const vrrp = s.add('interface/vrrp', { interface: 'ether3' });
    const bond = s.add('interface/bonding', { slaves: 'ether3,ether4' });
    s.update('interface/ethernet', 'ether3', { name: 'lan3' });
    expect(s.get('interface/vrrp', vrrp['.id'])['interface']).toBe('lan3');
    expect(s.get('interface/bonding', bond['.id'])['slaves']).toBe('lan3,ether4');
    s.update('interface/gre', gre['.id'], { name: 'gre-c' });
    expect(byName(s, 'gre-c')?.['type']).toBe('gre-tunnel');
  });

  it('computes running from state: disabled tunnels stop, VRRP and MACVLAN follow their interface', () => {
    const s = device();
    const gre = s.add('interface/gre', { 'remote-address': '192.0.2.2', disabled: 'yes' });
    expect(byName(s, gre['name'])?.['running']).toBe('false');
    const vrrp = s.add('interface/vrrp', { interface: 'ether16' });
    const mac = s.add('interface/macvlan', { interface: 'ether16' });
    expect(s.get('interface/vrrp', vrrp['.id'])).toMatchObject({ running: 'true', master: 'true' });
    expect(s.get('interface/macvlan', mac['.id'])['running']).toBe('true');
    s.update('interface/ethernet', 'ether16', { disabled: 'yes' });
    expect(s.get('interface/vrrp', vrrp['.id'])).toMatchObject({ running: 'false', master: 'false' });
    expect(s.get('interface/macvlan', mac['.id'])['running']).toBe('false');
  });

  it('removes a tunnel from both menus', () => {
    const s = device();
    const gre = s.add('interface/gre', { 'remote-address': '192.0.2.2' });
    s.remove('interface/gre', gre['.id']);
    expect(s.list('interface/gre')).toEqual([]);
    expect(byName(s, gre['name'])).toBeUndefined();
  });

  it('export what differs from the defaults, with the generated MAC and the IPsec secret hidden, tunnels before the VLANs on them', () => {
    const s = device();
    const eoip = s.add('interface/eoip', { name: 'eoip1', 'remote-address': '192.0.2.1', 'tunnel-id': '1', 'ipsec-secret': 'hush' });
    s.add('interface/vlan', { name: 'vlan-over-eoip', 'vlan-id': '20', interface: 'eoip1' });
    const text = renderExport(s, { terse: true });
    expect(text).toContain(`/interface eoip add mac-address=${eoip['mac-address']} name=eoip1 remote-address=192.0.2.1 tunnel-id=1\r\n`);
    expect(text).not.toContain('hush');
    expect(text.indexOf('/interface eoip')).toBeLessThan(text.indexOf('/interface vlan'));
  });

  it('on 7.15.3 too', () => {
    const s = device('7.15.3');
    const v = s.add('interface/vxlan', { vni: '3' });
    expect(byName(s, v['name'])?.['type']).toBe('vxlan');
  });

  it('default only arguments both trees give the menu, and require only ones it takes', () => {
    for (const version of ['7.15.3', '7.20.5']) {
      for (const spec of [...TUNNEL_INTERFACE_MENUS, ...PPP_INTERFACE_MENUS]) {
        const args = new Set(treeFor(version)[spec.path]?.add ?? []);
        const extra = [...Object.keys(spec.defaults ?? {}), ...(spec.required ?? []), ...Object.keys(spec.refs ?? {})].filter((k) => !args.has(k));
        expect(`${version} ${spec.path}: ${extra.join(',')}`).toBe(`${version} ${spec.path}: `);
      }
    }
  });

  it('the management path runs through a tunnel while it is enabled, and disabling it in /interface cuts', () => {
    const s = device();
    s.add('interface/gre', { name: 'gre-noc', 'remote-address': '192.0.2.2' });
    s.add('ip/address', { address: '10.255.0.1/24', interface: 'gre-noc' });
    s.setManagement({ clientAddress: '10.255.0.2', deviceAddress: '10.255.0.1' });
    s.update('ip/firewall/address-list', s.list('ip/firewall/address-list').find((r) => r['list'] === 'mgmt-allowed')!['.id'], { address: '10.0.0.0/8' });
    expect(s.access('www-ssl').verdict).toBe('ok');
    s.setDisabled('interface', ['gre-noc'], true);
    expect(s.access('www-ssl')).toMatchObject({ verdict: 'timeout', reason: expect.stringMatching(/interface gre-noc is disabled/) });
  });
});
