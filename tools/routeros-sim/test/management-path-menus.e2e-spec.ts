import { Fleet, startFleet } from '../src';
import { call } from './rest-client';
import { until } from './until';
import { sshOnce, SshSession } from './ssh-client';

// Issue 23: every menu that can cut the managing service off, changed directly on the simulator (REST or the
// control API), cuts new connections over real sockets; a harmless variant of each leaves them alone.
// mixed: device 0 home (client 192.168.88.254 behind ether2), 1 edge (NOC 10.100.250.10 routed via vlan100-mgmt).
let fleet: Fleet;

const HOME = 0;
const EDGE = 1;
const url = (i: number) => fleet.devices[i].restUrl;
const identity = (i: number, auth?: string) => call(url(i), 'GET', '/system/identity', { timeoutMs: 600, ...(auth ? { auth } : {}) });
const ssh = (i: number, username = 'admin') => sshOnce(fleet.devices[i].sshPort, '/system/identity/print', { username, password: username });
async function control(method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${fleet.control.url}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`${method} ${path}: ${JSON.stringify(json)}`);
  return json;
}
const console_ = (i: number, action: 'add' | 'set' | 'remove', path: string, props?: Record<string, string>, id?: string) => control('POST', `/devices/${i}/config`, { action, path, ...(id ? { id } : {}), ...(props ? { props } : {}) });
const rowsOf = async (i: number, path: string) => (await control('GET', `/devices/${i}/state`)).config[path] as Record<string, string>[];
const idOf = async (i: number, path: string, where: (r: Record<string, string>) => boolean) => (await rowsOf(i, path)).find(where)!['.id'];
const reachable = async (i: number) => (await identity(i)).status === 200;
const cut = (i: number) => expect(identity(i)).rejects.toThrow(/client timeout/);

// Both vendored versions: each menu's behaviour is checked on the tree it has there.
describe.each(['7.20.5', '7.15.3'])('RouterOS %s', (version) => {
beforeAll(async () => (fleet = await startFleet({ devices: 2, profile: 'mixed', version, users: [{ name: 'admin', password: 'admin', group: 'full' }, { name: 'svc', password: 'svc', group: 'full' }] })));
afterAll(() => fleet.stop());
afterEach(() => fetch(`${fleet.control.url}/reset`, { method: 'POST' }));

describe('rp-filter (/ip/settings)', () => {
  // The NOC's replies go by table mgmt (a connection mark), while main's best route to the NOC leaves by the uplink.
  const gateway = async () => (await rowsOf(EDGE, 'ip/route')).find((r) => r['comment'] === 'internal')!['gateway'];
  async function policyRouted(): Promise<void> {
    await console_(EDGE, 'add', 'routing/table', { name: 'mgmt', fib: 'yes' });
    await console_(EDGE, 'add', 'ip/route', { 'dst-address': '10.0.0.0/8', gateway: await gateway(), 'routing-table': 'mgmt' });
    await console_(EDGE, 'add', 'ip/firewall/mangle', { chain: 'prerouting', action: 'mark-connection', 'new-connection-mark': 'noc', 'in-interface': 'vlan100-mgmt' });
    await console_(EDGE, 'add', 'ip/firewall/mangle', { chain: 'output', action: 'mark-routing', 'new-routing-mark': 'mgmt', 'connection-mark': 'noc' });
    await console_(EDGE, 'remove', 'ip/route', undefined, await idOf(EDGE, 'ip/route', (r) => r['comment'] === 'internal'));
  }

  it('loose leaves a policy-routed path alone; strict over REST cuts it', async () => {
    await policyRouted();
    expect(await reachable(EDGE)).toBe(true);
    expect((await call(url(EDGE), 'POST', '/ip/settings/set', { body: { 'rp-filter': 'loose' } })).status).toBe(200);
    expect(await reachable(EDGE)).toBe(true);
    await call(url(EDGE), 'POST', '/ip/settings/set', { body: { 'rp-filter': 'strict' } });
    await cut(EDGE);
    expect((await control('GET', `/devices/${EDGE}/state`)).management.rest.reason).toMatch(/rp-filter=strict drops the client's packets/);
    await console_(EDGE, 'set', 'ip/settings', { 'rp-filter': 'no' });
    expect(await reachable(EDGE)).toBe(true);
  });

  it('loose cuts when main has no route back at all', async () => {
    const via = await gateway();
    await policyRouted();
    await console_(EDGE, 'add', 'ip/route', { 'dst-address': '10.100.250.0/24', gateway: via, blackhole: 'yes' });
    expect(await reachable(EDGE)).toBe(true);
    await console_(EDGE, 'set', 'ip/settings', { 'rp-filter': 'loose' });
    await cut(EDGE);
  });
});

describe('mangle routing marks', () => {
  it('a routing mark for other traffic changes nothing; one that sends the replies into a table routing the NOC out of the uplink cuts', async () => {
    await console_(EDGE, 'add', 'routing/table', { name: 'wan', fib: 'yes' });
    await call(url(EDGE), 'PUT', '/ip/route', { body: { 'dst-address': '0.0.0.0/0', gateway: '203.0.113.1', 'routing-table': 'wan' } });
    expect((await call(url(EDGE), 'PUT', '/ip/firewall/mangle', { body: { chain: 'output', action: 'mark-routing', 'new-routing-mark': 'wan', 'dst-address': '192.0.2.0/24' } })).status).toBe(201);
    expect(await reachable(EDGE)).toBe(true);
    await call(url(EDGE), 'PUT', '/ip/firewall/mangle', { body: { chain: 'output', action: 'mark-routing', 'new-routing-mark': 'wan', protocol: 'tcp' } });
    await cut(EDGE);
    await expect(ssh(EDGE)).rejects.toThrow(/timed out/i);
  }, 30_000);
});

describe('VRFs (/ip/vrf)', () => {
  it('a VRF of other interfaces changes nothing; moving the management bridge into one refuses REST and SSH until they listen there', async () => {
    expect((await call(url(HOME), 'PUT', '/ip/vrf', { body: { name: 'mgmt', interfaces: 'ether5' } })).status).toBe(201);
    expect(await reachable(HOME)).toBe(true);
    await console_(HOME, 'set', 'ip/vrf', { interfaces: 'bridge' }, await idOf(HOME, 'ip/vrf', (r) => r['name'] === 'mgmt'));
    await until(async () => !(await control('GET', `/devices/${HOME}/state`)).management.rest_listening);
    await expect(identity(HOME)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await expect(ssh(HOME)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await console_(HOME, 'set', 'ip/service', { vrf: 'mgmt' }, 'www-ssl');
    await console_(HOME, 'set', 'ip/service', { vrf: 'mgmt' }, 'ssh');
    expect(await reachable(HOME)).toBe(true);
    expect((await ssh(HOME)).code).toBe(0);
  }, 30_000);
});

describe("the service's own user", () => {
  it('an address restriction that holds the client changes nothing; one that excludes it refuses new REST and SSH logins', async () => {
    const svc = await idOf(HOME, 'user', (r) => r['name'] === 'svc');
    expect((await call(url(HOME), 'PATCH', `/user/${svc}`, { body: { address: '192.168.88.0/24' } })).status).toBe(200);
    expect((await identity(HOME, 'svc:svc')).status).toBe(200);
    await call(url(HOME), 'PATCH', `/user/${svc}`, { body: { address: '192.0.2.0/24' } });
    expect((await identity(HOME, 'svc:svc')).status).toBe(401);
    await expect(ssh(HOME, 'svc')).rejects.toThrow(/authentication/i);
    expect((await identity(HOME)).status).toBe(200);
  });

  it("a group lacking the service's policy refuses that service only", async () => {
    await console_(HOME, 'add', 'user/group', { name: 'api-only', policy: 'read,write,api,rest-api,!ssh' });
    await console_(HOME, 'set', 'user', { group: 'api-only' }, await idOf(HOME, 'user', (r) => r['name'] === 'svc'));
    expect((await identity(HOME, 'svc:svc')).status).toBe(200);
    await expect(ssh(HOME, 'svc')).rejects.toThrow(/authentication/i);
  });

  it("disabling the user ends its open SSH session and refuses new logins; removing it too", async () => {
    const session = await SshSession.connect(fleet.devices[HOME].sshPort, { username: 'svc', password: 'svc' });
    let closed = false;
    (session as unknown as { client: { on(e: string, f: () => void): void } }).client.on('close', () => (closed = true));
    const svc = await idOf(HOME, 'user', (r) => r['name'] === 'svc');
    await call(url(HOME), 'POST', '/user/disable', { body: { numbers: svc } });
    await until(async () => closed);
    expect((await identity(HOME, 'svc:svc')).status).toBe(401);
    await console_(HOME, 'set', 'user', { disabled: 'no' }, svc);
    expect((await identity(HOME, 'svc:svc')).status).toBe(200);
    expect((await call(url(HOME), 'DELETE', `/user/${svc}`)).status).toBe(204);
    expect((await identity(HOME, 'svc:svc')).status).toBe(401);
    expect((await identity(HOME)).status).toBe(200);
  });
});

describe('the certificate www-ssl uses', () => {
  // The product pins the fingerprint the device presented at enrolment: a session presenting another one is cut.
  const fingerprintOf = async (name: string) => `SHA256:${(await rowsOf(HOME, 'certificate')).find((r) => r['name'] === name)!['fingerprint'].match(/../g)!.join(':').toUpperCase()}`;

  it("a new certificate, or renaming the one www-ssl uses (it follows), keeps the pinned identity; pointing www-ssl at another certificate presents another one to new sessions", async () => {
    const enrolled = fleet.devices[HOME].keys.tlsFingerprint;
    expect(await fingerprintOf('sim-cert')).toBe(enrolled);
    expect((await call(url(HOME), 'PUT', '/certificate', { body: { name: 'spare', 'common-name': 'spare', 'key-size': 'prime256v1' } })).status).toBe(201);
    expect((await call(url(HOME), 'POST', '/certificate/sign', { body: { number: 'spare' } })).status).toBe(200);
    // /certificate has no comment: a rename (the service follows it) and another certificate's trust are its edits.
    expect((await call(url(HOME), 'POST', '/certificate/set', { body: { numbers: 'sim-cert', name: 'web' } })).status).toBe(200);
    expect((await call(url(HOME), 'POST', '/certificate/set', { body: { numbers: 'spare', trusted: 'no' } })).status).toBe(200);
    expect(await identity(HOME)).toMatchObject({ status: 200, certificate: enrolled });
    await console_(HOME, 'set', 'ip/service', { certificate: 'spare' }, await idOf(HOME, 'ip/service', (r) => r['name'] === 'www-ssl'));
    const session = await identity(HOME);
    expect(session.certificate).not.toBe(enrolled);
    expect(session.certificate).toBe(await fingerprintOf('spare'));
    expect((await ssh(HOME)).code).toBe(0);
    await call(url(HOME), 'POST', '/ip/service/set', { body: { numbers: 'www-ssl', certificate: 'web' } });
    expect((await identity(HOME)).certificate).toBe(enrolled);
  });

  it('removing another certificate changes nothing; removing the one www-ssl uses refuses REST while SSH keeps working', async () => {
    expect((await call(url(HOME), 'PUT', '/certificate', { body: { name: 'spare', 'common-name': 'spare' } })).status).toBe(201);
    await call(url(HOME), 'DELETE', `/certificate/${await idOf(HOME, 'certificate', (r) => r['name'] === 'spare')}`);
    expect(await reachable(HOME)).toBe(true);
    await call(url(HOME), 'DELETE', `/certificate/${await idOf(HOME, 'certificate', (r) => r['name'] === 'sim-cert')}`);
    await until(async () => !(await control('GET', `/devices/${HOME}/state`)).management.rest_listening);
    await expect(identity(HOME)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect((await ssh(HOME)).code).toBe(0);
  });
});

describe('WireGuard', () => {
  // The NOC reaches the edge router through wg-noc as peer 10.255.0.2.
  async function overWireguard(): Promise<void> {
    await console_(EDGE, 'add', 'interface/wireguard', { name: 'wg-noc', 'listen-port': '13231' });
    await console_(EDGE, 'add', 'interface/wireguard/peers', { interface: 'wg-noc', 'public-key': 'yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk=', 'allowed-address': '10.255.0.2/32' });
    await console_(EDGE, 'add', 'ip/address', { address: '10.255.0.1/24', interface: 'wg-noc' });
    await console_(EDGE, 'set', 'ip/firewall/address-list', { address: '10.0.0.0/8' }, await idOf(EDGE, 'ip/firewall/address-list', (r) => r['list'] === 'mgmt-allowed'));
    await control('PUT', `/devices/${EDGE}/management`, { clientAddress: '10.255.0.2', deviceAddress: '10.255.0.1' });
  }

  it("another peer changes nothing; removing the client's peer cuts it", async () => {
    await overWireguard();
    expect(await reachable(EDGE)).toBe(true);
    expect((await call(url(EDGE), 'PUT', '/interface/wireguard/peers', { body: { interface: 'wg-noc', 'public-key': 'xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=', 'allowed-address': '10.255.0.9/32' } })).status).toBe(201);
    expect(await reachable(EDGE)).toBe(true);
    const peer = await idOf(EDGE, 'interface/wireguard/peers', (r) => r['allowed-address'] === '10.255.0.2/32');
    await call(url(EDGE), 'DELETE', `/interface/wireguard/peers/${peer}`);
    await cut(EDGE);
    expect((await control('GET', `/devices/${EDGE}/state`)).management.rest.reason).toBe('no enabled peer of wg-noc allows 10.255.0.2');
  });

  it('disabling the interface cuts it', async () => {
    await overWireguard();
    await call(url(EDGE), 'PATCH', `/interface/wireguard/${await idOf(EDGE, 'interface/wireguard', (r) => r['name'] === 'wg-noc')}`, { body: { disabled: 'yes' } });
    await cut(EDGE);
  });
});

describe('bonding, ethernet, bridge settings and interface lists', () => {
  it("taking another slave out of the bond changes nothing; taking the client's port out, or disabling the bond, cuts", async () => {
    await console_(EDGE, 'remove', 'ip/address', undefined, await idOf(EDGE, 'ip/address', (r) => r['comment'] === 'uplink B'));
    await console_(EDGE, 'add', 'interface/bonding', { name: 'bond-mgmt', slaves: 'ether1,sfp-sfpplus2', mode: '802.3ad' });
    await console_(EDGE, 'add', 'ip/address', { address: '10.200.0.1/24', interface: 'bond-mgmt' });
    await console_(EDGE, 'set', 'ip/firewall/address-list', { address: '10.0.0.0/8' }, await idOf(EDGE, 'ip/firewall/address-list', (r) => r['list'] === 'mgmt-allowed'));
    await control('PUT', `/devices/${EDGE}/management`, { clientAddress: '10.200.0.10', deviceAddress: '10.200.0.1', clientPort: 'ether1' });
    const bond = await idOf(EDGE, 'interface/bonding', (r) => r['name'] === 'bond-mgmt');
    expect((await call(url(EDGE), 'PATCH', `/interface/bonding/${bond}`, { body: { slaves: 'ether1' } })).status).toBe(200);
    expect(await reachable(EDGE)).toBe(true);
    await call(url(EDGE), 'PATCH', `/interface/bonding/${bond}`, { body: { slaves: 'sfp-sfpplus2' } });
    await cut(EDGE);
    await console_(EDGE, 'set', 'interface/bonding', { slaves: 'ether1' }, bond);
    expect(await reachable(EDGE)).toBe(true);
    await console_(EDGE, 'set', 'interface/bonding', { disabled: 'yes' }, bond);
    await cut(EDGE);
  });

  it("disabling another port in /interface/ethernet changes nothing; disabling the client's port cuts", async () => {
    const port = (name: string) => idOf(HOME, 'interface/ethernet', (r) => r['name'] === name);
    expect((await call(url(HOME), 'PATCH', `/interface/ethernet/${await port('ether3')}`, { body: { disabled: 'yes' } })).status).toBe(200);
    expect(await reachable(HOME)).toBe(true);
    await call(url(HOME), 'PATCH', `/interface/ethernet/${await port('ether2')}`, { body: { disabled: 'yes' } });
    await cut(HOME);
  });

  it('use-ip-firewall with a forward drop leaves traffic to the device alone (it is input); VLAN filtering keeps the untagged PVID 1 client until its port moves to another VLAN', async () => {
    expect((await call(url(HOME), 'POST', '/interface/bridge/settings/set', { body: { 'use-ip-firewall': 'yes' } })).status).toBe(200);
    await call(url(HOME), 'PUT', '/ip/firewall/filter', { body: { chain: 'forward', action: 'drop', 'place-before': '*1' } });
    expect(await reachable(HOME)).toBe(true);
    const bridge = await idOf(HOME, 'interface/bridge', (r) => r['name'] === 'bridge');
    await call(url(HOME), 'PATCH', `/interface/bridge/${bridge}`, { body: { 'vlan-filtering': 'yes' } });
    expect(await reachable(HOME)).toBe(true);
    const port = await idOf(HOME, 'interface/bridge/port', (r) => r['interface'] === 'ether2');
    await call(url(HOME), 'PATCH', `/interface/bridge/port/${port}`, { body: { pvid: '20' } });
    await cut(HOME);
  });

  it("link settings of another port change nothing; forcing 1G without auto-negotiation on the client's port takes its link down and cuts", async () => {
    const port = (name: string) => idOf(HOME, 'interface/ethernet', (r) => r['name'] === name);
    expect((await call(url(HOME), 'PATCH', `/interface/ethernet/${await port('ether3')}`, { body: { 'auto-negotiation': 'no', speed: '1G-baseT-full' } })).status).toBe(200);
    // 100M comes up: the client's NIC detects it without auto-negotiation.
    expect((await call(url(HOME), 'PATCH', `/interface/ethernet/${await port('ether2')}`, { body: { 'auto-negotiation': 'no', speed: '100M-baseT-full' } })).status).toBe(200);
    expect(await reachable(HOME)).toBe(true);
    await call(url(HOME), 'PATCH', `/interface/ethernet/${await port('ether2')}`, { body: { speed: '1G-baseT-full' } });
    await cut(HOME);
    const state = await control('GET', `/devices/${HOME}/state`);
    expect(state.management.rest.reason).toMatch(/^interface ether2 has no link: auto-negotiation is off at speed 1G-baseT-full/);
    await console_(HOME, 'set', 'interface/ethernet', { 'auto-negotiation': 'yes' }, await port('ether2'));
    expect(await reachable(HOME)).toBe(true);
    // Advertising only speeds the client's NIC lacks: no speed in common, no link.
    await console_(HOME, 'set', 'interface/ethernet', { advertise: '2.5G-baseT,10G-baseT' }, await port('ether2'));
    await cut(HOME);
  });

  it("use-ip-firewall lets an input drop by the client's bridge port bite (the IP firewall sees bridge ports only with it); turning it off again restores the path", async () => {
    const drop = await call(url(HOME), 'PUT', '/ip/firewall/filter', { body: { chain: 'input', action: 'drop', 'in-bridge-port': 'ether2', 'place-before': '*1' } });
    expect(drop.status).toBe(201);
    await call(url(HOME), 'PUT', '/ip/firewall/filter', { body: { chain: 'input', action: 'drop', 'in-bridge-port': 'ether5', 'place-before': '*1' } });
    expect(await reachable(HOME)).toBe(true);
    expect((await call(url(HOME), 'POST', '/interface/bridge/settings/set', { body: { 'use-ip-firewall-for-pppoe': 'yes' } })).status).toBe(200);
    expect(await reachable(HOME)).toBe(true);
    await call(url(HOME), 'POST', '/interface/bridge/settings/set', { body: { 'use-ip-firewall': 'yes' } });
    await cut(HOME);
    expect((await control('GET', `/devices/${HOME}/state`)).management.rest.reason).toMatch(/^input rule \*\w+ drops the connection/);
    await expect(ssh(HOME)).rejects.toThrow(/timed out/i);
    await console_(HOME, 'set', 'interface/bridge/settings', { 'use-ip-firewall': 'no' });
    expect(await reachable(HOME)).toBe(true);
  }, 30_000);

  it('a management VLAN on the bridge: VLAN filtering with the bridge tagged in it changes nothing; without that entry it cuts', async () => {
    await console_(HOME, 'add', 'interface/vlan', { name: 'vlan99', 'vlan-id': '99', interface: 'bridge' });
    await console_(HOME, 'add', 'ip/address', { address: '10.99.0.1/24', interface: 'vlan99' });
    await console_(HOME, 'add', 'interface/list/member', { list: 'LAN', interface: 'vlan99' });
    await console_(HOME, 'set', 'interface/bridge/port', { pvid: '99' }, await idOf(HOME, 'interface/bridge/port', (r) => r['interface'] === 'ether2'));
    await control('PUT', `/devices/${HOME}/management`, { clientAddress: '10.99.0.10', deviceAddress: '10.99.0.1', clientPort: 'ether2' });
    expect((await call(url(HOME), 'PUT', '/interface/bridge/vlan', { body: { bridge: 'bridge', 'vlan-ids': '99', tagged: 'bridge' } })).status).toBe(201);
    const bridge = await idOf(HOME, 'interface/bridge', (r) => r['name'] === 'bridge');
    await call(url(HOME), 'PATCH', `/interface/bridge/${bridge}`, { body: { 'vlan-filtering': 'yes' } });
    expect(await reachable(HOME)).toBe(true);
    await call(url(HOME), 'DELETE', `/interface/bridge/vlan/${await idOf(HOME, 'interface/bridge/vlan', (r) => r['vlan-ids'] === '99')}`);
    await cut(HOME);
  });

  it('removing another interface from LAN changes nothing; removing the bridge from LAN (defconf drops !LAN) cuts', async () => {
    expect((await call(url(HOME), 'PUT', '/interface/list/member', { body: { list: 'LAN', interface: 'ether5' } })).status).toBe(201);
    await call(url(HOME), 'DELETE', `/interface/list/member/${await idOf(HOME, 'interface/list/member', (r) => r['list'] === 'LAN' && r['interface'] === 'ether5')}`);
    expect(await reachable(HOME)).toBe(true);
    await call(url(HOME), 'DELETE', `/interface/list/member/${await idOf(HOME, 'interface/list/member', (r) => r['list'] === 'LAN' && r['interface'] === 'bridge')}`);
    await cut(HOME);
  });
});
});
