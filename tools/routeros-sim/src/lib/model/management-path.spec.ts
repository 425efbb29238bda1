import { DeviceState } from './device-state';
import { addressIn } from './management-path';
import { ProfileName, seedConfig } from './profiles';

const users = [{ name: 'admin', password: 'x', group: 'full' as const }];
const device = (profile: ProfileName) => new DeviceState('7.20.5', 7, () => seedConfig({ profile, version: '7.20.5', identity: 'r1', index: 0, users }));
const idOf = (s: DeviceState, path: string, where: (r: Record<string, string>) => boolean) => s.list(path).find(where)!['.id'];

describe('addressIn', () => {
  it.each([
    ['10.1.2.3', '10.1.2.3', true],
    ['10.1.2.3', '10.1.0.0/16', true],
    ['10.2.0.1', '10.1.0.0/16', false],
    ['10.1.2.3', '10.1.2.1-10.1.2.9', true],
    ['10.1.2.30', '10.1.2.1-10.1.2.9', false],
    ['10.1.2.3', 'not-an-address', false],
    ['2001:db8::1', '2001:db8::/32', true],
  ])('%s in %s → %s', (address, spec, expected) => expect(addressIn(address, spec)).toBe(expected));
});

describe('management path', () => {
  it.each(['home', 'edge', 'chr', 'legacy-ap'] as const)('the seed of %s reaches REST and SSH', (profile) => {
    const s = device(profile);
    expect(s.access('www-ssl')).toEqual({ verdict: 'ok' });
    expect(s.access('ssh')).toEqual({ verdict: 'ok' });
  });

  type Scenario = [string, ProfileName, (s: DeviceState) => void, 'timeout' | 'refused', RegExp];
  it.each<Scenario>([
    ['removing the managed address', 'home', (s) => s.remove('ip/address', idOf(s, 'ip/address', (r) => r['address'] === '192.168.88.1/24')), 'timeout', /address 192.168.88.1 is no longer/],
    ['disabling the managed address', 'edge', (s) => s.update('ip/address', idOf(s, 'ip/address', (r) => r['comment'] === 'management'), { disabled: 'yes' }), 'timeout', /no longer on the device/],
    ['disabling its interface', 'home', (s) => s.update('interface', 'bridge', { disabled: 'yes' }), 'timeout', /interface bridge is disabled/],
    ['disabling the VLAN parent', 'edge', (s) => s.update('interface', 'ether16', { disabled: 'yes' }), 'timeout', /interface ether16 is disabled/],
    ['disabling the client bridge port', 'home', (s) => s.update('interface/bridge/port', idOf(s, 'interface/bridge/port', (r) => r['interface'] === 'ether2'), { disabled: 'yes' }), 'timeout', /bridge port ether2 is disabled/],
    ['removing the client bridge port', 'legacy-ap', (s) => s.remove('interface/bridge/port', idOf(s, 'interface/bridge/port', (r) => r['interface'] === 'ether2')), 'timeout', /no longer a port of bridge/],
    ['removing the route back', 'edge', (s) => s.remove('ip/route', idOf(s, 'ip/route', (r) => r['comment'] === 'internal')), 'timeout', /replies to 10.100.250.10 would leave by sfp-sfpplus1/],
    ['a more specific route to the client by another interface', 'home', (s) => s.add('ip/route', { 'dst-address': '192.168.88.254/32', gateway: 'ether1' }), 'timeout', /would leave by ether1/],
    ['an input drop for the client', 'edge', (s) => s.add('ip/firewall/filter', { chain: 'input', action: 'drop', 'src-address': '10.100.250.0/24', 'place-before': '*1' }), 'timeout', /drops/],
    ['an input reject for the client', 'edge', (s) => s.add('ip/firewall/filter', { chain: 'input', action: 'reject', protocol: 'tcp', 'dst-port': '443,22', 'place-before': '*2' }), 'refused', /rejects/],
    ['an input drop for the client placed first', 'home', (s) => s.update('ip/firewall/filter', idOf(s, 'ip/firewall/filter', (r) => r['comment'] === 'defconf: drop all not coming from LAN'), { 'in-interface-list': 'LAN' }), 'timeout', /drops/],
    ['taking the bridge out of the LAN interface list (defconf then drops it)', 'home', (s) => s.remove('interface/list/member', idOf(s, 'interface/list/member', (r) => r['list'] === 'LAN')), 'timeout', /drop all not coming from LAN/],
    ['disabling the LAN list member', 'home', (s) => s.setDisabled('interface/list/member', [idOf(s, 'interface/list/member', (r) => r['list'] === 'LAN')], true), 'timeout', /drops/],
    ['moving a drop of the client\'s list above the accept', 'edge', (s) => {
      s.add('ip/firewall/address-list', { list: 'mcp-blocklist', address: '10.100.250.0/24' });
      s.move('ip/firewall/filter', [idOf(s, 'ip/firewall/filter', (r) => r['comment'] === 'blocklist')], idOf(s, 'ip/firewall/filter', (r) => r['comment'] === 'management from NOC'));
    }, 'timeout', /blocklist/],
    ['emptying the address list that lets the NOC in, with a final drop', 'edge', (s) => {
      s.add('ip/firewall/filter', { chain: 'input', action: 'drop', comment: 'drop everything else' });
      s.remove('ip/firewall/address-list', idOf(s, 'ip/firewall/address-list', (r) => r['list'] === 'mgmt-allowed'));
    }, 'timeout', /drop everything else/],
    ['disabling www-ssl', 'home', (s) => s.update('ip/service', 'www-ssl', { disabled: 'yes' }), 'refused', /service www-ssl is disabled/],
    ['moving www-ssl to another port', 'home', (s) => s.update('ip/service', 'www-ssl', { port: '8443' }), 'refused', /moved to port 8443/],
    ['moving the client port to another PVID on a VLAN-filtering bridge', 'home', (s) => {
      s.update('interface/bridge', 'bridge', { 'vlan-filtering': 'yes' });
      s.update('interface/bridge/port', idOf(s, 'interface/bridge/port', (r) => r['interface'] === 'ether2'), { pvid: '20' });
    }, 'timeout', /puts the client in VLAN 20, not bridge's VLAN 1/],
    ['admitting only tagged frames on the client port of a VLAN-filtering bridge', 'home', (s) => {
      s.update('interface/bridge', 'bridge', { 'vlan-filtering': 'yes' });
      s.update('interface/bridge/port', idOf(s, 'interface/bridge/port', (r) => r['interface'] === 'ether2'), { 'frame-types': 'admit-only-vlan-tagged' });
    }, 'timeout', /admits only tagged frames/],
    ['a raw prerouting drop for the client, before connection tracking', 'edge', (s) => s.add('ip/firewall/raw', { chain: 'prerouting', action: 'drop', 'src-address': '10.100.250.10' }), 'timeout', /raw rule .* drops/],
    ['a raw drop in a chain prerouting jumps into', 'home', (s) => {
      s.add('ip/firewall/raw', { chain: 'screen', action: 'drop', protocol: 'tcp' });
      s.add('ip/firewall/raw', { chain: 'prerouting', action: 'jump', 'jump-target': 'screen' });
    }, 'timeout', /raw rule .* drops/],
    ['a port forward of 443 on every interface to an inside server', 'edge', (s) => s.add('ip/firewall/nat', { chain: 'dstnat', action: 'dst-nat', protocol: 'tcp', 'dst-port': '443', 'dst-address-type': 'local', 'to-addresses': '10.100.0.50' }), 'timeout', /nat rule .* sends the connection to 10.100.0.50:443/],
    ['ARP reply-only towards the gateway of a routed client', 'edge', (s) => s.update('interface/vlan', 'vlan100-mgmt', { arp: 'reply-only' }), 'timeout', /vlan100-mgmt has arp=reply-only and no static ARP entry for 10.100.0.254/],
    ['ARP disabled on the bridge, the static entry for the client removed', 'home', (s) => {
      s.update('interface/bridge', 'bridge', { arp: 'disabled' });
      s.remove('ip/arp', idOf(s, 'ip/arp', (r) => r['address'] === '192.168.88.254' && r['.dynamic'] !== 'true'));
    }, 'timeout', /bridge has arp=disabled and no static ARP entry for 192.168.88.254/],
    ['a blackhole route to the client', 'edge', (s) => s.add('ip/route', { 'dst-address': '10.100.250.10/32', gateway: '10.100.0.254', blackhole: 'yes' }), 'timeout', /no route back to 10.100.250.10/],
    ['a routing rule that makes the client unreachable', 'edge', (s) => s.add('routing/rule', { 'dst-address': '10.100.250.0/24', action: 'unreachable' }), 'timeout', /no route back to 10.100.250.10/],
    ['replies looked up only in an empty table', 'edge', (s) => {
      s.add('routing/table', { name: 'empty', fib: 'yes' });
      s.add('routing/rule', { 'src-address': '10.100.0.1/32', action: 'lookup-only-in-table', table: 'empty' });
    }, 'timeout', /no route back to 10.100.250.10/],
    ["an input drop of the client's MAC", 'home', (s) => s.add('ip/firewall/filter', { chain: 'input', action: 'drop', 'src-mac-address': 'a4:83:e7:11:22:33', 'place-before': s.list('ip/firewall/filter')[0]['.id'] }), 'timeout', /drops/],
    ['taking www-ssl its certificate', 'home', (s) => s.update('ip/service', 'www-ssl', { certificate: 'none' }), 'refused', /service www-ssl has no certificate/],
    ["an output drop of the service's replies to the client", 'edge', (s) => s.add('ip/firewall/filter', { chain: 'output', action: 'drop', protocol: 'tcp', 'src-port': '443', 'dst-address': '10.100.250.0/24' }), 'timeout', /drops the connection \(the replies\)/],
    ['an output reject out of the management interface', 'edge', (s) => s.add('ip/firewall/filter', { chain: 'output', action: 'reject', 'out-interface': 'vlan100-mgmt' }), 'refused', /rejects the connection \(the replies\)/],
    ['disabling the DHCP client that leased the managed address', 'chr', (s) => s.update('ip/dhcp-client', idOf(s, 'ip/dhcp-client', (r) => r['interface'] === 'ether1'), { disabled: 'yes' }), 'timeout', /leased by the DHCP client on ether1/],
    ['restricting www-ssl to other addresses', 'chr', (s) => s.update('ip/service', 'www-ssl', { address: '192.0.2.0/24' }), 'refused', /not available from 10.0.2.2/],
  ])('%s (%s) cuts REST off: %s', (_label, profile, change, verdict, reason) => {
    const s = device(profile);
    change(s);
    const access = s.access('www-ssl');
    expect(access.verdict).toBe(verdict);
    expect((access as { reason: string }).reason).toMatch(reason);
  });

  it('a drop that does not match the client, or sits after an accept, changes nothing', () => {
    const s = device('edge');
    s.add('ip/firewall/filter', { chain: 'input', action: 'drop', 'src-address': '192.0.2.0/24', 'place-before': '*1' });
    s.add('ip/firewall/filter', { chain: 'input', action: 'drop', 'src-address': '10.100.250.10' });
    s.add('ip/firewall/filter', { chain: 'input', action: 'drop', protocol: 'udp' });
    expect(s.access('www-ssl').verdict).toBe('ok');
  });

  it('follows jumps into custom chains', () => {
    const s = device('chr');
    s.add('ip/firewall/filter', { chain: 'input', action: 'jump', 'jump-target': 'mgmt' });
    s.add('ip/firewall/filter', { chain: 'mgmt', action: 'drop', 'src-address': '10.0.2.2' });
    expect(s.access('ssh').verdict).toBe('timeout');
  });

  it('keeps established connections through a drop that comes after an accept of established', () => {
    const s = device('edge');
    s.add('ip/firewall/filter', { chain: 'input', action: 'drop', comment: 'drop everything else' });
    expect(s.access('www-ssl', 'new').verdict).toBe('ok');
    s.update('ip/firewall/filter', idOf(s, 'ip/firewall/filter', (r) => r['comment'] === 'management from NOC'), { disabled: 'yes' });
    expect(s.access('www-ssl', 'new').verdict).toBe('timeout');
    expect(s.access('www-ssl', 'established').verdict).toBe('ok');
  });

  it('a PVID on the client port means nothing until the bridge filters VLANs, nor when it matches the bridge', () => {
    const s = device('home');
    const port = idOf(s, 'interface/bridge/port', (r) => r['interface'] === 'ether2');
    s.update('interface/bridge/port', port, { pvid: '20' });
    expect(s.access('www-ssl')).toEqual({ verdict: 'ok' });
    s.update('interface/bridge', 'bridge', { 'vlan-filtering': 'yes', pvid: '20' });
    expect(s.access('www-ssl')).toEqual({ verdict: 'ok' });
  });

  it('a raw accept or notrack, or a raw drop for another source, leaves the path to the filter', () => {
    const s = device('edge');
    s.add('ip/firewall/raw', { chain: 'prerouting', action: 'drop', 'src-address': '192.0.2.1' });
    s.add('ip/firewall/raw', { chain: 'prerouting', action: 'notrack', 'src-address': '10.100.250.10' });
    s.add('ip/firewall/raw', { chain: 'prerouting', action: 'drop', protocol: 'tcp' });
    expect(s.access('www-ssl')).toEqual({ verdict: 'ok' });
    s.add('ip/firewall/raw', { chain: 'prerouting', action: 'drop', 'dst-address': '10.100.0.1', 'place-before': s.list('ip/firewall/raw')[0]['.id'] });
    expect(s.access('www-ssl', 'established').verdict).toBe('timeout');
  });

  it('a drop of established packets cuts new connections too: every packet after the handshake is established', () => {
    const s = device('edge');
    s.add('ip/firewall/filter', { chain: 'input', action: 'drop', 'connection-state': 'established,related', protocol: 'tcp', 'place-before': s.list('ip/firewall/filter')[0]['.id'] });
    expect(s.access('www-ssl', 'established').verdict).toBe('timeout');
    expect(s.access('www-ssl').verdict).toBe('timeout');
  });

  it('a dstnat on the WAN side, or a redirect to the same port, leaves the path; an open connection keeps its NAT', () => {
    const s = device('edge');
    s.add('ip/firewall/nat', { chain: 'dstnat', action: 'dst-nat', protocol: 'tcp', 'dst-port': '443', 'in-interface': 'sfp-sfpplus1', 'to-addresses': '10.100.0.50' });
    s.add('ip/firewall/nat', { chain: 'dstnat', action: 'dst-nat', protocol: 'tcp', 'dst-port': '443', 'to-addresses': '10.100.0.1', 'to-ports': '443' });
    expect(s.access('www-ssl')).toEqual({ verdict: 'ok' });
    s.add('ip/firewall/nat', { chain: 'dstnat', action: 'redirect', protocol: 'tcp', 'dst-port': '22', 'to-ports': '2222' });
    expect(s.access('ssh').verdict).toBe('timeout');
    expect(s.access('ssh', 'established')).toEqual({ verdict: 'ok' });
  });

  it('ARP reply-only leaves the path while a static ARP entry names the next hop', () => {
    const s = device('home');
    s.update('interface/bridge', 'bridge', { arp: 'reply-only' });
    expect(s.access('www-ssl')).toEqual({ verdict: 'ok' });
  });

  it('a lookup rule whose table has no route falls through to main; rules for other traffic change nothing', () => {
    const s = device('edge');
    s.add('routing/table', { name: 'empty', fib: 'yes' });
    s.add('routing/rule', { 'src-address': '10.100.0.1/32', action: 'lookup', table: 'empty' });
    s.add('routing/rule', { 'dst-address': '192.0.2.0/24', action: 'drop' });
    s.add('ip/route', { 'dst-address': '10.100.250.10/32', gateway: '10.100.0.254', blackhole: 'yes', 'routing-table': 'empty' });
    expect(s.access('www-ssl').verdict).toBe('timeout');
    s.remove('ip/route', idOf(s, 'ip/route', (r) => r['routing-table'] === 'empty'));
    expect(s.access('www-ssl')).toEqual({ verdict: 'ok' });
  });

  it("a drop of another MAC leaves the path", () => {
    const s = device('home');
    s.add('ip/firewall/filter', { chain: 'input', action: 'drop', 'src-mac-address': '02:00:00:00:00:99', 'place-before': s.list('ip/firewall/filter')[0]['.id'] });
    expect(s.access('www-ssl')).toEqual({ verdict: 'ok' });
  });

  it('output rules for other traffic leave the replies alone', () => {
    const s = device('edge');
    s.add('ip/firewall/filter', { chain: 'output', action: 'drop', 'out-interface': 'sfp-sfpplus1' });
    s.add('ip/firewall/filter', { chain: 'output', action: 'drop', protocol: 'tcp', 'dst-port': '443' });
    s.add('ip/firewall/filter', { chain: 'output', action: 'drop', 'dst-address-type': 'local' });
    expect(s.access('www-ssl')).toEqual({ verdict: 'ok' });
  });

  it('disabling ssh leaves REST alone', () => {
    const s = device('home');
    s.update('ip/service', 'ssh', { disabled: 'yes' });
    expect(s.access('ssh').verdict).toBe('refused');
    expect(s.access('www-ssl').verdict).toBe('ok');
  });

  it('refuses to remove the address a DHCP client got', () => {
    const s = device('chr');
    const dynamic = s.list('ip/address')[0];
    expect(dynamic['dynamic']).toBe('true');
    expect(() => s.remove('ip/address', dynamic['.id'])).toThrow(/can not change dynamic/);
  });
});

describe('management path over Wi-Fi', () => {
  const onWifi = (profile: ProfileName = 'home') => {
    const s = device(profile);
    s.setManagement(profile === 'home' ? { clientAddress: '192.168.88.254', deviceAddress: '192.168.88.1', clientPort: 'wifi1' } : { clientAddress: '192.168.88.20', deviceAddress: '192.168.88.1', clientPort: 'wlan1' });
    return s;
  };
  const wifi1 = (s: DeviceState) => idOf(s, 'interface/wifi', (r) => r['name'] === 'wifi1');
  const legacyProfile = (s: DeviceState) => idOf(s, 'interface/wireless/security-profiles', (r) => r['name'] === 'default');

  it.each(['home', 'legacy-ap'] as const)('a client associated to a radio in the bridge reaches the device (%s)', (profile) => {
    expect(onWifi(profile).access('www-ssl')).toEqual({ verdict: 'ok' });
  });

  it.each<[string, ProfileName, (s: DeviceState) => void, RegExp]>([
    ['disabling wifi1 in /interface/wifi', 'home', (s) => s.update('interface/wifi', wifi1(s), { disabled: 'yes' }), /interface wifi1 is disabled/],
    ['disabling wifi1 in /interface', 'home', (s) => s.update('interface', 'wifi1', { disabled: 'yes' }), /interface wifi1 is disabled/],
    ['changing its SSID', 'home', (s) => s.update('interface/wifi', wifi1(s), { 'configuration.ssid': 'Other' }), /the client lost its association to wifi1 \(wifi1 configuration\.ssid changed\)/],
    ['changing its passphrase', 'home', (s) => s.update('interface/wifi', wifi1(s), { 'security.passphrase': 'another-key' }), /wifi1 security\.passphrase changed/],
    ['changing its authentication types', 'home', (s) => s.update('interface/wifi', wifi1(s), { 'security.authentication-types': 'wpa3-psk' }), /security\.authentication-types changed/],
    ['moving it to another band', 'home', (s) => s.update('interface/wifi', wifi1(s), { 'channel.band': '5ghz-ac' }), /channel\.band changed/],
    ['moving it to another channel', 'home', (s) => s.update('interface/wifi', wifi1(s), { 'channel.frequency': '5500' }), /channel\.frequency changed/],
    ['giving it a security profile', 'home', (s) => {
      s.add('interface/wifi/security', { name: 'new-sec', 'authentication-types': 'wpa2-psk', passphrase: 'new-profile-key' });
      s.update('interface/wifi', wifi1(s), { security: 'new-sec' });
    }, /lost its association to wifi1/],
    ['changing the key of the security profile it uses', 'home', (s) => {
      s.add('interface/wifi/security', { name: 'home-sec', 'authentication-types': 'wpa2-psk', passphrase: 'factory-wifi-key' });
      s.update('interface/wifi', wifi1(s), { security: 'home-sec' });
      s.setManagement({ clientAddress: '192.168.88.254', deviceAddress: '192.168.88.1', clientPort: 'wifi1' });
      expect(s.access('www-ssl')).toEqual({ verdict: 'ok' });
      s.update('interface/wifi/security', idOf(s, 'interface/wifi/security', (r) => r['name'] === 'home-sec'), { passphrase: 'rotated-key' });
    }, /interface\/wifi\/security home-sec passphrase changed/],
    ["removing wifi1's bridge port", 'home', (s) => s.remove('interface/bridge/port', idOf(s, 'interface/bridge/port', (r) => r['interface'] === 'wifi1')), /wifi1 is no longer a port of bridge/],
    ['disabling wlan1 in /interface (legacy)', 'legacy-ap', (s) => s.update('interface', 'wlan1', { disabled: 'yes' }), /interface wlan1 is disabled/],
    ['disabling wlan1 (legacy)', 'legacy-ap', (s) => s.update('interface/wireless', idOf(s, 'interface/wireless', (r) => r['name'] === 'wlan1'), { disabled: 'yes' }), /interface wlan1 is disabled/],
    ['changing the SSID of wlan1 (legacy)', 'legacy-ap', (s) => s.update('interface/wireless', idOf(s, 'interface/wireless', (r) => r['name'] === 'wlan1'), { ssid: 'Other' }), /wlan1 ssid changed/],
    ['changing the frequency of wlan1 (legacy)', 'legacy-ap', (s) => s.update('interface/wireless', idOf(s, 'interface/wireless', (r) => r['name'] === 'wlan1'), { frequency: '2437' }), /wlan1 frequency changed/],
    ['changing the key of the profile wlan1 uses (legacy)', 'legacy-ap', (s) => s.update('interface/wireless/security-profiles', legacyProfile(s), { 'wpa2-pre-shared-key': 'rotated-ac-key' }), /security-profiles default wpa2-pre-shared-key changed/],
  ])('%s (%s) cuts the Wi-Fi client off', (_label, profile, change, reason) => {
    const s = onWifi(profile);
    change(s);
    const access = s.access('www-ssl');
    expect(access.verdict).toBe('timeout');
    expect((access as { reason: string }).reason).toMatch(reason);
    expect((access as { reason: string }).reason).not.toMatch(/factory|rotated|another-key|new-profile-key/);
  });

  it.each<[string, ProfileName, (s: DeviceState) => void]>([
    ['a comment on wifi1', 'home', (s) => s.update('interface/wifi', wifi1(s), { comment: 'laptop' })],
    ['disabling wifi2', 'home', (s) => s.update('interface/wifi', idOf(s, 'interface/wifi', (r) => r['name'] === 'wifi2'), { disabled: 'yes' })],
    ["changing wifi2's SSID and passphrase", 'home', (s) => s.update('interface/wifi', idOf(s, 'interface/wifi', (r) => r['name'] === 'wifi2'), { 'configuration.ssid': 'x', 'security.passphrase': 'other-key' })],
    ['disabling wlan2 (legacy)', 'legacy-ap', (s) => s.update('interface/wireless', idOf(s, 'interface/wireless', (r) => r['name'] === 'wlan2'), { disabled: 'yes' })],
  ])('%s (%s) leaves the Wi-Fi client associated', (_label, profile, change) => {
    const s = onWifi(profile);
    change(s);
    expect(s.access('www-ssl')).toEqual({ verdict: 'ok' });
  });

  it('a client on a CAP radio (local forwarding) loses it when the provisioning that makes the radio changes', () => {
    const s = device('home');
    s.add('interface/wifi/configuration', { name: 'cap-cfg', ssid: 'MikroTik-home' });
    s.add('interface/wifi/provisioning', { action: 'create-dynamic-enabled', 'master-configuration': 'cap-cfg' });
    s.setManagement({ clientAddress: '192.168.88.254', deviceAddress: '192.168.88.1', clientPort: 'ether2', radio: 'cap-hallway-5g' });
    expect(s.access('www-ssl')).toEqual({ verdict: 'ok' });
    s.update('interface/wifi/configuration', idOf(s, 'interface/wifi/configuration', (r) => r['name'] === 'cap-cfg'), { ssid: 'renamed' });
    expect(s.access('www-ssl')).toMatchObject({ verdict: 'timeout', reason: expect.stringMatching(/lost its association to cap-hallway-5g \(interface\/wifi\/configuration cap-cfg ssid changed\)/) });
    s.reset();
    s.setManagement({ clientAddress: '192.168.88.254', deviceAddress: '192.168.88.1', clientPort: 'ether2', radio: 'cap-hallway-5g' });
    s.setSingleton('interface/wifi/capsman', { enabled: 'no' });
    expect(s.access('www-ssl')).toMatchObject({ verdict: 'timeout', reason: expect.stringMatching(/interface\/wifi\/capsman #0 enabled changed/) });
  });

  it('safe mode brings the association back with the configuration', () => {
    const s = onWifi();
    s.takeSafeMode('a');
    s.update('interface/wifi', wifi1(s), { 'configuration.ssid': 'Other' });
    expect(s.access('www-ssl').verdict).toBe('timeout');
    s.revertSafeMode('a', false);
    expect(s.access('www-ssl')).toEqual({ verdict: 'ok' });
  });
});

describe("the client's own address on the device", () => {
  it("a DHCP-addressed device that takes the client's address answers it itself", () => {
    const s = device('chr');
    s.add('ip/address', { address: '10.0.2.2/32', interface: 'ether1' });
    expect(s.access('www-ssl')).toMatchObject({ verdict: 'timeout', reason: expect.stringMatching(/the device owns the client's address 10\.0\.2\.2 itself/) });
  });

  it("a device that takes a routed client's gateway address answers it itself", () => {
    const s = device('edge');
    s.add('ip/address', { address: '10.100.0.254/24', interface: 'vlan100-mgmt' });
    expect(s.access('www-ssl')).toMatchObject({ verdict: 'timeout', reason: expect.stringMatching(/owns the gateway's address 10\.100\.0\.254/) });
  });

  it('another address on the same interface leaves the path', () => {
    const s = device('chr');
    s.add('ip/address', { address: '10.0.2.16/24', interface: 'ether1' });
    expect(s.access('www-ssl')).toEqual({ verdict: 'ok' });
  });
});

describe('safe mode', () => {
  const mgmtAddress = (s: DeviceState) => idOf(s, 'ip/address', (r) => r['address'] === '192.168.88.1/24');

  it('undoes every change made while held when the holder is lost, and restores access', () => {
    const s = device('home');
    const before = s.snapshot();
    s.takeSafeMode('ssh-1');
    s.add('ip/pool', { name: 'extra', ranges: '10.9.9.1-10.9.9.9' });
    s.setSingleton('system/identity', { name: 'changed' });
    s.remove('ip/address', mgmtAddress(s));
    expect(s.access('www-ssl').verdict).toBe('timeout');
    expect(s.revertSafeMode('ssh-1', false)).toBe(true);
    expect(s.snapshot()).toEqual(before);
    expect(s.access('www-ssl').verdict).toBe('ok');
    expect(s.safeModeHolder).toBeUndefined();
  });

  it('release keeps the changes; unroll undoes them and stays in safe mode', () => {
    const s = device('home');
    s.takeSafeMode('a');
    s.setSingleton('system/identity', { name: 'kept' });
    s.releaseSafeMode('a');
    expect(s.revertSafeMode('a', false)).toBe(false);
    expect(s.singleton('system/identity')['name']).toBe('kept');
    s.takeSafeMode('a');
    s.setSingleton('system/identity', { name: 'undone' });
    s.revertSafeMode('a', true);
    expect(s.singleton('system/identity')['name']).toBe('kept');
    expect(s.safeModeHolder).toBe('a');
  });

  it('only one session holds it', () => {
    const s = device('home');
    s.takeSafeMode('a');
    expect(() => s.takeSafeMode('b')).toThrow(/already taken/);
  });

  it('keeps at most 100 actions: the 101st releases safe mode and keeps everything', () => {
    const s = device('home');
    s.takeSafeMode('a');
    for (let i = 0; i < 100; i++) s.setSingleton('system/identity', { name: `n${i}` });
    expect(s.safeModeHolder).toBe('a');
    s.setSingleton('system/identity', { name: 'n100' });
    expect(s.safeModeHolder).toBeUndefined();
    expect(s.revertSafeMode('a', false)).toBe(false);
    expect(s.singleton('system/identity')['name']).toBe('n100');
  });
});
