import { DeviceState } from './device-state';
import { seedConfig } from './profiles';
import { detail } from '../testing/rest-error-detail.fixture';

/** Generic menus' writes checked against the tree's value descriptions (model/tree-rules.ts), and curated rules winning. */

const users = [{ name: 'admin', password: 'x', group: 'full' as const }];
const device = (version = '7.20.5') => new DeviceState(version, 42, () => seedConfig({ profile: 'home', version, identity: 'r1', index: 0, users }));

describe.each(['7.15.3', '7.20.5'])('generic menus on %s', (version) => {
  it.each([
    ['interface/6to4', { keepalive: '0s' }, 'value of keepalive out of range (1s..7101w3d6h28m15s)'],
    ['ip/ipsec/peer', { address: '10.0.0.1/33' }, 'invalid value for argument address'],
    ['ip/cloud', { 'ddns-update-interval': 'soon' }, 'invalid value for argument ddns-update-interval'],
    ['interface/wifi/access-list', { 'mac-address': '00:11:22' }, 'invalid value of mac-address, mac address required'],
    ['ip/hotspot/profile', { 'login-by': 'http-chap,carrier-pigeon' }, 'input does not match any value of login-by'],
    ['interface/vrrp', { interface: 'ether1', password: 'seventeen-letters' }, 'invalid value for argument password'],
    ['routing/bgp/template', { as: '4294967296' }, 'value of as out of range (0..4294967295)'],
    ['ipv6/firewall/nat', { chain: 'srcnat', log: 'perhaps' }, 'invalid value of log: perhaps'],
  ])('refuses %s %j as RouterOS does, changing nothing', (menu, props, refusal) => {
    const s = device(version);
    const before = JSON.stringify(s.snapshot());
    const write = () => (s.menu(menu)!.kind === 'singleton' ? s.setSingleton(menu, props) : s.add(menu, props));
    expect(detail(write)).toBe(refusal);
    expect(JSON.stringify(s.snapshot())).toBe(before);
  });

  it('takes what the descriptions allow, MAC addresses as RouterOS prints them and yes/no as booleans', () => {
    const s = device(version);
    expect(s.add('interface/wifi/access-list', { 'mac-address': 'aa-bb-cc-dd-ee-ff' })).toMatchObject({ 'mac-address': 'AA:BB:CC:DD:EE:FF' });
    expect(s.add('ip/hotspot/profile', { name: 'hs', 'login-by': 'http-chap,https' })).toMatchObject({ 'login-by': 'http-chap,https' });
    expect(s.add('ipv6/firewall/nat', { chain: 'srcnat', log: 'yes' })).toMatchObject({ log: 'true' });
    expect(s.add('routing/bgp/template', { name: 't1', as: '65000' })).toMatchObject({ as: '65000' });
    // Address descriptions name the first alternative only: lists, the other family and names pass.
    expect(s.setSingleton('ip/cloud', { 'ddns-update-interval': '00:05:00' })).toMatchObject({ 'ddns-update-interval': '00:05:00' });
    expect(s.add('ip/ipsec/policy', { 'src-address': '10.0.0.0/8', 'dst-address': '2001:db8::/32' })).toMatchObject({ 'src-address': '10.0.0.0/8' });
    s.add('ip/pool', { name: 'pool1', ranges: '10.1.0.10-10.1.0.20' });
    expect(s.add('ppp/profile', { name: 'p', 'local-address': 'pool1', 'dns-server': '1.1.1.1,8.8.8.8' })).toMatchObject({ 'local-address': 'pool1' });
  });

  it('keeps curated rules where a curated menu has one (address-list timeouts take none-dynamic)', () => {
    const s = device(version);
    expect(s.add('ipv6/firewall/mangle', { chain: 'prerouting', action: 'add-src-to-address-list', 'address-list': 'x', 'address-list-timeout': 'none-dynamic' })).toMatchObject({ 'address-list-timeout': 'none-dynamic' });
    // …and the tree's rule where it has none: a bridge's ageing-time is bounded (10s..1w4d13h46m40s).
    expect(detail(() => s.add('interface/bridge', { name: 'br9', 'ageing-time': '1s' }))).toBe('value of ageing-time out of range (10s..1w4d13h46m40s)');
  });

  it("takes a SCEP RA's certificate template by name, while an IPsec policy's template stays yes/no", () => {
    const s = device(version);
    expect(s.add('certificate/scep-server/ra', { template: 'ra-template' })).toMatchObject({ template: 'ra-template' });
    expect(detail(() => s.add('ip/ipsec/policy', { template: 'maybe' }))).toBe('invalid value of template: maybe');
  });
});
