import { Fleet, startFleet } from '../src';
import { call } from './rest-client';
import { until } from './until';
import { sshOnce, SshSession } from './ssh-client';

// mixed: device 0 home, 1 edge, 2 chr, 3 legacy-ap
let fleet: Fleet;
beforeAll(async () => (fleet = await startFleet({ devices: 4, profile: 'mixed', users: [{ name: 'admin', password: 'admin', group: 'full' }], safeModeRevertMs: 300 })));
afterAll(() => fleet.stop());
afterEach(() => fetch(`${fleet.control.url}/reset`, { method: 'POST' }));

const url = (i: number) => fleet.devices[i].restUrl;
const identity = (i: number, timeoutMs = 600) => call(url(i), 'GET', '/system/identity', { timeoutMs });
const ssh = (i: number, command = '/system/resource/print') => sshOnce(fleet.devices[i].sshPort, command, { password: 'admin' });
async function control(method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${fleet.control.url}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  return res.json();
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));


describe('management path over real sockets', () => {
  it('removing the managed address over REST leaves new connections hanging; the control API still sees the state and restores it', async () => {
    const addresses = (await call(url(0), 'GET', '/ip/address')).body as any[];
    const managed = addresses.find((a) => a.address === '192.168.88.1/24');
    expect((await call(url(0), 'DELETE', `/ip/address/${managed['.id']}`)).status).toBe(204);

    await expect(identity(0)).rejects.toThrow(/client timeout/);
    const state = await control('GET', '/devices/0/state');
    expect(state.management.rest).toEqual({ verdict: 'timeout', reason: 'address 192.168.88.1 is no longer on the device' });
    expect(state.config['ip/address']).toEqual([]);

    const restored = await control('POST', '/devices/0/config', { action: 'add', path: '/ip/address', props: { address: '192.168.88.1/24', interface: 'bridge' } });
    expect(restored.management.rest).toEqual({ verdict: 'ok' });
    expect((await identity(0)).status).toBe(200);
  });

  it('disabling www-ssl refuses new REST connections while SSH keeps working', async () => {
    expect((await call(url(0), 'PATCH', '/ip/service/www-ssl', { body: { disabled: 'yes' } })).status).toBe(200);
    await until(async () => !(await control('GET', '/devices/0/state')).management.rest_listening);
    await expect(identity(0)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect((await ssh(0)).code).toBe(0);
    await control('POST', '/devices/0/config', { action: 'set', path: 'ip/service', id: 'www-ssl', props: { disabled: 'no' } });
    expect((await identity(0)).status).toBe(200);
  });

  it('disabling ssh refuses SSH while REST keeps working', async () => {
    await call(url(2), 'PATCH', '/ip/service/ssh', { body: { disabled: 'yes' } });
    await until(async () => !(await control('GET', '/devices/2/state')).management.ssh_listening);
    await expect(ssh(2)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect((await identity(2)).status).toBe(200);
  });

  it('an input drop placed first cuts both services; a drop that does not match the client does not', async () => {
    const harmless = await call(url(1), 'PUT', '/ip/firewall/filter', { body: { chain: 'input', action: 'drop', 'src-address': '192.0.2.0/24', 'place-before': '*1' } });
    expect(harmless.status).toBe(201);
    expect((await identity(1)).status).toBe(200);
    await call(url(1), 'PUT', '/ip/firewall/filter', { body: { chain: 'input', action: 'drop', 'src-address-list': 'mgmt-allowed', 'place-before': '*1' } });
    await expect(identity(1)).rejects.toThrow(/client timeout/);
    await expect(sshOnce(fleet.devices[1].sshPort, '/export', { password: 'admin' }).catch((e: Error) => Promise.reject(e))).rejects.toThrow(/timed out/i);
    const state = await control('GET', '/devices/1/state');
    expect(state.management.ssh.reason).toMatch(/input rule \*\w+ drops the connection/);
  }, 30_000);

  it('disabling the client bridge port, or the route back, is a lock-out too', async () => {
    const ports = (await call(url(3), 'GET', '/interface/bridge/port?interface=ether2')).body as any[];
    await call(url(3), 'PATCH', `/interface/bridge/port/${ports[0]['.id']}`, { body: { disabled: 'yes' } });
    await expect(identity(3)).rejects.toThrow(/client timeout/);

    const routes = (await call(url(1), 'GET', '/ip/route?comment=internal')).body as any[];
    await call(url(1), 'DELETE', `/ip/route/${routes[0]['.id']}`);
    await expect(identity(1)).rejects.toThrow(/client timeout/);
  });
});

describe('safe mode over SSH (7.18 and later)', () => {
  it('undoes a lock-out made over REST once the device notices the holding session is cut, without the client closing it', async () => {
    const session = await SshSession.connect(fleet.devices[0].sshPort, { password: 'admin' });
    try {
      expect(await session.exec('/safe-mode/take')).toEqual({ output: '', code: 0 });
      const managed = ((await call(url(0), 'GET', '/ip/address')).body as any[])[0];
      await call(url(0), 'DELETE', `/ip/address/${managed['.id']}`);
      // The device's TCP gives up on the cut session (safeModeRevertMs stands for its timeout) and undoes the change.
      await until(async () => (await identity(0, 2000)).status === 200);
      expect(((await call(url(0), 'GET', '/ip/address?dynamic=false')).body as any[]).map((a) => a.address)).toEqual(['192.168.88.1/24']);
      expect((await control('GET', '/devices/0/state')).management.safe_mode_holder).toBeNull();
    } finally {
      session.close();
    }
  });

  it('undoes the changes of a session that closes while holding safe mode', async () => {
    const session = await SshSession.connect(fleet.devices[0].sshPort, { password: 'admin' });
    await session.exec('/safe-mode/take');
    await call(url(0), 'POST', '/system/identity/set', { body: { name: 'temporary' } });
    expect((await control('GET', '/devices/0/state')).management.safe_mode_holder).not.toBeNull();
    session.close();
    await until(async () => ((await identity(0)).body as any).name === 'sim-home-001');
    expect((await control('GET', '/devices/0/state')).management.safe_mode_holder).toBeNull();
  });

  it('release keeps the changes; unroll undoes them; a second session cannot take it', async () => {
    const a = await SshSession.connect(fleet.devices[2].sshPort, { password: 'admin' });
    const b = await SshSession.connect(fleet.devices[2].sshPort, { password: 'admin' });
    try {
      await a.exec('/safe-mode/take');
      expect(await b.exec('/safe-mode/take')).toMatchObject({ code: 1, output: expect.stringContaining('already taken') });
      await call(url(2), 'POST', '/system/identity/set', { body: { name: 'undone' } });
      await a.exec('/safe-mode/unroll');
      expect(((await identity(2)).body as any).name).toBe('sim-chr-003');
      await call(url(2), 'POST', '/system/identity/set', { body: { name: 'kept' } });
      await a.exec('/safe-mode/release');
    } finally {
      a.close();
      b.close();
    }
    await sleep(500);
    expect(((await identity(2)).body as any).name).toBe('kept');
  });

  it('does not exist before 7.18', async () => {
    const old = await startFleet({ devices: 1, version: '7.15.3', profile: 'chr' });
    try {
      const result = await sshOnce(old.devices[0].sshPort, '/safe-mode/take', { password: 'admin' });
      expect(result).toMatchObject({ code: 1, output: expect.stringContaining('bad command name safe-mode') });
    } finally {
      await old.stop();
    }
  });
});
