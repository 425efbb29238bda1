import { seededDevice } from '../testing/seeded-device.fixture';
import { VALUE_RULE_REFS } from './value-rule-refs';

const rowOf = (rows: Record<string, string>[], id: string) => rows.find((r) => r['.id'] === id)!;

describe('references value rules check follow the renames of the rows they name (model/value-rule-refs.ts)', () => {
  it.each(['7.15.3', '7.20.5'])('%s: a firewall rule’s layer7-protocol, negated too, and mangle’s new-routing-mark', (version) => {
    const s = seededDevice('home', version);
    s.add('ip/firewall/layer7-protocol', { name: 'video', regexp: '^.+(youtube).*$' });
    s.add('routing/table', { name: 'isp2', fib: 'true' });
    const drop = s.add('ip/firewall/filter', { chain: 'forward', 'layer7-protocol': '!video', action: 'drop' });
    const mark = s.add('ip/firewall/mangle', { chain: 'prerouting', 'layer7-protocol': 'video', action: 'mark-routing', 'new-routing-mark': 'isp2' });
    const other = s.add('ip/firewall/mangle', { chain: 'prerouting', action: 'mark-routing', 'new-routing-mark': 'main' });
    s.update('ip/firewall/layer7-protocol', 'video', { name: 'streaming' });
    s.update('routing/table', 'isp2', { name: 'backup' });
    expect(rowOf(s.list('ip/firewall/filter'), drop['.id'])['layer7-protocol']).toBe('!streaming');
    expect(rowOf(s.list('ip/firewall/mangle'), mark['.id'])).toMatchObject({ 'layer7-protocol': 'streaming', 'new-routing-mark': 'backup' });
    expect(rowOf(s.list('ip/firewall/mangle'), other['.id'])['new-routing-mark']).toBe('main');
  });

  it('a VRF’s rename shows in a routing mark naming it', () => {
    const s = seededDevice('home', '7.20.5');
    s.add('ip/vrf', { name: 'guest', interfaces: 'ether4' });
    const mark = s.add('ip/firewall/mangle', { chain: 'prerouting', action: 'mark-routing', 'new-routing-mark': 'guest' });
    s.update('ip/vrf', 'guest', { name: 'visitors' });
    expect(rowOf(s.list('ip/firewall/mangle'), mark['.id'])['new-routing-mark']).toBe('visitors');
  });

  it('wifi profiles: a configuration’s security and steering, an interface’s configuration, provisioning’s lists', () => {
    const s = seededDevice('home', '7.20.5');
    s.add('interface/wifi/security', { name: 'sec', 'authentication-types': 'wpa2-psk', passphrase: 'correct horse battery' });
    s.add('interface/wifi/steering', { name: 'roam' });
    s.add('interface/wifi/configuration', { name: 'home', security: 'sec', steering: 'roam', ssid: 'home' });
    s.add('interface/wifi/configuration', { name: 'guest', ssid: 'guest' });
    s.update('interface/wifi', 'wifi1', { configuration: 'home' });
    const rule = s.add('interface/wifi/provisioning', { action: 'create-enabled', 'master-configuration': 'home', 'slave-configurations': 'guest,home' });
    s.update('interface/wifi/security', 'sec', { name: 'wpa2' });
    s.update('interface/wifi/steering', 'roam', { name: 'fast-roam' });
    s.update('interface/wifi/configuration', 'home', { name: 'house' });
    expect(s.get('interface/wifi/configuration', 'house')).toMatchObject({ security: 'wpa2', steering: 'fast-roam' });
    expect(s.get('interface/wifi', 'wifi1')['configuration']).toBe('house');
    expect(rowOf(s.list('interface/wifi/provisioning'), rule['.id'])).toMatchObject({ 'master-configuration': 'house', 'slave-configurations': 'guest,house' });
  });

  it('wifi: inline and profile references to a certificate, a bridge, a list and a master interface', () => {
    const s = seededDevice('home', '7.20.5');
    s.add('certificate', { name: 'radius-client', 'common-name': 'ap' });
    s.add('interface/wifi/security', { name: 'eap', 'eap-tls-certificate': 'radius-client' });
    s.add('interface/wifi/datapath', { name: 'dp', bridge: 'bridge' });
    s.update('interface/wifi', 'wifi2', { 'datapath.bridge': 'bridge', 'datapath.interface-list': 'LAN', 'security.eap-tls-certificate': 'radius-client' });
    const virtual = s.add('interface/wifi', { name: 'guest-ap', 'master-interface': 'wifi1' });
    s.update('certificate', 'radius-client', { name: 'ap-client' });
    s.update('interface/bridge', 'bridge', { name: 'br-lan' });
    s.update('interface/list', 'LAN', { name: 'INSIDE' });
    s.update('interface/wifi', 'wifi1', { name: 'radio-2g' });
    expect(s.get('interface/wifi/security', 'eap')['eap-tls-certificate']).toBe('ap-client');
    expect(s.get('interface/wifi/datapath', 'dp')['bridge']).toBe('br-lan');
    expect(s.get('interface/wifi', 'wifi2')).toMatchObject({ 'datapath.bridge': 'br-lan', 'datapath.interface-list': 'INSIDE', 'security.eap-tls-certificate': 'ap-client' });
    expect(rowOf(s.list('interface/wifi'), virtual['.id'])['master-interface']).toBe('radio-2g');
  });

  it('names only arguments of menus RouterOS’s newest tree has', () => {
    const tree = seededDevice('home', '7.20.5').tree;
    for (const [menu, fields] of Object.entries(VALUE_RULE_REFS)) {
      const args = new Set([...(tree[menu]?.add ?? []), ...(tree[menu]?.set ?? [])]);
      for (const field of Object.keys(fields)) expect(`${menu} ${field} ${args.has(field)}`).toBe(`${menu} ${field} true`);
    }
  });
});
