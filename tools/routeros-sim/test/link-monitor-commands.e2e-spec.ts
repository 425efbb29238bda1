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
    expect(await post('/execute', { script: ':put [:len "abc"]', 'as-string': '' })).toMatchObject({ status: 200, body: { ret: expect.stringContaining('3') } });
  });
});
