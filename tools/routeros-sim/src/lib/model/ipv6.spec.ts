import { refusal, seededDevice } from '../testing/seeded-device.fixture';
import { renderExport } from '../ssh/export';
import { duidOf, ipv6Prefix } from './ipv6';

describe.each(['7.15.3', '7.20.5'])('IPv6 menus on %s', (version) => {
  const device = () => seededDevice('home', version);

  describe('/ipv6/route', () => {
    it('connected routes follow /ipv6/address: dynamic, distance 0, inactive on a down port, gone with the address, read-only', () => {
      const s = device();
      s.add('ipv6/address', { address: '2001:db8:1::1/64', interface: 'ether1' });
      const down = s.add('ipv6/address', { address: '2001:db8:3::1/64', interface: 'ether3' });
      const routes = s.list('ipv6/route');
      expect(routes).toEqual([
        expect.objectContaining({ 'dst-address': '2001:db8:1::/64', gateway: 'ether1', distance: '0', dynamic: 'true', connect: 'true', active: 'true' }),
        expect.objectContaining({ 'dst-address': '2001:db8:3::/64', gateway: 'ether3', dynamic: 'true', active: 'false', inactive: 'true' }),
      ]);
      expect(refusal(() => s.update('ipv6/route', routes[0]['.id'], { distance: '5' }))).toBe('failure: can not change dynamic');
      expect(refusal(() => s.remove('ipv6/route', routes[0]['.id']))).toBe('failure: can not change dynamic');
      s.update('ipv6/address', down['.id'], { disabled: 'yes' });
      expect(s.list('ipv6/route').map((r) => r['dst-address'])).toEqual(['2001:db8:1::/64']);
      expect(renderExport(s)).not.toMatch(/\/ipv6 route/);
    });

    it('static routes: IPv6 prefixes stored as networks, gateways checked, the lower distance active', () => {
      const s = device();
      s.add('ipv6/address', { address: '2001:db8:1::1/64', interface: 'ether1' });
      expect(refusal(() => s.add('ipv6/route', { 'dst-address': '10.0.0.0/8', gateway: '2001:db8:1::fe' }))).toBe('invalid value for argument dst-address');
      expect(refusal(() => s.add('ipv6/route', { gateway: '10.0.0.1' }))).toBe('invalid value for argument gateway');
      expect(refusal(() => s.add('ipv6/route', { gateway: 'fe80::1%nope' }))).toBe('input does not match any value of interface');
      expect(refusal(() => s.add('ipv6/route', { gateway: 'nope' }))).toBe('input does not match any value of interface');
      expect(refusal(() => s.add('ipv6/route', { gateway: '2001:db8:1::fe', distance: '0' }))).toBe('value of distance out of range (1..255)');
      expect(refusal(() => s.add('ipv6/route', { gateway: '2001:db8:1::fe', 'routing-table': 'nope' }))).toBe('input does not match any value of routing-table');
      expect(refusal(() => s.add('ipv6/route', { 'dst-address': '2001:db8:9::/48' }))).toBe('missing value for gateway');
      const far = s.add('ipv6/route', { 'dst-address': '2001:db8:9::1/48', gateway: '2001:db8:1::fe', distance: '5' });
      expect(far).toMatchObject({ 'dst-address': '2001:db8:9::/48', active: 'true', 'immediate-gw': '2001:db8:1::fe%ether1', static: 'true', dynamic: 'false' });
      const near = s.add('ipv6/route', { 'dst-address': '2001:db8:9::/48', gateway: 'fe80::1%ether2', distance: '2' });
      expect(s.list('ipv6/route').find((r) => r['.id'] === near['.id'])).toMatchObject({ active: 'true', 'immediate-gw': 'fe80::1%ether2' });
      expect(s.list('ipv6/route').find((r) => r['.id'] === far['.id'])).toMatchObject({ active: 'false' });
      expect(s.add('ipv6/route', { 'dst-address': '2001:db8:a::/48', blackhole: 'yes' })).toMatchObject({ blackhole: 'true', active: 'true' });
      expect(renderExport(s, { terse: true })).toContain('/ipv6 route add distance=5 dst-address=2001:db8:9::/48 gateway=2001:db8:1::fe\r\n');
    });

    it('an interface named as gateway follows its renames', () => {
      const s = device();
      const r = s.add('ipv6/route', { 'dst-address': '2001:db8:9::/48', gateway: 'ether2' });
      s.update('interface/ethernet', 'ether2', { name: 'wan2' });
      expect(s.list('ipv6/route').find((x) => x['.id'] === r['.id'])?.['gateway']).toBe('wan2');
    });
  });

  describe('/ipv6/nd', () => {
    it('the built-in row for all interfaces: RouterOS defaults, settable, not removable, not exported until changed', () => {
      const s = device();
      const [row] = s.list('ipv6/nd');
      expect(row).toMatchObject({ interface: 'all', 'ra-interval': '3m20s-10m', 'ra-lifetime': '30m', 'hop-limit': 'unspecified', default: 'true', disabled: 'false' });
      expect(refusal(() => s.remove('ipv6/nd', row['.id']))).toBe('cannot remove builtin object');
      expect(renderExport(s)).not.toMatch(/\/ipv6 nd/);
      s.update('ipv6/nd', row['.id'], { 'ra-interval': '20s-60s' });
      expect(s.list('ipv6/nd')[0]['ra-interval']).toBe('20s-60s');
    });

    it('ra-interval ranges, lifetimes, hop limit and interface references as the ND page has them', () => {
      const s = device();
      const add = (props: Record<string, string>) => refusal(() => s.add('ipv6/nd', { interface: 'ether2', ...props }));
      expect(add({ 'ra-interval': '2s-10m' })).toBe('value of ra-interval out of range (3s..20m50s)');
      expect(add({ 'ra-interval': '3s-31m' })).toBe('value of ra-interval out of range (4s..30m)');
      expect(add({ 'ra-interval': '5m-1m' })).toBe('invalid value for argument ra-interval');
      expect(add({ 'ra-interval': 'banana' })).toBe('invalid value for argument ra-interval');
      expect(add({ 'ra-lifetime': '3h' })).toBe('value of ra-lifetime out of range (0s..2h30m)');
      expect(add({ 'hop-limit': '256' })).toBe('value of hop-limit out of range (0..255)');
      expect(add({ 'ra-preference': 'urgent' })).toBe('input does not match any value of ra-preference');
      expect(add({ dns: '10.0.0.1' })).toBe('invalid value for argument dns');
      expect(refusal(() => s.add('ipv6/nd', { interface: 'nope' }))).toBe('input does not match any value of interface');
      expect(add({ 'ra-interval': '30s-2m', 'ra-lifetime': 'none', 'hop-limit': '64', dns: '2001:db8::53', 'other-configuration': 'yes' })).toBe('ok');
      expect(add({})).toBe('failure: already have nd for this interface');
      expect(s.list('ipv6/nd')[1]).toMatchObject({ interface: 'ether2', 'ra-interval': '30s-2m', 'ra-lifetime': 'none', 'other-configuration': 'true', 'advertise-dns': 'yes', default: 'false' });
      s.update('interface/ethernet', 'ether2', { name: 'lan2' });
      expect(s.list('ipv6/nd')[1]['interface']).toBe('lan2');
    });
  });

  describe('/ipv6/nd/prefix', () => {
    it('every /64 address ND covers is advertised as a dynamic prefix with the default lifetimes; others are not', () => {
      const s = device();
      const lan = s.add('ipv6/address', { address: '2001:db8:1::1/64', interface: 'bridge' });
      s.add('ipv6/address', { address: '2001:db8:2::1/56', interface: 'ether1' });
      s.add('ipv6/address', { address: '2001:db8:3::1/64', interface: 'ether1', advertise: 'no' });
      s.setSingleton('ipv6/nd/prefix/default', { 'valid-lifetime': '2d', 'preferred-lifetime': '1d' });
      const [advertised, ...others] = s.list('ipv6/nd/prefix');
      expect(others).toEqual([]);
      expect(advertised).toMatchObject({ prefix: '2001:db8:1::/64', interface: 'bridge', dynamic: 'true', autonomous: 'true', 'on-link': 'true', 'valid-lifetime': '2d', 'preferred-lifetime': '1d' });
      expect(refusal(() => s.update('ipv6/nd/prefix', advertised['.id'], { autonomous: 'no' }))).toBe('failure: can not change dynamic');
      s.update('ipv6/nd', s.list('ipv6/nd')[0]['.id'], { disabled: 'yes' });
      expect(s.list('ipv6/nd/prefix')).toEqual([]);
      s.update('ipv6/nd', s.list('ipv6/nd')[0]['.id'], { disabled: 'no' });
      s.update('ipv6/address', lan['.id'], { disabled: 'yes' });
      expect(s.list('ipv6/nd/prefix')).toEqual([]);
    });

    it('static prefixes: an IPv6 prefix on an existing interface, lifetimes or infinity, valid no shorter than preferred', () => {
      const s = device();
      const add = (props: Record<string, string>) => refusal(() => s.add('ipv6/nd/prefix', { prefix: '2001:db8:5::/64', interface: 'bridge', ...props }));
      expect(add({ prefix: '10.0.0.0/8' })).toBe('invalid value for argument prefix');
      expect(add({ interface: 'nope' })).toBe('input does not match any value of interface');
      expect(add({ 'valid-lifetime': 'soon' })).toBe('invalid value for argument valid-lifetime');
      expect(add({ 'valid-lifetime': '1d', 'preferred-lifetime': '2d' })).toBe('failure: valid-lifetime must be greater than or equal to preferred-lifetime');
      expect(add({ 'valid-lifetime': 'infinity', 'preferred-lifetime': 'infinity', autonomous: 'no' })).toBe('ok');
      expect(s.list('ipv6/nd/prefix')[0]).toMatchObject({ prefix: '2001:db8:5::/64', 'valid-lifetime': 'infinity', autonomous: 'false', dynamic: 'false' });
      expect(renderExport(s, { terse: true })).toContain('/ipv6 nd prefix add autonomous=no interface=bridge preferred-lifetime=infinity prefix=2001:db8:5::/64 valid-lifetime=infinity\r\n');
    });
  });

  describe('/ipv6/pool', () => {
    it('prefix stored as its network; prefix-length within 1..128 and no shorter than the prefix; names unique', () => {
      const s = device();
      expect(refusal(() => s.add('ipv6/pool', { name: 'p', prefix: '2001:db8::/48' }))).toBe('missing value for prefix-length');
      expect(refusal(() => s.add('ipv6/pool', { name: 'p', prefix: '10.0.0.0/8', 'prefix-length': '64' }))).toBe('invalid value for argument prefix');
      expect(refusal(() => s.add('ipv6/pool', { name: 'p', prefix: '2001:db8::/48', 'prefix-length': '129' }))).toBe('value of prefix-length out of range (1..128)');
      expect(refusal(() => s.add('ipv6/pool', { name: 'p', prefix: '2001:db8::/48', 'prefix-length': '40' }))).toBe('failure: prefix-length must be equal to or greater than the length of prefix');
      expect(s.add('ipv6/pool', { name: 'p', prefix: '2001:db8:0:1::7/48', 'prefix-length': '64' })).toMatchObject({ prefix: '2001:db8::/48', 'prefix-length': '64', dynamic: 'false' });
      expect(refusal(() => s.add('ipv6/pool', { name: 'p', prefix: '2001:db9::/48', 'prefix-length': '64' }))).toBe('failure: already have such name');
    });
  });

  describe('/ipv6/dhcp-server and /ipv6/dhcp-client', () => {
    it('a server runs on an interface and takes its addresses from an /ipv6/pool (or static-only), following its renames', () => {
      const s = device();
      expect(refusal(() => s.add('ipv6/dhcp-server', { interface: 'bridge', 'address-pool': 'nope' }))).toBe('input does not match any value of address-pool');
      expect(refusal(() => s.add('ipv6/dhcp-server', { interface: 'nope' }))).toBe('input does not match any value of interface');
      expect(refusal(() => s.add('ipv6/dhcp-server', {}))).toBe('missing value for interface');
      s.add('ipv6/pool', { name: 'lan6', prefix: '2001:db8::/48', 'prefix-length': '64' });
      expect(s.add('ipv6/dhcp-server', { interface: 'bridge', 'address-pool': 'lan6' })).toMatchObject({ name: 'dhcp1', 'address-pool': 'lan6', 'lease-time': '1d', invalid: 'false' });
      expect(s.add('ipv6/dhcp-server', { interface: 'ether3' })).toMatchObject({ name: 'dhcp2', 'address-pool': 'static-only', invalid: 'true' });
      s.update('ipv6/pool', 'lan6', { name: 'lan-v6' });
      expect(s.list('ipv6/dhcp-server')[0]['address-pool']).toBe('lan-v6');
    });

    it('a client asks for a prefix into a pool, one per interface, and keeps searching (no DHCPv6 server answers)', () => {
      const s = device();
      expect(refusal(() => s.add('ipv6/dhcp-client', { interface: 'ether1' }))).toBe('missing value for request');
      expect(refusal(() => s.add('ipv6/dhcp-client', { interface: 'ether1', request: 'prefix,bogus' }))).toBe('input does not match any value of request');
      expect(refusal(() => s.add('ipv6/dhcp-client', { interface: 'ether1', request: 'prefix' }))).toBe('failure: pool-name must be set when requesting prefix');
      expect(refusal(() => s.add('ipv6/dhcp-client', { interface: 'ether1', request: 'address', 'add-default-route': 'maybe' }))).toBe('input does not match any value of add-default-route');
      const client = s.add('ipv6/dhcp-client', { interface: 'ether1', request: 'address,prefix', 'pool-name': 'isp6' });
      expect(client).toMatchObject({ status: 'searching...', duid: '0x0003000148a98a000001', 'pool-prefix-length': '64', 'add-default-route': 'no', 'use-peer-dns': 'true' });
      expect(refusal(() => s.add('ipv6/dhcp-client', { interface: 'ether1', request: 'info' }))).toBe('failure: dhcpv6 client already exists on this interface');
      s.update('ipv6/dhcp-client', client['.id'], { disabled: 'yes' });
      expect(s.list('ipv6/dhcp-client')[0]['status']).toBe('stopped');
      expect(refusal(() => s.update('ipv6/dhcp-client', client['.id'], { comment: 'wan' }))).toBe('ok');
    });
  });

  describe('/ipv6/firewall nat, mangle and raw', () => {
    it('each table takes its own actions and IPv6 addresses; address-list names are free, as RouterOS lists exist by their entries', () => {
      const s = device();
      expect(refusal(() => s.add('ipv6/firewall/nat', { chain: 'srcnat', action: 'drop' }))).toBe('input does not match any value of action');
      expect(refusal(() => s.add('ipv6/firewall/raw', { chain: 'prerouting', action: 'masquerade' }))).toBe('input does not match any value of action');
      expect(refusal(() => s.add('ipv6/firewall/mangle', { chain: 'prerouting', action: 'change-ttl' }))).toBe('input does not match any value of action');
      expect(refusal(() => s.add('ipv6/firewall/nat', { chain: 'srcnat', action: 'masquerade', 'src-address': '10.0.0.0/8' }))).toBe('invalid value for argument src-address');
      expect(refusal(() => s.add('ipv6/firewall/raw', { chain: 'prerouting', 'in-interface': 'nope' }))).toBe('input does not match any value of interface');
      expect(s.add('ipv6/firewall/nat', { chain: 'srcnat', action: 'masquerade', 'src-address': '2001:db8::1/64', 'out-interface': 'ether1' })).toMatchObject({ 'src-address': '2001:db8::/64', bytes: '0', packets: '0' });
      expect(s.add('ipv6/firewall/mangle', { chain: 'prerouting', action: 'change-hop-limit', 'new-hop-limit': 'set:64', 'src-address-list': 'not-yet' })).toMatchObject({ action: 'change-hop-limit' });
      expect(s.add('ipv6/firewall/raw', { chain: 'prerouting', action: 'notrack', 'dst-address': '!2001:db8::/32' })).toMatchObject({ 'dst-address': '!2001:db8::/32' });
      expect(renderExport(s, { terse: true })).toContain('/ipv6 firewall nat add action=masquerade chain=srcnat out-interface=ether1 src-address=2001:db8::/64\r\n');
    });
  });
});

describe('IPv6 helpers', () => {
  it('ipv6Prefix: network and length, a bare address a /128, anything else undefined', () => {
    expect(ipv6Prefix('2001:db8::1/32')).toEqual({ network: '2001:db8::', bits: 32 });
    expect(ipv6Prefix('2001:db8::1')).toEqual({ network: '2001:db8::1', bits: 128 });
    expect(ipv6Prefix('2001:db8::/129')).toBeUndefined();
    expect(ipv6Prefix('10.0.0.0/8')).toBeUndefined();
  });

  it('duidOf: DUID-LL of the interface MAC, empty without one', () => {
    expect(duidOf([{ name: 'ether1', 'mac-address': '48:A9:8A:00:00:01' }], 'ether1')).toBe('0x0003000148a98a000001');
    expect(duidOf([], 'ether1')).toBe('');
  });
});
