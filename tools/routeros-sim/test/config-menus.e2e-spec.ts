import { Fleet, startFleet } from '../src';
import { call } from './rest-client';
import { sshOnce } from './ssh-client';

// Issue 23: curated configuration menus (PPP, logging actions, IPsec, BGP/OSPF, SNMP) over REST and the console.
describe.each(['7.15.3', '7.20.5'])('RouterOS %s configuration menus', (version) => {
  let fleet: Fleet;
  beforeAll(async () => (fleet = await startFleet({ devices: 1, version, profile: 'home' })));
  afterAll(() => fleet.stop());
  afterEach(() => fetch(`${fleet.control.url}/reset`, { method: 'POST' }));

  const rest = (method: string, path: string, body?: unknown) => call(fleet.devices[0].restUrl, method, path, { body });
  const ssh = async (command: string) => (await sshOnce(fleet.devices[0].sshPort, command, { password: 'admin' })).output;
  const rows = async (path: string) => (await rest('GET', path)).body as Record<string, string>[];
  const detail = async (method: string, path: string, body?: unknown) => ((await rest(method, path, body)).body as { detail?: string }).detail;

  describe('/ppp', () => {
    it('REST: secrets name an existing profile, follow its renames, and keep it from being removed', async () => {
      expect((await rows('/ppp/profile')).map((p) => p['name'])).toEqual(['default', 'default-encryption']);
      expect(await detail('PUT', '/ppp/secret', { name: 'u1', profile: 'vpn' })).toBe('input does not match any value of profile');
      expect(await detail('PUT', '/ppp/profile', { name: 'vpn', 'remote-address': 'missing-pool' })).toBe('input does not match any value of remote-address');
      expect((await rest('PUT', '/ppp/profile', { name: 'vpn', 'local-address': '10.9.0.1', 'remote-address': 'default-dhcp' })).status).toBe(201);
      expect((await rest('PUT', '/ppp/secret', { name: 'u1', password: 'hunter2', profile: 'vpn', service: 'l2tp' })).body).toMatchObject({ profile: 'vpn', service: 'l2tp', disabled: 'false' });
      expect(await detail('PUT', '/ppp/secret', { name: 'u2', service: 'telnet' })).toBe('input does not match any value of service');
      await rest('PATCH', '/ppp/profile/vpn', { name: 'vpn2' });
      expect((await rows('/ppp/secret'))[0]['profile']).toBe('vpn2');
      expect(await detail('DELETE', '/ppp/profile/vpn2')).toBe('failure: profile is in use');
    });

    it('console: the same writes, and the password stays out of /export unless show-sensitive', async () => {
      expect(await ssh('/ppp profile add name=vpn use-encryption=required; /ppp secret add name=u1 password=hunter2 profile=vpn')).toBe('');
      expect(await ssh('/ppp secret add name=u2 profile=nope')).toContain('input does not match any value of profile');
      expect(await ssh('/ppp profile remove vpn')).toContain('failure: profile is in use');
      const exported = await ssh('/ppp export');
      expect(exported).toMatch(/\/ppp profile\r\nadd name=vpn use-encryption=required\r\n\/ppp secret\r\nadd name=u1 profile=vpn\r\n/);
      expect(await ssh('/ppp export show-sensitive')).toContain('password=hunter2');
    });
  });

  describe('/system/logging/action', () => {
    it('REST: default actions, a remote action with its target defaults, rules follow renames, an action in use stays', async () => {
      expect((await rows('/system/logging/action')).map((a) => a['name'])).toEqual(['memory', 'disk', 'echo', 'remote']);
      expect(await detail('PUT', '/system/logging/action', { name: 'siem', target: 'remote', remote: 'not-an-ip' })).toBe('invalid value for argument remote');
      expect((await rest('PUT', '/system/logging/action', { name: 'siem', target: 'remote', remote: '10.0.0.5' })).body).toMatchObject({ 'remote-port': '514', 'syslog-facility': 'daemon' });
      expect(await detail('PUT', '/system/logging', { topics: 'firewall', action: 'nope' })).toBe('input does not match any value of action');
      expect((await rest('PUT', '/system/logging', { topics: 'firewall', action: 'siem' })).status).toBe(201);
      await rest('PATCH', '/system/logging/action/siem', { name: 'soc' });
      expect((await rows('/system/logging')).find((r) => r['topics'] === 'firewall')!['action']).toBe('soc');
      expect(await detail('DELETE', '/system/logging/action/soc')).toBe('failure: action is in use');
      expect((await rest('DELETE', '/system/logging/action/memory')).status).toBe(406);
    });

    it('console: add an action and a rule using it; removing the action is refused; the export shows both', async () => {
      expect(await ssh('/system logging action add name=siem target=remote remote=10.0.0.5; /system logging add topics=firewall action=siem')).toBe('');
      expect(await ssh('/system logging action remove siem')).toContain('failure: action is in use');
      expect(await ssh('/system logging export')).toMatch(/\/system logging action\r\nadd name=siem remote=10.0.0.5 target=remote\r\n\/system logging\r\nadd action=siem topics=firewall\r\n/);
    });
  });

  describe('/ip/ipsec', () => {
    it('REST: default rows; peer, identity and policy name existing rows, follow renames, and keep them from removal', async () => {
      expect((await rows('/ip/ipsec/profile')).map((p) => p['name'])).toEqual(['default']);
      expect((await rows('/ip/ipsec/policy'))[0]).toMatchObject({ template: 'true', group: 'default', proposal: 'default' });
      expect(await detail('PUT', '/ip/ipsec/peer', { name: 'hq', address: '203.0.113.1/32', profile: 'nope' })).toBe('input does not match any value of profile');
      expect((await rest('PUT', '/ip/ipsec/peer', { name: 'hq', address: '203.0.113.1/32', 'exchange-mode': 'ike2' })).status).toBe(201);
      expect((await rest('PUT', '/ip/ipsec/identity', { peer: 'hq', secret: 'hunter22' })).status).toBe(201);
      expect(await detail('PUT', '/ip/ipsec/policy', { peer: 'hq', proposal: 'nope' })).toBe('input does not match any value of proposal');
      expect((await rest('PUT', '/ip/ipsec/policy', { peer: 'hq', tunnel: 'yes', 'src-address': '10.1.0.0/16', 'dst-address': '10.2.0.0/16' })).status).toBe(201);
      await rest('PATCH', '/ip/ipsec/peer/hq', { name: 'ho' });
      expect((await rows('/ip/ipsec/identity'))[0]['peer']).toBe('ho');
      expect(await detail('DELETE', '/ip/ipsec/peer/ho')).toBe('failure: peer is in use');
    });

    it('console: the same configuration, refusals as RouterOS words them, secret hidden in the export', async () => {
      expect(await ssh('/ip ipsec profile add name=p2 dh-group=ecp256; /ip ipsec peer add name=hq address=203.0.113.1/32 profile=p2; /ip ipsec identity add peer=hq secret=hunter22')).toBe('');
      expect(await ssh('/ip ipsec identity add peer=nope')).toContain('input does not match any value of peer');
      expect(await ssh('/ip ipsec profile remove p2')).toContain('failure: profile is in use');
      const exported = await ssh('/ip ipsec export');
      expect(exported).toMatch(/\/ip ipsec profile\r\nadd dh-group=ecp256 name=p2\r\n\/ip ipsec peer\r\nadd address=203.0.113.1\/32 name=hq profile=p2\r\n/);
      expect(exported).toContain('/ip ipsec identity\r\nadd peer=hq\r\n');
      expect(exported).not.toContain('hunter22');
    });
  });

  describe('/routing/bgp and /routing/ospf', () => {
    it('REST: templates by name, areas in an instance, templates in an area, renames followed, no session or neighbor', async () => {
      expect((await rest('PUT', '/routing/bgp/template', { name: 'upstream', as: '65001' })).status).toBe(201);
      expect(await detail('PUT', '/routing/bgp/connection', { name: 'isp', templates: 'nope' })).toBe('input does not match any value of templates');
      expect((await rest('PUT', '/routing/bgp/connection', { name: 'isp', templates: 'upstream', 'remote.address': '192.0.2.1', 'remote.as': '64512', 'local.role': 'ebgp' })).status).toBe(201);
      await rest('PATCH', '/routing/bgp/template/upstream', { name: 'transit' });
      expect((await rows('/routing/bgp/connection'))[0]['templates']).toBe('transit');
      expect(await rows('/routing/bgp/session')).toEqual([]);
      expect(await detail('PUT', '/routing/ospf/instance', { name: 'v2', 'router-id': '1.2.3.999' })).toBe('invalid value for argument router-id');
      expect((await rest('PUT', '/routing/ospf/instance', { name: 'v2', 'router-id': '10.255.0.1' })).status).toBe(201);
      expect(await detail('PUT', '/routing/ospf/area', { name: 'bb', instance: 'v3' })).toBe('input does not match any value of instance');
      expect((await rest('PUT', '/routing/ospf/area', { name: 'bb', instance: 'v2' })).status).toBe(201);
      expect(await detail('PUT', '/routing/ospf/interface-template', { area: 'bb', interfaces: 'ether99' })).toBe('input does not match any value of interfaces');
      expect((await rest('PUT', '/routing/ospf/interface-template', { area: 'bb', interfaces: 'ether1' })).status).toBe(201);
      expect(await detail('DELETE', '/routing/ospf/area/bb')).toBe('failure: area is in use');
      expect(await rows('/routing/ospf/neighbor')).toEqual([]);
    });

    it('console: the same configuration and refusals', async () => {
      expect(await ssh('/routing ospf instance add name=v2 router-id=10.255.0.1; /routing ospf area add name=bb instance=v2; /routing ospf interface-template add area=bb interfaces=ether1')).toBe('');
      expect(await ssh('/routing ospf area add name=x instance=nope')).toContain('input does not match any value of instance');
      expect(await ssh('/routing ospf instance remove v2')).toContain('failure: instance is in use');
      expect(await ssh('/routing bgp template add name=t as=4294967296')).toContain('value of as out of range (0..4294967295)');
      expect(await ssh('/routing ospf export')).toMatch(/add name=v2 router-id=10.255.0.1\r\n\/routing ospf area\r\nadd instance=v2 name=bb\r\n/);
    });
  });

  describe('/snmp', () => {
    it('REST: the public community, security levels needing passwords, trap-community by name following renames', async () => {
      expect((await rows('/snmp/community')).map((c) => [c['name'], c['security'], c['read-access']])).toEqual([['public', 'none', 'true']]);
      expect((await rest('GET', '/snmp')).body).toMatchObject({ enabled: 'false', 'trap-community': 'public' });
      expect(await detail('PUT', '/snmp/community', { name: 'nms', security: 'authorized' })).toBe('failure: security authorized needs authentication-password');
      expect((await rest('PUT', '/snmp/community', { name: 'nms', security: 'authorized', 'authentication-password': 'authpass1', addresses: '10.0.0.0/24' })).status).toBe(201);
      expect(await detail('POST', '/snmp/set', { 'trap-community': 'nope' })).toBe('input does not match any value of trap-community');
      expect((await rest('POST', '/snmp/set', { enabled: 'yes', 'trap-community': 'nms' })).status).toBe(200);
      await rest('PATCH', '/snmp/community/nms', { name: 'noc' });
      expect((await rest('GET', '/snmp')).body).toMatchObject({ enabled: 'true', 'trap-community': 'noc' });
      expect(await detail('DELETE', '/snmp/community/noc')).toBe('failure: community is in use');
    });

    it('console: the same, and the passwords stay out of the export', async () => {
      expect(await ssh('/snmp community add name=nms security=private authentication-password=authpass1 encryption-password=privpass1; /snmp set enabled=yes trap-community=nms')).toBe('');
      expect(await ssh('/snmp community add name=x security=private')).toContain('failure: security private needs authentication-password');
      expect(await ssh('/snmp community remove nms')).toContain('failure: community is in use');
      const exported = await ssh('/snmp export terse');
      expect(exported).toContain('/snmp community add name=nms security=private');
      expect(exported).toContain('/snmp set enabled=yes trap-community=nms');
      expect(exported).not.toMatch(/authpass1|privpass1/);
    });
  });
});
