import { oneDevice } from './one-device';
import { call } from './rest-client';

type Row = Record<string, string>;

// Issue 23: monitors of links the simulator never brings up (PPP-family tunnels, VPLS, LTE, Wi-Fi) answer the state of
// a link that is down, and RADIUS, proxy and NTP monitors counters that never moved; the scripting language's and the
// terminal's commands are refused over REST as console-only.
describe.each(['7.15.3', '7.20.5'])('RouterOS %s link monitors and console-only commands', (version) => {
  const sim = oneDevice(version);
  const post = (path: string, body: unknown) => sim.rest('POST', path, body);
  const detail = async (path: string, body: unknown) => ((await post(path, body)).body as { detail?: string }).detail;

  it('REST: a PPPoE client never connects (disconnected, disabled when disabled); items are checked first', async () => {
    expect((await sim.rest('PUT', '/interface/pppoe-client', { name: 'isp', interface: 'ether2', user: 'isp', password: 'secret' })).status).toBe(201);
    expect(await post('/interface/pppoe-client/monitor', { numbers: 'isp', once: '' })).toMatchObject({ status: 200, body: [{ status: 'disconnected' }] });
    expect((await post('/interface/pppoe-client/disable', { numbers: 'isp' })).status).toBe(200);
    expect((await post('/interface/pppoe-client/monitor', { numbers: 'isp', once: '' })).body).toEqual([{ status: 'disabled' }]);
    expect(await detail('/interface/pppoe-client/monitor', { once: '' })).toBe('missing value for numbers');
    expect(await detail('/interface/pppoe-client/monitor', { numbers: 'nope', once: '' })).toBe('no such item');
    expect(await detail('/interface/l2tp-client/monitor', { numbers: 'isp', colour: 'x' })).toBe('unknown parameter colour');
    // Without once or duration it runs until the client gives up.
    await expect(call(sim.fleet.devices[0].restUrl, 'POST', '/interface/pppoe-client/monitor', { body: { numbers: 'isp' }, timeoutMs: 500 })).rejects.toThrow();
  });

  it('REST: RADIUS incoming, web proxy and NTP peers monitors', async () => {
    expect((await post('/radius/incoming/monitor', { once: '' })).body).toEqual([{ requests: '0', 'bad-requests': '0', acks: '0', naks: '0' }]);
    const [proxy] = (await post('/ip/proxy/monitor', { once: '' })).body as Row[];
    expect(proxy).toMatchObject({ status: 'stopped', requests: '0', hits: '0' });
    expect(await post('/system/ntp/monitor-peers', { duration: '1s' })).toMatchObject({ status: 200, body: [] });
  });

  it('console: a link monitor prints name: value lines once', async () => {
    expect((await sim.ssh('/interface pppoe-client add name=isp interface=ether2 user=isp password=secret')).code).toBe(0);
    expect((await sim.ssh('/interface pppoe-client monitor isp once')).output).toMatch(/^ *status: disconnected\r\n/);
    expect((await sim.ssh('/radius incoming monitor once')).output).toMatch(/requests: 0/);
    expect((await sim.ssh('/interface pppoe-client monitor nope once')).output).toContain('no such item');
  });

  it('REST: the scripting language and the terminal are console-only; /execute runs the same script', async () => {
    expect(await detail('/put', { message: 'hi' })).toBe('failure: :put is a scripting command, which the API does not run (use /execute)');
    expect(await detail('/len', { value: 'abc' })).toBe('failure: :len is a scripting command, which the API does not run (use /execute)');
    expect(await detail('/len', { colour: 'x' })).toBe('unknown parameter colour');
    expect(await detail('/terminal/inkey', {})).toBe('failure: /terminal/inkey needs an interactive terminal');
    expect(await detail('/ip/hotspot/setup', {})).toBe('failure: /ip/hotspot/setup needs an interactive terminal');
    expect(await detail('/system/serial-terminal', { port: 'serial0' })).toBe('failure: /system/serial-terminal needs an interactive terminal');
    expect(await post('/execute', { script: ':put [:len "abc"]', 'as-string': '' })).toMatchObject({ status: 200, body: { ret: expect.stringContaining('3') } });
  });
});

// Issue 23: commands that reach another host fail as a router whose connection gets no answer (the simulator
// emulates no server beyond the device): routed as /ping routes, a routed target times out.
describe.each(['7.15.3', '7.20.5'])('RouterOS %s commands that reach out', (version) => {
  const sim = oneDevice(version);
  const detail = async (path: string, body: unknown) => ((await sim.rest('POST', path, body)).body as { detail?: string }).detail;

  it('REST: fetch, e-mail, bandwidth test, SNMP and SSH fail with the reason; arguments are checked first', async () => {
    // 192.168.88.77 is on the LAN's connected network: routed, but no server answers.
    expect(await detail('/tool/fetch', { url: 'https://192.168.88.77/x.rsc' })).toBe('failure: connection to 192.168.88.77:443 failed: connection timed out');
    expect(await detail('/tool/fetch', { url: 'ftp://192.168.88.77:2121/x' })).toBe('failure: connection to 192.168.88.77:2121 failed: connection timed out');
    expect(await detail('/tool/fetch', { url: 'gopher://x' })).toBe('invalid value of url: gopher://x');
    expect(await detail('/tool/fetch', {})).toBe('missing value for address');
    expect(await detail('/tool/bandwidth-test', { address: '192.168.88.77' })).toBe('failure: connection to 192.168.88.77:2000 failed: connection timed out');
    expect(await detail('/tool/snmp-get', { address: '192.168.88.77', oid: '1.3.6.1.2.1.1.1.0' })).toBe('failure: connection to 192.168.88.77:161 failed: connection timed out');
    expect(await detail('/system/ssh-exec', { address: '192.168.88.77', command: '/system identity print' })).toBe('failure: connection to 192.168.88.77:22 failed: connection timed out');
    expect(await detail('/tool/e-mail/send', { subject: 'x' })).toBe('missing value for to');
    expect(await detail('/tool/e-mail/send', { to: 'a@example.com' })).toBe('failure: no e-mail server configured');
    // Without a route (the DHCP client's lease, and with it the default route, given up) the reason is the route's.
    const [client] = (await sim.rest('GET', '/ip/dhcp-client')).body as Record<string, string>[];
    expect((await sim.rest('POST', '/ip/dhcp-client/release', { numbers: client['.id'] })).status).toBe(200);
    expect(await detail('/tool/fetch', { url: 'http://203.0.113.9/' })).toBe('failure: connection to 203.0.113.9:80 failed: no route to host');
    expect(await detail('/tool/fetch', { url: 'http://example.com/' })).toBe('failure: dns server failure');
  });

  it('flood ping: a summary of the packets as /ping answers them; no route answers none', async () => {
    const [near] = (await sim.rest('POST', '/tool/flood-ping', { address: '192.168.88.1', count: '50', once: '' })).body as Record<string, string>[];
    expect(near).toMatchObject({ sent: '50', received: '50', 'min-rtt': expect.any(String), 'max-rtt': expect.any(String) });
    expect(await detail('/tool/flood-ping', { count: '5' })).toBe('missing value for address');
    expect(await detail('/tool/flood-ping', { address: '192.168.88.1', count: '0' })).toBe('invalid value of count: 0');
    const [client] = (await sim.rest('GET', '/ip/dhcp-client')).body as Record<string, string>[];
    expect((await sim.rest('POST', '/ip/dhcp-client/release', { numbers: client['.id'] })).status).toBe(200);
    expect((await sim.rest('POST', '/tool/flood-ping', { address: '203.0.113.9', count: '5' })).body).toEqual([{ sent: '5', received: '0' }]);
    expect((await sim.ssh('/tool flood-ping 192.168.88.1 count=3 once')).output).toMatch(/sent: 3\r\n *received: 3/);
  });

  it('console: /tool fetch and /system ssh take the target as their first word', async () => {
    expect((await sim.ssh('/tool fetch http://192.168.88.77/x')).output).toContain('failure: connection to 192.168.88.77:80 failed: connection timed out');
    expect((await sim.ssh('/system telnet 192.168.88.77')).output).toContain('failure: connection to 192.168.88.77:23 failed: connection timed out');
  });
});
