import { oneDevice } from './one-device';
import { call } from './rest-client';

type Row = Record<string, string>;

// Issue 23: `monitor` of the modelled menus (ethernet, bridge, bridge port, bonding, system resources) answers the
// manual's properties from the live state, once or until stopped, over REST and on the console.
describe.each(['7.15.3', '7.20.5'])('RouterOS %s monitors', (version) => {
  const sim = oneDevice(version);
  const post = (path: string, body: unknown) => sim.rest('POST', path, body);
  const ssh = async (command: string) => (await sim.ssh(command)).output;

  it('REST: /interface/ethernet/monitor once follows the link; refuses a missing or unknown port', async () => {
    expect(await post('/interface/ethernet/monitor', { numbers: 'ether1', once: '' })).toMatchObject({ status: 200, body: [{ name: 'ether1', status: 'link-ok', rate: '1Gbps', 'full-duplex': 'yes' }] });
    expect((await post('/interface/ethernet/monitor', { once: '' })).body).toMatchObject({ detail: 'missing value for numbers' });
    expect((await post('/interface/ethernet/monitor', { numbers: 'ether99', once: '' })).body).toMatchObject({ detail: 'no such item' });
    expect((await sim.rest('PATCH', '/interface/ethernet/ether1', { disabled: 'true' })).status).toBe(200);
    expect((await post('/interface/ethernet/monitor', { numbers: 'ether1', once: '' })).body).toEqual([{ name: 'ether1', status: 'no-link', 'auto-negotiation': 'incomplete' }]);
    // Cable test: a port with a link is link-ok; without one, each pair's state.
    expect((await post('/interface/ethernet/cable-test', { numbers: 'ether1', once: '' })).body).toEqual([{ name: 'ether1', status: 'no-link', 'cable-pairs': 'open:4,open:4,open:4,open:4' }]);
    expect((await post('/interface/ethernet/cable-test', { numbers: 'ether2', once: '' })).body).toEqual([{ name: 'ether2', status: 'link-ok' }]);
  });

  it('REST: bridge and bridge-port monitors, system resource monitor; without once a monitor runs until stopped', async () => {
    const [bridge] = (await sim.rest('GET', '/interface/bridge')).body as Row[];
    const ports = ((await sim.rest('GET', '/interface/bridge/port')).body as Row[]).filter((p) => p['bridge'] === bridge['name']);
    expect((await post('/interface/bridge/monitor', { numbers: bridge['name'], once: '' })).body).toMatchObject([{ state: 'enabled', 'root-bridge': 'yes', 'port-count': String(ports.length) }]);
    expect((await post('/interface/bridge/port/monitor', { numbers: ports[0]['.id'], once: '' })).body).toMatchObject([{ interface: ports[0]['interface'], status: 'in-bridge', role: 'designated-port', forwarding: 'yes' }]);
    const [sample] = (await post('/system/resource/monitor', { once: '' })).body as Row[];
    expect(Number(sample['cpu-used'])).toBeGreaterThanOrEqual(0);
    expect(Number(sample['free-memory'])).toBeGreaterThan(0);
    // Without once or duration it streams until the client gives up, as RouterOS's does.
    await expect(call(sim.fleet.devices[0].restUrl, 'POST', '/system/resource/monitor', { body: {}, timeoutMs: 500 })).rejects.toThrow();
  });

  it('console: monitors print name: value lines once', async () => {
    expect(await ssh('/interface ethernet monitor ether1 once')).toMatch(/^ +name: ether1\r\n +status: link-ok\r\n/);
    expect(await ssh('/system resource monitor once')).toMatch(/cpu-used: \d+/);
    expect(await ssh('/interface ethernet cable-test ether2 once')).toMatch(/status: link-ok/);
    expect(await ssh('/interface ethernet monitor ether99 once')).toContain('no such item');
  });

  it('a read-only user may monitor (the read policy), as it may print', async () => {
    expect((await sim.rest('PUT', '/user', { name: 'viewer', group: 'read', password: 'Viewer-pass-1' })).status).toBe(201);
    const reply = await call(sim.fleet.devices[0].restUrl, 'POST', '/interface/ethernet/monitor', { body: { numbers: 'ether1', once: '' }, auth: 'viewer:Viewer-pass-1' });
    expect(reply).toMatchObject({ status: 200, body: [{ name: 'ether1' }] });
  });
});
