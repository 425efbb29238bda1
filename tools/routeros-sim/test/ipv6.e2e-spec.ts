import { oneDevice } from './one-device';

// Issue 23: IPv6 beyond addresses (routes, ND, pools, DHCPv6 client and server, the firewall's nat/mangle/raw)
// over REST and the SSH console.
describe.each(['7.15.3', '7.20.5'])('RouterOS %s IPv6 menus', (version) => {
  const sim = oneDevice(version);
  const rows = async (path: string) => (await sim.rest('GET', path)).body as Record<string, string>[];
  const detail = async (method: string, path: string, body?: unknown) => ((await sim.rest(method, path, body)).body as { detail?: string }).detail;
  const ssh = async (command: string) => (await sim.ssh(command)).output;

  describe('/ipv6/route', () => {
    it('REST: connected routes derived from addresses are dynamic and read-only; static routes are checked', async () => {
      expect((await sim.rest('PUT', '/ipv6/address', { address: '2001:db8:1::1/64', interface: 'ether1' })).status).toBe(201);
      const [connected] = await rows('/ipv6/route');
      expect(connected).toMatchObject({ 'dst-address': '2001:db8:1::/64', gateway: 'ether1', distance: '0', dynamic: 'true', active: 'true' });
      expect(await detail('PATCH', `/ipv6/route/${connected['.id']}`, { distance: '3' })).toBe('failure: can not change dynamic');
      expect(await detail('PUT', '/ipv6/route', { 'dst-address': '2001:db8:9::/48', gateway: '192.0.2.1' })).toBe('invalid value for argument gateway');
      expect(await detail('PUT', '/ipv6/route', { 'dst-address': '2001:db8:9::/48', gateway: 'fe80::1%nope' })).toBe('input does not match any value of interface');
      expect(await detail('PUT', '/ipv6/route', { 'dst-address': '2001:db8:9::/48', gateway: '2001:db8:1::fe', distance: '256' })).toBe('value of distance out of range (1..255)');
      const added = await sim.rest('PUT', '/ipv6/route', { 'dst-address': '2001:db8:9::5/48', gateway: '2001:db8:1::fe' });
      expect(added.body).toMatchObject({ 'dst-address': '2001:db8:9::/48', active: 'true', static: 'true', 'immediate-gw': '2001:db8:1::fe%ether1' });
    });

    it('console: add a default route through a link-local gateway; print shows it beside the connected route; export has it', async () => {
      expect(await ssh('/ipv6 address add address=2001:db8:1::1/64 interface=ether1; /ipv6 route add gateway=fe80::1%ether1')).toBe('');
      expect(await ssh('/ipv6 route add gateway=nope')).toContain('input does not match any value of interface');
      const printed = await ssh('/ipv6 route print');
      expect(printed).toMatch(/DAC\s+2001:db8:1::\/64\s+ether1\s+0/);
      expect(printed).toMatch(/AS\s+::\/0\s+fe80::1%ether1\s+1/);
      expect(await ssh('/ipv6 route export')).toMatch(/\/ipv6 route\r\nadd gateway="?fe80::1%ether1"?\r\n/);
    });
  });

  describe('/ipv6/nd', () => {
    it('REST: the default row for all interfaces; ra-interval ranges and interface references checked', async () => {
      const [all] = await rows('/ipv6/nd');
      expect(all).toMatchObject({ interface: 'all', 'ra-interval': '3m20s-10m', 'ra-lifetime': '30m', default: 'true' });
      expect((await sim.rest('DELETE', `/ipv6/nd/${all['.id']}`)).status).toBe(406);
      expect(await detail('PUT', '/ipv6/nd', { interface: 'ether2', 'ra-interval': '1s-10m' })).toBe('value of ra-interval out of range (3s..20m50s)');
      expect(await detail('PUT', '/ipv6/nd', { interface: 'ether2', 'ra-interval': '10s-31m' })).toBe('value of ra-interval out of range (4s..30m)');
      expect(await detail('PUT', '/ipv6/nd', { interface: 'nope' })).toBe('input does not match any value of interface');
      expect((await sim.rest('PUT', '/ipv6/nd', { interface: 'ether2', 'ra-interval': '30s-2m', 'hop-limit': '64' })).body).toMatchObject({ interface: 'ether2', 'hop-limit': '64', default: 'false' });
    });

    it('REST and console: a /64 address is advertised as a dynamic ND prefix; static prefixes are checked', async () => {
      expect((await sim.rest('PUT', '/ipv6/address', { address: '2001:db8:1::1/64', interface: 'bridge' })).status).toBe(201);
      expect(await rows('/ipv6/nd/prefix')).toEqual([expect.objectContaining({ prefix: '2001:db8:1::/64', interface: 'bridge', dynamic: 'true', 'valid-lifetime': '4w2d', 'preferred-lifetime': '1w' })]);
      expect(await detail('PUT', '/ipv6/nd/prefix', { prefix: '2001:db8:5::/64', interface: 'bridge', 'valid-lifetime': '1d', 'preferred-lifetime': '2d' })).toBe('failure: valid-lifetime must be greater than or equal to preferred-lifetime');
      expect(await ssh('/ipv6 nd prefix add prefix=2001:db8:5::/64 interface=nope')).toContain('input does not match any value of interface');
      expect(await ssh('/ipv6 nd prefix print')).toMatch(/D\s+2001:db8:1::\/64\s+bridge\s+4w2d\s+1w/);
    });

    it('console: a change to the default row exports as a set of the default row', async () => {
      expect(await ssh('/ipv6 nd set [ find default=yes ] ra-interval=20s-1m advertise-dns=no')).toBe('');
      expect(await ssh('/ipv6 nd add interface=ether2 ra-lifetime=3h')).toContain('value of ra-lifetime out of range (0s..2h30m)');
      expect(await ssh('/ipv6 nd export')).toMatch(/\/ipv6 nd\r\nset \[ find default=yes \] advertise-dns=no ra-interval=20s-1m\r\n/);
    });
  });

  describe('/ipv6/pool, /ipv6/dhcp-server and /ipv6/dhcp-client', () => {
    it('REST: a pool with prefix rules; a server names the pool; a client asking for a prefix needs a pool name and keeps searching', async () => {
      expect(await detail('PUT', '/ipv6/pool', { name: 'lan6', prefix: '2001:db8::/48', 'prefix-length': '32' })).toBe('failure: prefix-length must be equal to or greater than the length of prefix');
      expect((await sim.rest('PUT', '/ipv6/pool', { name: 'lan6', prefix: '2001:db8::/48', 'prefix-length': '64' })).status).toBe(201);
      expect(await detail('PUT', '/ipv6/dhcp-server', { interface: 'bridge', 'address-pool': 'nope' })).toBe('input does not match any value of address-pool');
      expect((await sim.rest('PUT', '/ipv6/dhcp-server', { interface: 'bridge', 'address-pool': 'lan6' })).body).toMatchObject({ name: 'dhcp1', 'address-pool': 'lan6' });
      await sim.rest('PATCH', '/ipv6/pool/lan6', { name: 'lan-v6' });
      expect((await rows('/ipv6/dhcp-server'))[0]['address-pool']).toBe('lan-v6');
      expect(await detail('PUT', '/ipv6/dhcp-client', { interface: 'ether1', request: 'prefix' })).toBe('failure: pool-name must be set when requesting prefix');
      expect((await sim.rest('PUT', '/ipv6/dhcp-client', { interface: 'ether1', request: 'prefix', 'pool-name': 'isp6' })).body).toMatchObject({ status: 'searching...', 'pool-name': 'isp6', 'pool-prefix-length': '64' });
    });

    it('console: the same configuration, refusals as RouterOS words them, and the export', async () => {
      expect(await ssh('/ipv6 pool add name=lan6 prefix=2001:db8::/48 prefix-length=64; /ipv6 dhcp-server add name=v6 interface=bridge address-pool=lan6')).toBe('');
      expect(await ssh('/ipv6 pool add name=bad prefix=10.0.0.0/8 prefix-length=64')).toContain('invalid value for argument prefix');
      expect(await ssh('/ipv6 dhcp-client add interface=ether1 request=bogus')).toContain('input does not match any value of request');
      expect(await ssh('/ipv6 dhcp-client add interface=ether1 request=address')).toBe('');
      expect(await ssh(':put [/ipv6 dhcp-client get [find interface=ether1] status]')).toContain('searching...');
      const exported = await ssh('/ipv6 export');
      expect(exported).toMatch(/\/ipv6 pool\r\nadd name=lan6 prefix=2001:db8::\/48 prefix-length=64\r\n/);
      expect(exported).toMatch(/\/ipv6 dhcp-client\r\nadd interface=ether1 request=address\r\n\/ipv6 dhcp-server\r\nadd address-pool=lan6 interface=bridge name=v6\r\n/);
    });
  });

  describe('/ipv6/firewall nat, mangle and raw', () => {
    it('REST: actions per table and IPv6 addresses, as the IPv4 tables are checked', async () => {
      expect(await detail('PUT', '/ipv6/firewall/nat', { chain: 'srcnat', action: 'fasttrack-connection' })).toBe('input does not match any value of action');
      expect(await detail('PUT', '/ipv6/firewall/mangle', { chain: 'prerouting', action: 'change-ttl' })).toBe('input does not match any value of action');
      expect(await detail('PUT', '/ipv6/firewall/raw', { chain: 'prerouting', 'src-address': '192.0.2.0/24' })).toBe('invalid value for argument src-address');
      expect((await sim.rest('PUT', '/ipv6/firewall/raw', { chain: 'prerouting', action: 'notrack', 'src-address': '2001:db8::7/64' })).body).toMatchObject({ 'src-address': '2001:db8::/64', packets: '0' });
      expect((await sim.rest('PUT', '/ipv6/firewall/mangle', { chain: 'forward', action: 'change-mss', 'new-mss': 'clamp-to-pmtu', protocol: 'tcp', 'tcp-flags': 'syn' })).status).toBe(201);
    });

    it('console: a masquerade rule in the list layout; a bad action refused', async () => {
      expect(await ssh('/ipv6 firewall nat add chain=srcnat action=masquerade out-interface=ether1 comment=v6nat')).toBe('');
      expect(await ssh('/ipv6 firewall raw add chain=prerouting action=masquerade')).toContain('input does not match any value of action');
      const printed = await ssh('/ipv6 firewall nat print');
      expect(printed).toContain(';;; v6nat');
      expect(printed).toMatch(/chain=srcnat action=masquerade out-interface=ether1/);
    });
  });
});
