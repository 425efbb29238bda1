import { utils } from 'ssh2';
import { oneDevice } from './one-device';
import { call } from './rest-client';
import { until } from './until';
import { sshOnce } from './ssh-client';
import { createHash } from 'node:crypto';

type Row = Record<string, string>;

// Issue 23's last commands (docs/simulator.md, "Menu-specific commands"): reset-configuration, WireGuard/OpenVPN
// configuration files, SSH private keys, quiet monitors and scans, /console inspect and the leftovers, over REST and
// the SSH console on both versions.
describe.each(['7.15.3', '7.20.5'])('RouterOS %s: the last commands', (version) => {
  const sim = oneDevice(version);
  const post = (path: string, body: unknown) => sim.rest('POST', path, body);
  const detail = async (path: string, body: unknown) => ((await post(path, body)).body as { detail?: string }).detail;
  const out = async (command: string) => (await sim.ssh(command)).output;
  const identity = async () => ((await sim.rest('GET', '/system/identity')).body as Row)['name'];
  const users = async () => ((await sim.rest('GET', '/user')).body as Row[]).map((u) => u['name']);

  describe('system reset-configuration', () => {
    it('refuses what it cannot do, then resets to the profile defaults (users too) and boots', async () => {
      const seeded = await identity();
      expect(await detail('/system/reset-configuration', { bogus: 'x' })).toBe('unknown parameter bogus');
      expect(await detail('/system/reset-configuration', { 'run-after-reset': 'missing.rsc' })).toBe('failure: no such file');
      expect(await detail('/system/reset-configuration', { 'keep-users': 'maybe' })).toBe('input does not match any value of keep-users');
      expect((await post('/system/identity/set', { name: 'changed' })).status).toBe(200);
      expect((await sim.rest('PUT', '/user', { name: 'frank', group: 'full', password: 'pw' })).status).toBe(201);
      expect((await sim.rest('PUT', '/ip/firewall/address-list', { list: 'x', address: '192.0.2.1' })).status).toBe(201);
      expect((await post('/system/reset-configuration', {})).body).toEqual([]);
      await until(async () => (await identity()) === seeded);
      expect(await users()).not.toContain('frank');
      expect((await sim.rest('GET', '/ip/firewall/address-list')).body).toEqual([]);
    });

    it('keep-users keeps users; run-after-reset runs its script after the reset (console too)', async () => {
      expect((await sim.rest('PUT', '/user', { name: 'frank', group: 'full', password: 'pw' })).status).toBe(201);
      expect((await sim.rest('PUT', '/file', { name: 'after.rsc', contents: '/system identity set name=after-reset\n' })).status).toBe(201);
      expect((await post('/system/reset-configuration', { 'keep-users': 'yes', 'run-after-reset': 'after.rsc' })).status).toBe(200);
      await until(async () => (await identity()) === 'after-reset');
      expect(await users()).toContain('frank');
      expect((await call(sim.fleet.devices[0].restUrl, 'GET', '/system/identity', { auth: 'frank:pw' })).status).toBe(200);
      expect(await out('/system identity set name=again; /system reset-configuration keep-users=yes')).toBe('');
      await until(async () => (await identity()) !== 'again');
      expect(await out('/system reset-configuration run-after-reset=nope.rsc')).toContain('failure: no such file');
    });

    it('no-defaults leaves no address, so the managing client is cut off; shutdown leaves the device off', async () => {
      expect((await post('/system/reset-configuration', { 'no-defaults': 'yes' })).status).toBe(200);
      await until(() => call(sim.fleet.devices[0].restUrl, 'GET', '/system/identity', { timeoutMs: 500 }).then(() => false, () => true));
      await expect(call(sim.fleet.devices[0].restUrl, 'GET', '/system/identity', { timeoutMs: 1000 })).rejects.toThrow();
      await fetch(`${sim.fleet.control.url}/devices/0/reset`, { method: 'POST' });
      expect((await post('/system/reset-configuration', { shutdown: 'yes' })).status).toBe(200);
      await until(() => call(sim.fleet.devices[0].restUrl, 'GET', '/system/identity', { timeoutMs: 500 }).then(() => false, () => true));
      await fetch(`${sim.fleet.control.url}/devices/0/power-on`, { method: 'POST' });
      expect((await sim.rest('GET', '/system/identity')).status).toBe(200);
    }, 40_000);
  });

  it('WireGuard: wg-export, show-client-config and wg-import of what was exported', async () => {
    expect((await sim.rest('PUT', '/interface/wireguard', { name: 'wg1', 'listen-port': '13231' })).status).toBe(201);
    const peerKey = 'yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk=';
    expect((await sim.rest('PUT', '/interface/wireguard/peers', { interface: 'wg1', 'public-key': peerKey, 'allowed-address': '10.9.0.2/32', 'endpoint-address': '192.0.2.7', 'endpoint-port': '51820', 'client-address': '10.9.0.2/32', 'client-endpoint': 'vpn.example.com' })).status).toBe(201);
    expect((await sim.rest('PUT', '/ip/address', { address: '10.9.0.1/24', interface: 'wg1' })).status).toBe(201);
    expect(await detail('/interface/wireguard/wg-export', {})).toBe('missing value for number');
    expect(await detail('/interface/wireguard/wg-export', { number: 'nope' })).toBe('no such item');
    const exported = ((await post('/interface/wireguard/wg-export', { number: 'wg1', file: 'wg1' })).body as { ret: string }).ret;
    expect(exported).toMatch(/^\[Interface\]\nAddress = 10\.9\.0\.1\/24\nListenPort = 13231\nPrivateKey = [A-Za-z0-9+/]{43}=\n\n\[Peer\]\nPublicKey = yAnz5TF/);
    expect(exported).toContain('Endpoint = 192.0.2.7:51820');
    expect(((await sim.rest('GET', '/file')).body as Row[]).some((f) => f['name'] === 'wg1.conf')).toBe(true);
    const [peer] = (await sim.rest('GET', '/interface/wireguard/peers')).body as Row[];
    const client = ((await post('/interface/wireguard/peers/show-client-config', { number: peer['.id'] })).body as { ret: string }).ret;
    const [wg] = (await sim.rest('GET', '/interface/wireguard')).body as Row[];
    expect(client).toContain(`PublicKey = ${wg['public-key']}`);
    expect(client).toContain('Endpoint = vpn.example.com:13231');
    expect(client).toContain('Address = 10.9.0.2/32');
    // Back in: a new interface with the same port, its peer and address.
    const source = version === '7.15.3' ? { file: 'wg1.conf' } : { 'config-file': 'wg1.conf' };
    const fresh = exported.replace('ListenPort = 13231', 'ListenPort = 13232').replace('10.9.0.1/24', '10.8.0.1/24');
    expect((await sim.rest('PUT', '/file', { name: 'in.conf', contents: fresh })).status).toBe(201);
    expect((await post('/interface/wireguard/wg-import', version === '7.15.3' ? { file: 'in.conf' } : { 'config-string': fresh })).status).toBe(200);
    const wgs = (await sim.rest('GET', '/interface/wireguard')).body as Row[];
    expect(wgs.map((w) => w['listen-port'])).toEqual(['13231', '13232']);
    expect(((await sim.rest('GET', '/interface/wireguard/peers')).body as Row[]).filter((p) => p['interface'] === wgs[1]['name'])).toEqual([expect.objectContaining({ 'public-key': peerKey, 'allowed-address': '10.9.0.2/32', 'endpoint-port': '51820' })]);
    expect(((await sim.rest('GET', '/ip/address')).body as Row[]).some((a) => a['address'] === '10.8.0.1/24' && a['interface'] === wgs[1]['name'])).toBe(true);
    expect(await detail('/interface/wireguard/wg-import', version === '7.15.3' ? { file: 'nope.conf' } : { 'config-file': 'nope.conf' })).toBe('failure: no such file');
    expect((await sim.rest('PUT', '/file', { name: 'bad.conf', contents: 'garbage\n' })).status).toBe(201);
    expect(await detail('/interface/wireguard/wg-import', { ...source, [Object.keys(source)[0]]: 'bad.conf' })).toBe('failure: invalid configuration');
    expect(await out('/interface wireguard wg-export wg1')).toMatch(/^\[Interface\]\r\n/);
  });

  it('OpenVPN: a client from an .ovpn profile; a client profile of the server', async () => {
    expect((await sim.rest('PUT', '/file', { name: 'office.ovpn', contents: 'client\ndev tun\nproto tcp-client\nremote 203.0.113.5 1195\n<ca>\n-----BEGIN CERTIFICATE-----\nx\n-----END CERTIFICATE-----\n</ca>\n' })).status).toBe(201);
    expect(await detail('/interface/ovpn-client/import-ovpn-configuration', {})).toBe('missing value for file-name');
    expect(await detail('/interface/ovpn-client/import-ovpn-configuration', { 'file-name': 'nope.ovpn' })).toBe('failure: no such file');
    expect((await post('/interface/ovpn-client/import-ovpn-configuration', { 'file-name': 'office.ovpn', 'ovpn-user': 'me', 'ovpn-password': 'pw' })).status).toBe(200);
    expect((await sim.rest('GET', '/interface/ovpn-client')).body).toEqual([expect.objectContaining({ name: 'ovpn-import1', 'connect-to': '203.0.113.5', port: '1195', protocol: 'tcp', user: 'me' })]);
    expect((await sim.rest('PUT', '/file', { name: 'empty.ovpn', contents: 'client\n' })).status).toBe(201);
    expect(await detail('/interface/ovpn-client/import-ovpn-configuration', { 'file-name': 'empty.ovpn' })).toBe('failure: no remote specified in configuration');
    const exportPath = '/interface/ovpn-server/server/export-client-configuration';
    if (version === '7.20.5') expect((await sim.rest('PUT', '/interface/ovpn-server/server', { name: 'ovpn1' })).status).toBe(201);
    expect(await detail(exportPath, {})).toBe('missing value for server-address');
    expect(await detail(exportPath, { 'server-address': 'vpn.example.com', 'ca-certificate': 'nope' })).toBe('input does not match any value of ca-certificate');
    const profile = ((await post(exportPath, { 'server-address': 'vpn.example.com' })).body as { ret: string }).ret;
    expect(profile).toMatch(/^client\ndev tun\nproto (tcp-client|udp)\nremote vpn\.example\.com 1194\n/);
    expect(((await sim.rest('GET', '/file')).body as Row[]).some((f) => f['name'] === 'client1.ovpn')).toBe(true);
  });

  it('SSH private keys: import from a file, with its passphrase', async () => {
    const plain = utils.generateKeyPairSync('ed25519', { comment: 'admin@laptop' });
    const locked = utils.generateKeyPairSync('rsa', { bits: 2048, passphrase: 'secret', cipher: 'aes256-cbc' });
    expect((await sim.rest('PUT', '/file', { name: 'id_ed25519', contents: plain.private })).status).toBe(201);
    expect((await sim.rest('PUT', '/file', { name: 'id_rsa', contents: locked.private })).status).toBe(201);
    const path = '/user/ssh-keys/private/import';
    expect(await detail(path, { 'private-key-file': 'id_ed25519' })).toBe('missing value for user');
    expect(await detail(path, { user: 'nobody', 'private-key-file': 'id_ed25519' })).toBe('input does not match any value of user');
    expect(await detail(path, { user: 'admin', 'private-key-file': 'nope' })).toBe('failure: no such file');
    expect(await detail(path, { user: 'admin', 'private-key-file': 'id_rsa', passphrase: 'wrong' })).toBe('failure: unable to load key file (wrong format or bad passphrase)!');
    expect((await post(path, { user: 'admin', 'private-key-file': 'id_ed25519' })).status).toBe(200);
    expect(await out('/user ssh-keys private import user=admin private-key-file=id_rsa passphrase=secret')).toBe('');
    const keys = (await sim.rest('GET', '/user/ssh-keys/private')).body as Row[];
    expect(keys).toEqual([expect.objectContaining({ user: 'admin', 'key-type': 'ed25519', bits: '256', 'key-owner': 'admin@laptop' }), expect.objectContaining({ user: 'admin', 'key-type': 'rsa', bits: '2048' })]);
  });

  it('SSH host keys: export the served key, import another which new connections then get', async () => {
    const device = sim.fleet.devices[0];
    expect(await detail('/ip/ssh/export-host-key', {})).toBe('missing value for key-file-prefix');
    expect((await post('/ip/ssh/export-host-key', { 'key-file-prefix': 'hk' })).status).toBe(200);
    const files = (await sim.rest('GET', '/file')).body as Row[];
    const pub = files.find((f) => f['name'] === 'hk_ed25519.pub')!['contents'];
    const blob = Buffer.from(pub.split(' ')[1], 'base64');
    expect(`SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`).toBe(device.keys.sshHostKeyFingerprint);
    expect(files.find((f) => f['name'] === 'hk_ed25519')!['contents']).toMatch(/^-----BEGIN OPENSSH PRIVATE KEY-----/);
    expect((await post('/ip/ssh/export-host-key', { 'key-file-prefix': 'locked', passphrase: 'pw' })).status).toBe(200);
    expect(((await sim.rest('GET', '/file')).body as Row[]).find((f) => f['name'] === 'locked_ed25519')!['contents']).toMatch(/^-----BEGIN ENCRYPTED PRIVATE KEY-----/);
    expect(await detail('/ip/ssh/import-host-key', { 'private-key-file': 'nope' })).toBe('failure: no such file');
    expect(await detail('/ip/ssh/import-host-key', { 'private-key-file': 'hk_ed25519.pub' })).toBe('failure: unable to load key file (wrong format or bad passphrase)!');
    expect(await detail('/ip/ssh/import-host-key', { 'private-key-file': 'locked_ed25519', passphrase: 'wrong' })).toBe('failure: unable to load key file (wrong format or bad passphrase)!');
    const next = utils.generateKeyPairSync('rsa', { bits: 2048 });
    const nextBlob = Buffer.from(next.public.split(' ')[1], 'base64');
    const expected = `SHA256:${createHash('sha256').update(nextBlob).digest('base64').replace(/=+$/, '')}`;
    expect((await sim.rest('PUT', '/file', { name: 'next_rsa', contents: next.private })).status).toBe(201);
    expect((await post('/ip/ssh/import-host-key', { 'private-key-file': 'next_rsa' })).status).toBe(200);
    expect((await sshOnce(device.sshPort, ':put 1', { password: 'admin' })).hostKey).toBe(expected);
    // The encrypted PKCS#8 export of the device's own key goes back in from the console, with its passphrase.
    expect((await sshOnce(device.sshPort, '/ip ssh import-host-key private-key-file=locked_ed25519 passphrase=pw', { password: 'admin' })).output).toBe('');
    expect((await sshOnce(device.sshPort, ':put 1', { password: 'admin' })).hostKey).toBe(device.keys.sshHostKeyFingerprint);
  });

  it('certificates: a CA here signs a request made elsewhere', async () => {
    expect((await sim.rest('PUT', '/certificate', { name: 'ca', 'common-name': 'ca', 'key-usage': 'key-cert-sign,crl-sign' })).status).toBe(201);
    expect((await post('/certificate/sign', { number: 'ca' })).status).toBe(200);
    expect((await sim.rest('PUT', '/certificate', { name: 'req', 'common-name': 'client.example', 'key-size': '2048' })).status).toBe(201);
    expect((await post('/certificate/create-certificate-request', { template: 'req', 'key-passphrase': 'secret12' })).status).toBe(200);
    expect(await detail('/certificate/sign-certificate-request', { 'file-name': 'certificate-request.pem' })).toBe('missing value for ca');
    expect(await detail('/certificate/sign-certificate-request', { 'file-name': 'nope.pem', ca: 'ca' })).toBe('failure: no such file');
    expect(await detail('/certificate/sign-certificate-request', { 'file-name': 'certificate-request.pem', ca: 'nope' })).toBe('input does not match any value of ca');
    expect(await detail('/certificate/sign-certificate-request', { 'file-name': 'certificate-request_key.pem', ca: 'ca' })).toBe('failure: unable to read certificate request');
    expect((await post('/certificate/sign-certificate-request', { 'file-name': 'certificate-request.pem', ca: 'ca', 'days-valid': '30' })).body).toEqual([{ progress: 'done' }]);
    const signed = ((await sim.rest('GET', '/certificate')).body as Row[]).find((c) => c['common-name'] === 'client.example' && c['issued'] === 'true');
    expect(signed).toMatchObject({ ca: 'ca', 'private-key': 'false', 'days-valid': '30' });
    expect(await out('/certificate sign-certificate-request file-name=certificate-request.pem ca=req')).toContain('failure: ca certificate is not a CA');
  });

  it('quiet monitors and scans: items checked, counters zero, scans find what the device knows', async () => {
    expect((await post('/queue/monitor', { once: '' })).body).toEqual([{ 'queued-packets': '0', 'queued-bytes': '0', 'dropped-packets': '0' }]);
    expect((await post('/ip/traffic-flow/monitor', { once: '' })).body).toEqual([expect.objectContaining({ status: 'stopped', 'active-flows': '0' })]);
    expect(await detail('/ip/dhcp-relay/monitor', { numbers: '*99', once: '' })).toBe('no such item');
    expect(await detail('/interface/bridge/msti/monitor', { once: '' })).toBe('missing value for numbers');
    expect(await detail('/interface/bonding/monitor-slaves', { bond: 'nope', once: '' })).toBe('input does not match any value of bond');
    expect(await detail('/tool/ip-scan', { duration: '1s' })).toBe('failure: interface or address-range must be specified');
    expect(await detail('/tool/ip-scan', { 'address-range': '10.0.0.300/24', duration: '1s' })).toMatch(/address-range/);
    const scan = (await post('/tool/ip-scan', { 'address-range': '192.168.88.0/24', duration: '1s' })).body as Row[];
    expect(scan.every((r) => r['address'].startsWith('192.168.88.') && /^[0-9A-F:]{17}$/i.test(r['mac-address']))).toBe(true);
    expect((await post('/tool/ping-speed', { address: '192.168.88.254', once: '' })).body).toEqual([{ current: '950.0Mbps', average: '950.0Mbps' }]);
    expect(await detail('/tool/ping-speed', { once: '' })).toBe('missing value for address');
    expect(((await post('/tool/profile', { duration: '1s' })).body as Row[]).map((r) => r['name'])).toEqual(['idle', 'management', 'total']);
    expect((await post('/tool/sniffer/quick', { interface: 'ether1', duration: '1s' })).body).toEqual([]);
    expect(await detail('/tool/sniffer/quick', { interface: 'nope', duration: '1s' })).toBe('input does not match any value of interface');
    expect(await detail('/interface/mesh/traceroute', { mesh: 'nope', address: '00:11:22:33:44:55', duration: '1s' })).toBe('input does not match any value of mesh');
    expect(await detail('/disk/copy', { once: '' })).toBe('missing value for src');
    if (version === '7.20.5') expect(await detail('/disk/test', { disk: 'nope', duration: '1s' })).toBe('input does not match any value of disk');
    expect(await detail('/ip/dhcp-server/lease/check-status', { numbers: '*99' })).toBe('no such item');
    expect(await detail('/interface/wifi/devel', { number: 'nope', duration: '1s' })).toBe('no such item');
    expect(await out('/queue monitor')).toMatch(/queued-packets: 0\r\n/);
    expect(await out('/tool profile')).toMatch(/^Columns: NAME, CPU, USAGE\r\n/);
    expect(await out('/tool ping-speed 192.168.88.254')).toMatch(/current: 950\.0Mbps/);
  }, 30_000);

  it('/console inspect reads the command tree', async () => {
    const children = (await post('/console/inspect', { request: 'child', path: 'ip' })).body as Row[];
    expect(children).toContainEqual({ type: 'child', name: 'address', 'node-type': 'dir' });
    expect(children).toContainEqual({ type: 'child', name: 'export', 'node-type': 'cmd' });
    expect((await post('/console/inspect', { request: 'self', path: 'ip,address,add' })).body).toEqual([{ type: 'self', name: 'add', 'node-type': 'cmd' }]);
    expect((await post('/console/inspect', { request: 'child', path: 'ip,address,add' })).body).toContainEqual({ type: 'child', name: 'interface', 'node-type': 'arg' });
    expect(((await post('/console/inspect', { request: 'completion', path: 'ip', input: 'add' })).body as Row[]).map((r) => r['completion'])).toEqual(['address']);
    expect(await detail('/console/inspect', { path: 'ip' })).toBe('missing value for request');
    expect(await detail('/console/inspect', { request: 'child', path: 'ip,nope' })).toBe('no such command or directory (nope)');
    expect(await out('/console inspect request=child path=system,identity')).toMatch(/^Columns: TYPE, NAME, NODE-TYPE\r\n[\s\S]*child +set +cmd/);
  });

  it('leftovers: SMS, cloud backup, hotspot login, tasks, routing internals, bridge hosts, sessions, counters', async () => {
    expect(await detail('/tool/sms/send', { message: 'hi' })).toBe('missing value for phone-number');
    expect(await detail('/tool/sms/send', { 'phone-number': '+100', message: 'hi' })).toBe('failure: no port configured');
    expect(await detail('/system/backup/cloud/upload-file', { action: 'upload', 'src-file': 'nope.backup' })).toBe('failure: no such file');
    expect(await detail('/system/backup/cloud/upload-file', { action: 'create-and-upload' })).toBe('missing value for password');
    expect(await detail('/system/backup/cloud/upload-file', { action: 'create-and-upload', password: 'x' })).toBe('failure: dns server failure');
    // With a DNS server on the LAN the cloud's name resolves; the connection (over the uplink) gets no answer.
    expect((await post('/ip/dns/set', { servers: '192.168.88.53' })).status).toBe(200);
    expect(await detail('/system/backup/cloud/upload-file', { action: 'create-and-upload', password: 'x' })).toMatch(/^failure: connection to [\d.]+:443 failed: connection timed out$/);
    expect(await detail('/system/backup/cloud/remove-file', { number: '*1' })).toBe('no such item');
    expect(await detail('/ip/hotspot/active/login', { user: 'nobody', ip: '192.168.88.9' })).toBe('input does not match any value of user');
    expect(await detail('/ip/hotspot/reset-html', { numbers: '*99' })).toBe('no such item');
    expect((await post('/ip/proxy/reset-html', {})).status).toBe(200);
    expect((await post('/task/next', {})).status).toBe(200);
    expect(await detail('/task/terminate', {})).toBe('missing value for id');
    expect(await detail('/task/terminate', { id: '*1' })).toBe('no such item');
    expect((await post(version === '7.15.3' ? '/system/resource/pci/usb-power-reset' : '/system/resource/hardware/usb-power-reset', {})).status).toBe(200);
    expect((await post('/mpls/traffic-eng/tunnel/reoptimize', {})).status).toBe(200);
    expect((await post('/system/rtrace/start', {})).status).toBe(200);
    expect((await post('/system/rtrace/stop', {})).status).toBe(200);
    expect((await post('/routing/discourse', {})).status).toBe(200);
    expect(((await post('/routing/nexthop/dump-dot', {})).body as { ret: string }).ret).toMatch(/^digraph nexthops \{\n[\s\S]*\}\n$/);
    if (version === '7.20.5') {
      expect(await detail('/routing/filter/filter-wizard', { dst: '10.0.0.0/8' })).toBe('missing value for chain');
      expect((await post('/routing/filter/filter-wizard', { chain: 'in', dst: '10.0.0.0/8', 'set-distance': '20' })).status).toBe(200);
      expect((await sim.rest('GET', '/routing/filter/rule')).body).toEqual([expect.objectContaining({ chain: 'in', rule: 'if (dst in 10.0.0.0/8) { set distance 20; accept }' })]);
      expect((await post('/routing/filter/sync', {})).status).toBe(200);
      expect(await detail('/user/active/add', {})).toBe('failure: sessions are made by logging in');
    }
    expect(await detail('/interface/bridge/host/add', { bridge: 'bridge', 'mac-address': '02:00:00:00:00:01' })).toBe('missing value for interface');
    expect(await detail('/interface/bridge/host/add', { bridge: 'nope', 'mac-address': '02:00:00:00:00:01', interface: 'ether3' })).toBe('input does not match any value of bridge');
    expect(await detail('/interface/bridge/host/add', { bridge: 'bridge', 'mac-address': '02:00:00:00:00:01', interface: 'ether1' })).toBe('failure: interface is not a port of this bridge');
    expect((await sim.rest('PUT', '/interface/bridge/host', { bridge: 'bridge', 'mac-address': '02:00:00:00:00:01', interface: 'ether3' })).status).toBe(201);
    expect(((await sim.rest('GET', '/interface/bridge/host')).body as Row[]).some((h) => h['mac-address'] === '02:00:00:00:00:01' && h['interface'] === 'ether3')).toBe(true);
    expect((await post('/radius/incoming/reset-counters', {})).status).toBe(200);
    expect(await out('/tool sms send phone-number=+100 message=hi')).toContain('failure: no port configured');
    expect(await out('/interface bridge host add bridge=bridge mac-address=02:00:00:00:00:02 interface=ether4')).toBe('');
    expect(await out('/routing nexthop dump-dot')).toMatch(/^digraph nexthops \{\r\n/);
  });
});
