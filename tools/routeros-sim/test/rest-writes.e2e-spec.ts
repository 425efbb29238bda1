import { Fleet, startFleet } from '../src';
import { call, Reply } from './rest-client';

// Writes as RouterOS v7 runs them over REST, for both modelled versions. Device 0 is home, device 1 edge.
describe.each(['7.15.3', '7.20.5'])('REST writes on RouterOS %s', (version) => {
  let fleet: Fleet;
  beforeAll(async () => (fleet = await startFleet({ devices: 2, profile: 'mixed', version })));
  afterAll(() => fleet.stop());
  afterEach(() => fetch(`${fleet.control.url}/reset`, { method: 'POST' }));

  const home = (method: string, path: string, body?: unknown) => call(fleet.devices[0].restUrl, method, path, { body });
  const edge = (method: string, path: string, body?: unknown) => call(fleet.devices[1].restUrl, method, path, { body });
  const rows = async (reply: Promise<Reply>) => (await reply).body as Record<string, string>[];
  const inputIds = async () => (await rows(edge('GET', '/ip/firewall/filter'))).map((r) => r['.id']);
  const bad = (detail: string) => ({ status: 400, body: { error: 400, message: 'Bad Request', detail } });

  describe('item commands (POST <menu>/<command>)', () => {
    it('moves rules before a destination, or to the end without one; numbers and .id both name the items', async () => {
      expect(await inputIds()).toEqual(['*1', '*2', '*3', '*4', '*5', '*6']);
      expect((await edge('POST', '/ip/firewall/filter/move', { numbers: '*5', destination: '*3' })).body).toEqual([]);
      expect(await inputIds()).toEqual(['*1', '*2', '*5', '*3', '*4', '*6']);
      await edge('POST', '/ip/firewall/filter/move', { '.id': '*1,*2' });
      expect(await inputIds()).toEqual(['*5', '*3', '*4', '*6', '*1', '*2']);
      // An unknown destination moves to the end; an item before itself, an unknown item or none are refused.
      await edge('POST', '/ip/firewall/filter/move', { numbers: '*5', destination: '*77' });
      expect(await inputIds()).toEqual(['*3', '*4', '*6', '*1', '*2', '*5']);
      expect(await edge('POST', '/ip/firewall/filter/move', { numbers: '*3', destination: '*3' })).toMatchObject(bad('failure: can not move item before itself'));
      expect(await edge('POST', '/ip/firewall/filter/move', { numbers: '*77', destination: '*3' })).toMatchObject({ status: 404, body: { error: 404, message: 'Not Found', detail: 'no such item' } });
      expect(await edge('POST', '/ip/firewall/filter/move', {})).toMatchObject(bad('missing value for .id'));
      // /ip/address is not ordered: RouterOS has no move there.
      expect(await edge('POST', '/ip/address/move', { numbers: '*1', destination: '*2' })).toMatchObject(bad('no such command or directory (move)'));
    });

    it('places a new rule with place-before on PUT, and refuses it where the menu has no order', async () => {
      const added = await edge('PUT', '/ip/firewall/filter', { chain: 'input', action: 'accept', protocol: 'tcp', 'dst-port': '8291', 'place-before': '*3' });
      expect(added.status).toBe(201);
      expect(added.body).not.toHaveProperty('place-before');
      expect(await inputIds()).toEqual(['*1', '*2', '*7', '*3', '*4', '*5', '*6']);
      expect(await edge('PUT', '/ip/address', { address: '10.9.9.1/24', interface: 'ether3', 'place-before': '*1' })).toMatchObject(bad('unknown parameter place-before'));
    });

    it('disables and enables a comma list of items', async () => {
      await edge('POST', '/ip/firewall/filter/disable', { numbers: '*2,*4' });
      expect((await rows(edge('GET', '/ip/firewall/filter'))).map((r) => r['disabled'])).toEqual(['false', 'true', 'false', 'true', 'false', 'false']);
      await edge('POST', '/ip/firewall/filter/enable', { '.id': '*4' });
      expect(((await edge('GET', '/ip/firewall/filter/*4')).body as Record<string, string>)['disabled']).toBe('false');
      // interface/list has no enable or disable.
      expect(await home('POST', '/interface/list/disable', { numbers: '*1' })).toMatchObject(bad('no such command or directory (disable)'));
    });

    it('unsets a property with value-name where the menu has unset, and nowhere else', async () => {
      await edge('PATCH', '/ip/firewall/filter/*3', { 'log-prefix': 'noc' });
      expect((await edge('POST', '/ip/firewall/filter/unset', { numbers: '*3', 'value-name': 'comment' })).status).toBe(200);
      expect((await edge('GET', '/ip/firewall/filter/*3')).body).not.toHaveProperty('comment');
      expect(await edge('POST', '/ip/firewall/filter/unset', { numbers: '*3', 'value-name': 'chain' })).toMatchObject(bad('input does not match any value of value-name'));
      expect(await edge('POST', '/ip/firewall/filter/unset', { numbers: '*3' })).toMatchObject(bad('missing value for value-name'));
      // RouterOS 7.15 and 7.20 have no /ip/address unset: a comment is cleared with set comment="".
      expect(await edge('POST', '/ip/address/unset', { numbers: '*1', 'value-name': 'comment' })).toMatchObject(bad('no such command or directory (unset)'));
    });

    it('resets a rule’s counters to zero; a new rule starts at zero', async () => {
      expect((await edge('POST', '/ip/firewall/filter/reset-counters', { numbers: '*1' })).status).toBe(200);
      expect((await edge('GET', '/ip/firewall/filter/*1')).body).toMatchObject({ bytes: '0', packets: '0' });
      const added = (await edge('PUT', '/ip/firewall/filter', { chain: 'forward', action: 'drop', 'src-address': '192.0.2.0/24' })).body as Record<string, string>;
      expect(added).toMatchObject({ bytes: '0', packets: '0', disabled: 'false', log: 'false', dynamic: 'false' });
      expect((await edge('POST', '/ip/firewall/filter/reset-counters-all', {})).status).toBe(200);
    });

    it('makes a dynamic DHCP lease static; a lease added by hand starts waiting', async () => {
      const [lease] = await rows(home('GET', '/ip/dhcp-server/lease'));
      expect(lease).toMatchObject({ dynamic: 'true', status: 'bound' });
      expect(await home('PATCH', `/ip/dhcp-server/lease/${lease['.id']}`, { comment: 'x' })).toMatchObject(bad('failure: can not change dynamic'));
      await home('POST', '/ip/dhcp-server/lease/make-static', { numbers: lease['.id'] });
      expect((await home('GET', `/ip/dhcp-server/lease/${lease['.id']}`)).body).toMatchObject({ dynamic: 'false', status: 'bound', address: '192.168.88.254' });
      const added = await home('PUT', '/ip/dhcp-server/lease', { address: '192.168.88.50', 'mac-address': 'a4:83:e7:00:00:50', server: 'defconf' });
      expect(added.body).toMatchObject({ status: 'waiting', 'mac-address': 'A4:83:E7:00:00:50', dynamic: 'false' });
    });

    it('removes and sets through POST with numbers or .id; one missing item refuses the whole command', async () => {
      await edge('POST', '/ip/firewall/filter/set', { numbers: '*1,*2', comment: 'both' });
      expect((await rows(edge('GET', '/ip/firewall/filter'))).slice(0, 2).map((r) => r['comment'])).toEqual(['both', 'both']);
      expect(await edge('POST', '/ip/firewall/filter/remove', { numbers: '*5,*99' })).toMatchObject(bad('no such item'));
      expect(await inputIds()).toHaveLength(6);
      await edge('POST', '/ip/firewall/filter/remove', { '.id': '*5,*6' });
      expect(await inputIds()).toEqual(['*1', '*2', '*3', '*4']);
      expect(await edge('POST', '/ip/firewall/filter/set', { '.id': '*99', comment: 'x' })).toMatchObject(bad('no such item'));
      expect((await edge('PATCH', '/ip/firewall/filter/*99', { comment: 'x' })).status).toBe(404);
      expect(await edge('POST', '/ip/firewall/filter/remove', {})).toMatchObject(bad('missing value for numbers'));
    });

    it('never reuses an id', async () => {
      const first = (await edge('PUT', '/ip/firewall/address-list', { list: 'mcp-a', address: '192.0.2.10' })).body as Record<string, string>;
      await edge('DELETE', `/ip/firewall/address-list/${first['.id']}`);
      const second = (await edge('PUT', '/ip/firewall/address-list', { list: 'mcp-a', address: '192.0.2.10' })).body as Record<string, string>;
      expect(second['.id']).toMatch(/^\*[0-9A-F]+$/);
      expect(second['.id']).not.toBe(first['.id']);
    });
  });

  describe('fidelity found by review (issue 23), on the home router', () => {
    it('refuses duplicates RouterOS refuses and takes what it takes', async () => {
      expect(await home('PUT', '/ip/dhcp-server/network', { address: '192.168.88.0/24' })).toMatchObject(bad('failure: already have such entry'));
      expect(await home('PUT', '/ip/dhcp-server/lease', { address: '192.168.88.254', 'mac-address': '02:00:00:00:00:01' })).toMatchObject({ status: 201 });
      expect(await home('PUT', '/ip/dhcp-server/lease', { address: '192.168.88.254', 'mac-address': '02:00:00:00:00:02' })).toMatchObject(bad('failure: already have static lease with this IP address'));
      expect((await home('PUT', '/ip/dns/static', { name: 'nas.lan', address: '192.168.88.5' })).body).not.toHaveProperty('type');
      expect(await home('PUT', '/ip/dns/static', { name: 'nas.lan', address: '192.168.88.5' })).toMatchObject(bad('failure: already have such entry'));
      expect((await home('PUT', '/ip/dns/static', { name: 'www.lan', type: 'CNAME', cname: 'nas.lan', address: '192.168.88.5' })).body).not.toHaveProperty('address');
      await home('PUT', '/ip/firewall/address-list', { list: 'x', address: '192.0.2.7', disabled: 'yes' });
      expect(await home('PUT', '/ip/firewall/address-list', { list: 'x', address: '192.0.2.7' })).toMatchObject({ status: 201 });
      expect(await home('PUT', '/interface/bridge/vlan', { bridge: 'bridge', 'vlan-ids': '30', tagged: 'ether99' })).toMatchObject(bad('input does not match any value of tagged'));
    });

    it('shows the WAN DHCP client bound with its lease, and searching for a new client; count-only counts', async () => {
      const [client] = await rows(home('GET', '/ip/dhcp-client'));
      expect(client).toMatchObject({ status: 'bound', address: '100.71.12.34/22', gateway: '100.71.12.1', 'add-default-route': 'yes' });
      expect((await rows(home('GET', '/ip/route'))).find((r) => r['dst-address'] === '0.0.0.0/0')).toMatchObject({ gateway: '100.71.12.1', dynamic: 'true' });
      await home('PATCH', `/ip/dhcp-client/${client['.id']}`, { 'add-default-route': 'special-classless' });
      await home('PATCH', `/ip/dhcp-client/${client['.id']}`, { 'add-default-route': 'no' });
      expect((await home('GET', `/ip/dhcp-client/${client['.id']}`)).body).toMatchObject({ 'add-default-route': 'no' });
      expect((await rows(home('GET', '/ip/route'))).find((r) => r['dst-address'] === '0.0.0.0/0')).toBeUndefined();
      const added = await home('PUT', '/ip/dhcp-client', { interface: 'ether3' });
      expect(added.body).toMatchObject({ status: 'searching...' });
      const count = (await rows(home('GET', '/ip/dhcp-client'))).length;
      expect((await home('POST', '/ip/dhcp-client/print', { 'count-only': '' })).body).toEqual({ ret: String(count) });
    });
  });

  describe('validation, with RouterOS’s error bodies', () => {
    it.each([
      ['an unknown action', 'PUT', '/ip/firewall/filter', { chain: 'input', action: 'allow' }, 'input does not match any value of action'],
      ['a NAT action in the filter table', 'PUT', '/ip/firewall/filter', { chain: 'input', action: 'masquerade' }, 'input does not match any value of action'],
      ['an unknown protocol', 'PUT', '/ip/firewall/filter', { chain: 'input', protocol: 'tcpp' }, 'input does not match any value of protocol'],
      ['a protocol number out of range', 'PUT', '/ip/firewall/filter', { chain: 'input', protocol: '300' }, 'value of protocol out of range (0..255)'],
      ['an unknown connection state', 'PUT', '/ip/firewall/filter', { chain: 'input', 'connection-state': 'established,open' }, 'input does not match any value of connection-state'],
      ['jump without jump-target', 'PUT', '/ip/firewall/filter', { chain: 'input', action: 'jump' }, 'failure: jump-target not specified'],
      ['a port without a protocol', 'PUT', '/ip/firewall/filter', { chain: 'input', 'dst-port': '443' }, 'failure: dst-port can be used only with tcp, udp, udp-lite, sctp or dccp protocol'],
      ['a port out of range', 'PUT', '/ip/firewall/filter', { chain: 'input', protocol: 'tcp', 'dst-port': '70000' }, 'value of dst-port out of range (0..65535)'],
      ['a bad matcher address', 'PUT', '/ip/firewall/filter', { chain: 'input', 'src-address': '10.0.0.256' }, 'invalid value for argument src-address'],
      ['an unknown in-interface', 'PUT', '/ip/firewall/filter', { chain: 'input', 'in-interface': 'ether99' }, 'input does not match any value of interface'],
      ['an unknown interface list', 'PUT', '/ip/firewall/filter', { chain: 'input', 'in-interface-list': '!TRUSTED' }, 'input does not match any value of interface-list'],
      ['a read-only property', 'PATCH', '/ip/firewall/filter/*1', { bytes: '0' }, 'unknown parameter bytes'],
      ['a bad address', 'PUT', '/ip/address', { address: '300.1.1.1/24', interface: 'ether3' }, 'invalid value for argument address'],
      ['a prefix too long', 'PUT', '/ip/address', { address: '10.1.1.1/33', interface: 'ether3' }, 'invalid value for argument address'],
      ['the same address twice on an interface', 'PUT', '/ip/address', { address: '10.100.1.1/24', interface: 'vlan100-mgmt' }, 'failure: already have such address'],
      ['a duplicate address-list entry', 'PUT', '/ip/firewall/address-list', { list: 'mcp-blocklist', address: '192.0.2.66' }, 'failure: already have such entry'],
      ['a duplicate after normalisation', 'PUT', '/ip/firewall/address-list', { list: 'mgmt-allowed', address: '10.100.7.7/16' }, 'failure: already have such entry'],
      ['an address-list range backwards', 'PUT', '/ip/firewall/address-list', { list: 'mcp-x', address: '10.0.0.9-10.0.0.1' }, 'invalid value for argument address'],
      ['a route distance of 0', 'PUT', '/ip/route', { gateway: '203.0.113.1', distance: '0' }, 'value of distance out of range (1..255)'],
      ['a route to a routing table that does not exist', 'PUT', '/ip/route', { gateway: '203.0.113.1', 'routing-table': 'isp2' }, 'input does not match any value of routing-table'],
      ['a gateway that is neither address nor interface', 'PUT', '/ip/route', { gateway: '10.0.0.300' }, 'invalid value for argument gateway'],
      ['a gateway naming a missing interface', 'PUT', '/ip/route', { gateway: 'nowhere' }, 'input does not match any value of interface'],
      ['a gateway address through a missing interface', 'PUT', '/ip/route', { gateway: '203.0.113.1%nowhere' }, 'input does not match any value of interface'],
      ['a DHCP network with host bits', 'PUT', '/ip/dhcp-server/network', { address: '10.0.0.1/24' }, 'invalid value for argument address'],
      ['a DNS MX without mx-exchange', 'PUT', '/ip/dns/static', { name: 'mail.lan', type: 'MX' }, 'missing value for mx-exchange'],
      ['a DNS name with a regexp', 'PUT', '/ip/dns/static', { name: 'a.lan', regexp: 'a', address: '10.0.0.1' }, 'failure: name and regexp can not be used together'],
      ['moving a rule before itself', 'POST', '/ip/firewall/filter/move', { numbers: '*2', destination: '*2' }, 'failure: can not move item before itself'],
      ['GET on a command', 'GET', '/ip/firewall/filter/print', undefined, 'no such command'],
      ['a word that is no id below a table without names', 'GET', '/ip/firewall/filter/%2A1', undefined, 'no such command or directory (%2A1)'],
      ['an MTU written as 2e0', 'PATCH', '/interface/ether2', { mtu: '2e0' }, 'invalid value for argument mtu'],
      ['a VLAN id out of range', 'PUT', '/interface/vlan', { name: 'v5000', 'vlan-id': '5000', interface: 'ether2' }, 'value of vlan-id out of range (1..4095)'],
      ['a name another interface has', 'PUT', '/interface/vlan', { name: 'ether2', 'vlan-id': '5', interface: 'ether2' }, 'failure: already have interface with such name'],
      ['a bad MAC', 'PUT', '/ip/arp', { address: '10.100.0.9', 'mac-address': '00:11:22:33:44', interface: 'ether2' }, 'invalid value of mac-address, mac address required'],
      ['changing a dynamic route', 'PATCH', '/ip/route/*81000003', { comment: 'x' }, 'failure: can not change dynamic'],
      ['a routing rule without a table', 'PUT', '/routing/rule', { 'src-address': '10.0.0.0/8' }, 'missing value for table'],
    ])('refuses %s', async (_label, method, path, body, detail) => {
      const before = JSON.stringify((await (await fetch(`${fleet.control.url}/devices/1/state`)).json() as { config: unknown }).config);
      expect(await edge(method, path, body)).toMatchObject(bad(detail));
      const after = JSON.stringify((await (await fetch(`${fleet.control.url}/devices/1/state`)).json() as { config: unknown }).config);
      expect(after).toBe(before);
    });

    it.each([
      ['vlan-ids beyond 4094', { bridge: 'bridge', 'vlan-ids': '10,4095' }, 'value of vlan-ids out of range (1..4094)'],
      ['vlan-ids on a bridge that does not exist', { bridge: 'br9', 'vlan-ids': '10' }, 'input does not match any value of bridge'],
    ])('refuses bridge VLAN rows with %s', async (_label, body, detail) => {
      expect(await home('PUT', '/interface/bridge/vlan', body)).toMatchObject(bad(detail));
    });

    it('refuses references that do not exist: pools, DHCP servers, interface lists and wifi profiles', async () => {
      expect(await home('PUT', '/ip/dhcp-server', { name: 'guest', interface: 'ether3', 'address-pool': 'guest-pool' })).toMatchObject(bad('input does not match any value of address-pool'));
      expect((await home('PUT', '/ip/dhcp-server', { name: 'guest', interface: 'ether3', 'address-pool': 'static-only' })).status).toBe(201);
      expect(await home('PUT', '/ip/dhcp-server/lease', { address: '192.168.88.9', 'mac-address': '00:11:22:33:44:55', server: 'nope' })).toMatchObject(bad('input does not match any value of server'));
      expect(await home('PUT', '/interface/list/member', { list: 'DMZ', interface: 'ether3' })).toMatchObject(bad('input does not match any value of list'));
      expect(await home('PUT', '/interface/list/member', { list: 'LAN', interface: 'bridge' })).toMatchObject(bad('failure: already have such entry'));
      expect(await home('PUT', '/interface/wifi/configuration', { name: 'cfg', security: 'sec' })).toMatchObject(bad('input does not match any value of security'));
      expect(await home('PUT', '/interface/list', { name: 'LAN' })).toMatchObject(bad('failure: already have such name'));
      expect((await home('DELETE', '/interface/list/*1')).status).toBe(406);
    });
  });

  describe('normalisation a real router applies', () => {
    it('adds /32 to an address without a prefix and echoes booleans as true/false', async () => {
      const added = (await edge('PUT', '/ip/address', { address: '10.9.9.1', interface: 'ether3', disabled: 'yes' })).body as Record<string, string>;
      expect(added).toMatchObject({ address: '10.9.9.1/32', network: '10.9.9.1', disabled: 'true' });
    });

    it.each([
      ['a bare address stays bare', '192.0.2.7', '192.0.2.7'],
      ['a /32 is shown bare', '192.0.2.8/32', '192.0.2.8'],
      ['host bits are cleared', '10.20.30.40/24', '10.20.30.0/24'],
      ['a range that is one prefix becomes the prefix', '192.168.0.0-192.168.1.255', '192.168.0.0/23'],
      ['any other range stays a range', '10.0.0.1-10.0.0.5', '10.0.0.1-10.0.0.5'],
      ['a host name stays a host name', 'example.com', 'example.com'],
    ])('stores address-list entries as RouterOS does: %s', async (_label, address, stored) => {
      expect(((await edge('PUT', '/ip/firewall/address-list', { list: 'mcp-test', address })).body as Record<string, string>)['address']).toBe(stored);
    });

    it('makes a timed address-list entry dynamic, counts its timeout down and removes it at zero', async () => {
      const added = (await edge('PUT', '/ip/firewall/address-list', { list: 'mcp-temp', address: '192.0.2.99', timeout: '2s', comment: 'short' })).body as Record<string, string>;
      expect(added).toMatchObject({ dynamic: 'true', timeout: expect.stringMatching(/^[12]s$/), comment: 'short' });
      const permanent = (await edge('PUT', '/ip/firewall/address-list', { list: 'mcp-temp', address: '192.0.2.98' })).body as Record<string, string>;
      expect(permanent).toMatchObject({ dynamic: 'false' });
      expect(permanent).not.toHaveProperty('timeout');
      const deadline = Date.now() + 15_000;
      let gone = false;
      while (!gone && Date.now() < deadline) {
        gone = (await edge('GET', `/ip/firewall/address-list/${added['.id']}`)).status === 404;
        if (!gone) await new Promise((r) => setTimeout(r, 200));
      }
      expect(gone).toBe(true);
      expect((await rows(edge('GET', '/ip/firewall/address-list?list=mcp-temp'))).map((r) => r['address'])).toEqual(['192.0.2.98']);
    });

    it('lets a timed entry be removed before its time (dynamic entries are not locked)', async () => {
      const added = (await edge('PUT', '/ip/firewall/address-list', { list: 'mcp-temp', address: '192.0.2.97', timeout: '1h' })).body as Record<string, string>;
      expect(added['timeout']).toMatch(/^(59m5\ds|1h)$/);
      expect((await edge('DELETE', `/ip/firewall/address-list/${added['.id']}`)).status).toBe(204);
    });
  });

  describe('the menus write tools touch', () => {
    it.each(['routing/table', 'routing/rule', 'interface/list', 'interface/list/member', 'ip/dns/static', 'ip/firewall/raw', 'ipv6/address', 'ipv6/firewall/filter', 'ipv6/firewall/address-list', 'interface/wifi/configuration', 'interface/wifi/security', 'interface/wifi/datapath', 'interface/wifi/provisioning'])(
      'serves %s',
      async (menu) => {
        const reply = await home('GET', `/${menu}`);
        expect(reply.status).toBe(200);
        expect(Array.isArray(reply.body)).toBe(true);
      },
    );

    it('answers an unknown menu with 400 no such command, never 404', async () => {
      expect(await home('GET', '/ip/firewall/filterz')).toMatchObject(bad('no such command or directory (filterz)'));
      expect(await home('PUT', '/routing/tables', { name: 'x' })).toMatchObject(bad('no such command or directory (tables)'));
    });

    it('takes a routing table, a route and a rule that use it', async () => {
      expect((await rows(home('GET', '/routing/table'))).map((t) => [t['name'], t['dynamic']])).toEqual([['main', 'true']]);
      expect((await home('PUT', '/routing/table', { name: 'isp2', fib: 'yes' })).body).toMatchObject({ name: 'isp2', fib: 'true', disabled: 'false' });
      expect((await home('PUT', '/ip/route', { gateway: '192.168.88.2', 'routing-table': 'isp2', 'dst-address': '0.0.0.0/0' })).status).toBe(201);
      const rule = (await home('PUT', '/routing/rule', { 'src-address': '192.168.88.77/32', table: 'isp2' })).body as Record<string, string>;
      expect(rule).toMatchObject({ action: 'lookup', table: 'isp2', 'src-address': '192.168.88.77/32' });
      expect(await home('PUT', '/routing/rule', { action: 'lookup-everywhere', table: 'isp2' })).toMatchObject(bad('input does not match any value of action'));
    });

    it('takes DNS static entries, raw rules, IPv6 addresses and IPv6 firewall rows', async () => {
      expect((await home('PUT', '/ip/dns/static', { name: 'nas.lan', address: '192.168.88.5' })).body).toMatchObject({ name: 'nas.lan', address: '192.168.88.5', ttl: '1d', disabled: 'false' });
      expect(await home('PUT', '/ip/dns/static', { name: 'nas.lan', type: 'AAAAA' })).toMatchObject(bad('input does not match any value of type'));
      expect((await home('PUT', '/ip/firewall/raw', { chain: 'prerouting', action: 'notrack', 'src-address': '192.168.88.0/24' })).body).toMatchObject({ action: 'notrack', packets: '0' });
      expect(await home('PUT', '/ip/firewall/raw', { chain: 'prerouting', action: 'reject' })).toMatchObject(bad('input does not match any value of action'));
      expect((await home('PUT', '/ipv6/address', { address: '2001:db8::1', interface: 'bridge' })).body).toMatchObject({ address: '2001:db8::1/64', advertise: 'true' });
      expect(await home('PUT', '/ipv6/address', { address: '192.168.1.1/24', interface: 'bridge' })).toMatchObject(bad('invalid value for argument address'));
      expect((await home('PUT', '/ipv6/firewall/filter', { chain: 'input', action: 'drop', 'src-address': '2001:db8::5/64' })).body).toMatchObject({ 'src-address': '2001:db8::/64' });
      expect((await home('PUT', '/ipv6/firewall/address-list', { list: 'mcp-v6', address: '2001:db8::/32' })).body).toMatchObject({ address: '2001:db8::/32', dynamic: 'false' });
      expect(await home('PUT', '/ipv6/firewall/address-list', { list: 'mcp-v6', address: '10.0.0.1' })).toMatchObject(bad('invalid value for argument address'));
    });

    it('takes the wifi security, datapath, configuration and provisioning profiles, in that order of reference', async () => {
      expect(await home('PUT', '/interface/wifi/security', { name: 'sec', 'authentication-types': 'wpa2-psk,wpa4-psk' })).toMatchObject(bad('input does not match any value of authentication-types'));
      expect(await home('PUT', '/interface/wifi/security', { name: 'sec', 'authentication-types': 'wpa2-psk,wpa3-psk', passphrase: 'short' })).toMatchObject(bad('invalid value for argument passphrase'));
      expect((await home('PUT', '/interface/wifi/security', { name: 'sec', 'authentication-types': 'wpa2-psk,wpa3-psk', passphrase: 'long enough pass' })).status).toBe(201);
      expect(await home('PUT', '/interface/wifi/datapath', { name: 'dp', bridge: 'br-guest' })).toMatchObject(bad('input does not match any value of bridge'));
      expect((await home('PUT', '/interface/wifi/datapath', { name: 'dp', bridge: 'bridge', 'vlan-id': '20' })).status).toBe(201);
      expect((await home('PUT', '/interface/wifi/configuration', { name: 'cfg', ssid: 'guest', security: 'sec', datapath: 'dp' })).status).toBe(201);
      const prov = await home('PUT', '/interface/wifi/provisioning', { action: 'create-dynamic-enabled', 'master-configuration': 'cfg', 'supported-bands': '5ghz-ax' });
      expect(prov.body).toMatchObject({ action: 'create-dynamic-enabled', 'master-configuration': 'cfg', disabled: 'false' });
      expect(await home('PUT', '/interface/wifi/provisioning', { action: 'create-dynamic-enabled l', 'master-configuration': 'cfg' })).toMatchObject(bad('input does not match any value of action'));
      expect((await home('PATCH', '/interface/wifi/wifi1', { configuration: 'cfg' })).status).toBe(200);
    });

    it('ships the defconf firewall on interface lists: WAN and LAN with their members', async () => {
      expect((await rows(home('GET', '/interface/list'))).map((l) => l['name'])).toEqual(['all', 'none', 'dynamic', 'static', 'WAN', 'LAN']);
      expect((await rows(home('GET', '/interface/list/member'))).map((m) => `${m['list']}:${m['interface']}`)).toEqual(['LAN:bridge', 'WAN:ether1']);
      const input = (await rows(home('GET', '/ip/firewall/filter?chain=input'))).map((r) => r['comment']);
      expect(input).toEqual(['defconf: accept established,related,untracked', 'defconf: drop invalid', 'defconf: accept ICMP', 'defconf: accept to local loopback (for CAPsMAN)', 'defconf: drop all not coming from LAN']);
      expect((await rows(home('GET', '/ip/firewall/filter?chain=input'))).at(-1)).toMatchObject({ action: 'drop', 'in-interface-list': '!LAN' });
      expect((await rows(home('GET', '/ip/firewall/nat'))).at(0)).toMatchObject({ action: 'masquerade', 'out-interface-list': 'WAN' });
      // The managing laptop sits behind the bridge, which is in LAN: it still reaches the device.
      expect((await home('GET', '/system/identity')).status).toBe(200);
    });
  });

  it('knows which arguments this version has', async () => {
    const withLinkLocal = await home('PUT', '/ipv6/address', { address: '2001:db8:1::1/64', interface: 'ether3', 'auto-link-local': 'no' });
    if (version === '7.15.3') expect(withLinkLocal).toMatchObject(bad('unknown parameter auto-link-local'));
    else expect(withLinkLocal.status).toBe(201);
    const processing = await home('PUT', '/interface/wifi/datapath', { name: 'dp2', 'traffic-processing': 'auto' });
    if (version === '7.15.3') expect(processing).toMatchObject(bad('unknown parameter traffic-processing'));
    else expect(processing.status).toBe(201);
  });
});
