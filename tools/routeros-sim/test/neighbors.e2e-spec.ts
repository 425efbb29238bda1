import { Fleet, startFleet } from '../src';
import { call } from './rest-client';
import { sshOnce } from './ssh-client';

// Issue 23: /ip/neighbor over REST and the SSH console. Neighbours are the fleet's other devices, so this spec starts
// two (a home router cabled to an edge router) rather than the one of test/one-device.ts.
describe.each(['7.15.3', '7.20.5'])('RouterOS %s /ip/neighbor', (version) => {
  let fleet: Fleet;
  beforeAll(async () => (fleet = await startFleet({ devices: 2, version, profile: 'mixed' })));
  afterAll(() => fleet.stop());
  afterEach(() => fetch(`${fleet.control.url}/reset`, { method: 'POST' }));

  const rest = (device: number, method: string, path: string, body?: unknown) => call(fleet.devices[device].restUrl, method, path, { body });
  const ssh = async (device: number, command: string) => (await sshOnce(fleet.devices[device].sshPort, command, { password: 'admin' })).output;
  const neighbors = async (device: number) => (await rest(device, 'GET', '/ip/neighbor')).body as Record<string, string>[];

  it('REST: each device sees the other with its current identity; read-only; discovery settings can hide it', async () => {
    const [home] = await neighbors(0);
    expect(home).toMatchObject({ interface: 'ether2,bridge', identity: 'sim-edge-002', platform: 'MikroTik', version: `${version} (stable)`, board: 'CCR2004-16G-2S+', 'interface-name': 'ether1', dynamic: 'true' });
    expect((await neighbors(1))[0]).toMatchObject({ interface: 'ether1', identity: 'sim-home-001', 'interface-name': 'bridge/ether2', address: '192.168.88.1' });
    await rest(1, 'POST', '/system/identity/set', { name: 'core-1' });
    expect((await neighbors(0))[0]['identity']).toBe('core-1');
    expect((await rest(0, 'PUT', '/ip/neighbor', { identity: 'x' })).status).toBe(400);
    expect(((await rest(0, 'POST', '/ip/neighbor/discovery-settings/set', { 'discover-interface-list': 'nope' })).body as { detail: string }).detail).toBe('input does not match any value of discover-interface-list');
    expect((await rest(0, 'POST', '/ip/neighbor/discovery-settings/set', { 'discover-interface-list': 'WAN' })).status).toBe(200);
    expect(await neighbors(0)).toEqual([]);
  });

  it('console: print lists the neighbour; mode rx-only on one side hides it from the other', async () => {
    expect(await ssh(0, '/ip neighbor print')).toMatch(/ether2,bridge\s+\S*\s+48:A9:8A:\S+\s+sim-edge-002/);
    expect(await ssh(0, '/ip neighbor discovery-settings set mode=rx-only')).toBe('');
    expect(await neighbors(1)).toEqual([]);
    expect(await neighbors(0)).toHaveLength(1);
    expect(await ssh(0, '/ip neighbor discovery-settings set mode=both')).toContain('input does not match any value of mode');
    expect(await ssh(0, '/export')).toMatch(/\/ip neighbor discovery-settings\r\nset mode=rx-only\r\n/);
  });
});
