import { oneDevice } from './one-device';
import { call } from './rest-client';
import { SshSession } from './ssh-client';

type Row = Record<string, string>;

// Issue 23: the families that still answered "not supported by the simulator": undo/redo, 7.20's REST safe mode,
// packages/licence/device mode, certificates from other hosts, IPsec RSA keys, RoMON/MAC tools, the traffic generator,
// Wi-Fi radio tools and routing's own commands (docs/simulator.md, "Menu-specific commands").
describe.each(['7.15.3', '7.20.5'])('RouterOS %s router tools', (version) => {
  const sim = oneDevice(version);
  const post = (path: string, body: unknown) => sim.rest('POST', path, body);
  const detail = async (path: string, body: unknown) => ((await post(path, body)).body as { detail?: string }).detail;
  const out = async (command: string) => (await sim.ssh(command)).output;
  const keys = version === '7.20.5' ? '/ip/ipsec/key/rsa' : '/ip/ipsec/key';

  it('undo and redo: nothing in the history to undo or redo, over REST and the console', async () => {
    expect(await detail('/undo', {})).toBe('failure: nothing to undo');
    expect(await detail('/redo', {})).toBe('failure: nothing to redo');
    expect(await out('/undo')).toContain('failure: nothing to undo');
  });

  it('packages, licence and device mode', async () => {
    expect(await detail('/system/package/update/download', {})).toMatch(/^failure: connection to [\d.]+:443 failed: connection timed out$/);
    expect(await detail('/system/license/renew', { account: 'me' })).toBe('missing value for password');
    // With a DNS server on the LAN the licence server's name resolves; the connection (over the uplink) gets no answer.
    expect((await post('/ip/dns/set', { servers: '192.168.88.53' })).status).toBe(200);
    expect(await detail('/system/license/renew', { account: 'me', password: 'x' })).toMatch(/^failure: connection to 198\.1[89]\.\d+\.\d+:443 failed: connection timed out$/);
    expect((await post('/system/license/generate-new-id', {})).status).toBe(200);
    expect(((await sim.rest('GET', '/system/license')).body as Row)['system-id']).toMatch(/^[A-Za-z0-9]{11}$/);
    expect(await detail('/system/package/uninstall', { numbers: 'routeros' })).toBe('failure: can not uninstall routeros package');
    expect(await detail('/system/package/uninstall', { numbers: '*99' })).toBe('no such item');
    expect((await post('/system/package/uninstall', { numbers: 'wifi-qcom' })).status).toBe(200);
    expect(((await sim.rest('GET', '/system/package')).body as Row[]).find((p) => p['name'] === 'wifi-qcom')).toMatchObject({ scheduled: 'scheduled for uninstall' });
    expect(await detail('/system/package/downgrade', {})).toBe('failure: no packages to downgrade');
    expect((await post('/system/check-installation', { once: '' })).body).toEqual([{ status: 'installation is ok' }]);
    // Nobody presses the button: the update runs until its activation timeout (or the client gives up).
    await expect(call(sim.fleet.devices[0].restUrl, 'POST', '/system/device-mode/update', { body: { mode: 'home', 'activation-timeout': '10s' }, timeoutMs: 500 })).rejects.toThrow();
    expect(await out('/system license renew account=me password=x')).toMatch(/connection timed out/);
  });

  it('certificates from other hosts, smart cards, revoking', async () => {
    expect(await detail('/certificate/add-scep', { 'scep-url': 'http://192.168.88.77/scep' })).toBe('missing value for template');
    expect((await sim.rest('PUT', '/certificate', { name: 'ca', 'common-name': 'ca', 'key-usage': 'key-cert-sign,crl-sign' })).status).toBe(201);
    expect(await detail('/certificate/add-scep', { template: 'nope', 'scep-url': 'http://192.168.88.77/scep' })).toBe('input does not match any value of template');
    expect(await detail('/certificate/add-scep', { template: 'ca', 'scep-url': 'http://192.168.88.77/scep' })).toBe('failure: connection to 192.168.88.77:80 failed: connection timed out');
    expect(await detail('/certificate/enable-ssl-certificate', { 'directory-url': 'https://192.168.88.77/dir' })).toBe('failure: connection to 192.168.88.77:443 failed: connection timed out');
    expect(await detail('/certificate/card-verify', { pin: '1234' })).toBe('failure: no smart card found');
    expect((await post('/certificate/crl/download', {})).status).toBe(200);
    expect((await post('/certificate/sign', { number: 'ca' })).status).toBe(200);
    expect((await sim.rest('PUT', '/certificate', { name: 'leaf', 'common-name': 'leaf' })).status).toBe(201);
    expect((await post('/certificate/sign', { number: 'leaf', ca: 'ca' })).status).toBe(200);
    expect(await detail('/certificate/issued-revoke', { numbers: 'ca' })).toBe('failure: certificate is not issued by this router');
    expect((await post('/certificate/issued-revoke', { numbers: 'leaf' })).status).toBe(200);
    expect(((await sim.rest('GET', '/certificate/leaf')).body as Row)['revoked']).toBe('true');
    expect(await detail('/certificate/scep-renew', { numbers: 'leaf' })).toBe('failure: certificate was not enrolled with SCEP');
    expect((await post('/certificate/scep-server/otp/generate', {})).body).toEqual([{ password: expect.stringMatching(/^[0-9A-F]{16}$/) }]);
    expect(await detail('/certificate/scep-server/requests/grant', { numbers: '*1' })).toBe('no such item');
    expect(await out('/certificate card-verify pin=1234')).toContain('failure: no smart card found');
  });

  it('IPsec RSA keys: generate, export the public key, import it back', async () => {
    expect(await detail(`${keys}/generate-key`, {})).toBe('missing value for name');
    expect((await post(`${keys}/generate-key`, { name: 'k1', 'key-size': '1024' })).status).toBe(200);
    expect(await detail(`${keys}/generate-key`, { name: 'k1' })).toBe('failure: already have such entry');
    expect((await sim.rest('GET', keys)).body).toEqual([expect.objectContaining({ name: 'k1', 'key-size': '1024' })]);
    expect(await detail(`${keys}/export-pub-key`, { key: 'nope', 'file-name': 'k1.pub' })).toBe('input does not match any value of key');
    expect((await post(`${keys}/export-pub-key`, { key: 'k1', 'file-name': 'k1.pub' })).status).toBe(200);
    const [file] = ((await sim.rest('GET', '/file')).body as Row[]).filter((f) => f['name'] === 'k1.pub');
    expect(file['contents']).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect((await post(`${keys}/import`, { name: 'peer', 'file-name': 'k1.pub' })).status).toBe(200);
    expect(((await sim.rest('GET', keys)).body as Row[]).find((k) => k['name'] === 'peer')).toMatchObject({ 'key-size': '1024', 'private-key': 'false' });
    expect(await detail(`${keys}/import`, { name: 'x', 'file-name': 'missing.pem' })).toBe('failure: no such file');
    const menu = keys.slice(1).replace(/\//g, ' ');
    expect(await out(`/${menu} generate-key name=k2 key-size=1024`)).toBe('');
    expect(await out(`/${menu} generate-key name=k3 key-size=999`)).toContain('input does not match any value of key-size');
  });

  it('RoMON, MAC tools and the traffic generator: nobody answers', async () => {
    expect(await detail('/tool/romon/ping', { id: '00:11:22:33:44:55', count: '2' })).toBe('failure: romon is not enabled');
    expect((await post('/tool/romon/set', { enabled: 'yes' })).status).toBe(200);
    const pings = (await post('/tool/romon/ping', { id: '00:11:22:33:44:55', count: '2' })).body as Row[];
    expect(pings.map((p) => p['status'])).toEqual(['timeout', 'timeout']);
    expect((await post('/tool/romon/discover', { duration: '1s' })).body).toEqual([]);
    expect(await detail('/tool/romon/ssh', { address: '00:11:22:33:44:55' })).toBe('failure: connection to 00:11:22:33:44:55 failed: connection timed out');
    expect(await detail('/tool/mac-telnet', { host: '00:11:22:33:44:66' })).toBe('failure: connection to 00:11:22:33:44:66 failed: connection timed out');
    expect((await post('/tool/mac-scan', { interface: 'bridge', duration: '1s' })).body).toEqual([]);
    expect(await detail('/tool/mac-scan', { interface: 'nope', duration: '1s' })).toBe('input does not match any value of interface');
    expect(await detail('/tool/traffic-generator/start', {})).toBe('failure: no ports configured');
    expect((await post('/tool/traffic-generator/inject', { interface: 'ether2', data: '00ff' })).status).toBe(200);
    expect(await detail('/tool/traffic-generator/inject-pcap', { interface: 'ether2', 'pcap-file': 'x.pcap' })).toBe('failure: no such file');
    expect((await post('/tool/traffic-generator/quick', { interface: 'ether2', duration: '1s' })).body).toEqual([]);
    expect(await out('/tool mac-telnet host=00:11:22:33:44:66')).toContain('connection timed out');
  });

  it('Wi-Fi radio tools on existing interfaces list nothing; items are checked', async () => {
    expect((await post('/interface/wifi/scan', { number: 'wifi1', duration: '1s' })).body).toEqual([]);
    expect((await post('/interface/wifi/sniffer', { number: 'wifi1', duration: '1s' })).body).toEqual([]);
    expect(await detail('/interface/wifi/scan', { number: 'nope', duration: '1s' })).toBe('no such item');
    expect(await detail('/interface/wifi/frequency-scan', { duration: '1s' })).toBe('missing value for number');
    expect((await post('/interface/wifi/wps-push-button', { numbers: 'wifi1' })).status).toBe(200);
    if (version === '7.20.5') expect(await detail('/interface/wifi/roam', { number: 'wifi1', addr: '00:11:22:33:44:55' })).toBe('failure: interface is not connected to an AP');
    expect(await out('/interface wifi scan wifi1 duration=1s')).toBe('');
  });

  it('routing: AS-path test, RPKI without a cache, route check (7.20)', async () => {
    expect((await post('/routing/filter/test-as-path-regexp', { 'as-path': '65001 65002', regexp: '^65001' })).body).toEqual([{ match: 'yes' }]);
    expect((await post('/routing/filter/test-as-path-regexp', { 'as-path': '65001 65002', regexp: '65003$' })).body).toEqual([{ match: 'no' }]);
    expect(await detail('/routing/rpki/rpki-check', { group: 'g', prefix: '10.0.0.0/8', 'origin-as': '65001' })).toBe('input does not match any value of group');
    expect(await detail('/routing/stats/process/kill', { numbers: '*1' })).toBe('no such item');
    if (version === '7.20.5') {
      expect((await post('/ip/route/check', { 'dst-ip': '192.168.88.77', once: '' })).body).toEqual([{ status: 'ok', 'dst-ip': '192.168.88.77', route: '192.168.88.0/24', interface: 'bridge' }]);
      expect(await detail('/ip/route/check', { once: '' })).toBe('missing value for dst-ip');
    }
  });

  it('console: route check, AS-path test, RoMON ping and the device-mode prompt print as the console does', async () => {
    expect(await out('/routing filter test-as-path-regexp as-path="65001 65002" regexp="^65001"')).toMatch(/^ *match: yes\r\n/);
    expect(await out('/system check-installation')).toMatch(/status: installation is ok/);
    expect(await out('/tool romon set enabled=yes; /tool romon ping 00:11:22:33:44:55 count=2')).toMatch(/timeout\r\n.*timeout\r\n +sent=2 received=0 packet-loss=100%/s);
    if (version === '7.20.5') expect(await out('/ip route check 192.168.88.77 once')).toMatch(/status: ok\r\n[\s\S]*interface: bridge/);
    const session = await SshSession.connect(sim.fleet.devices[0].sshPort, { password: 'admin' });
    const prompt = await session.exec('/system device-mode update mode=home activation-timeout=10s', 20_000).finally(() => session.close());
    expect(prompt.output).toContain('update: please activate by turning power off or pressing reset or mode button in 10s');
    expect(prompt.output).toContain('failure: update canceled, not activated in time');
  }, 30_000);

  it('7.20 recursive-print: every printable menu under its own, REST and console', async () => {
    if (version !== '7.20.5') return;
    const rows = (await post('/user/recursive-print', {})).body as Row[];
    expect(rows.find((r) => r['.menu'] === '/user' && r['name'] === 'admin')).toBeDefined();
    expect(rows.some((r) => r['.menu'] === '/user/group' && r['name'] === 'full')).toBe(true);
    expect(rows.every((r) => r['.menu'] === '/user' || r['.menu'].startsWith('/user/'))).toBe(true);
    expect(rows.some((r) => 'password' in r)).toBe(false);
    const text = await out('/user recursive-print');
    expect(text).toMatch(/^\/user\r\n/);
    expect(text).toContain('/user group\r\n');
  });

  it('7.20 safe mode over REST: a request is a session that ends normally, keeping its changes', async () => {
    if (version !== '7.20.5') return;
    expect((await post('/safe-mode/take', {})).status).toBe(200);
    expect((await post('/safe-mode/unroll', {})).status).toBe(200);
    expect((await post('/safe-mode/release', {})).status).toBe(200);
    expect((await post('/safe-mode/toggle', {})).status).toBe(200);
    // The console's own session still takes it.
    expect(await out('/safe-mode/take; /safe-mode/release')).toBe('');
  });
});
