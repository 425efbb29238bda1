import { Fleet, startFleet } from '../src';
import { call } from './rest-client';
import { SshSession } from './ssh-client';

// Faults that strike during a change: the connection drops mid-change, a write does not stick, the device freezes.
let fleet: Fleet;
beforeAll(async () => (fleet = await startFleet({ devices: 2, profile: 'mixed', version: '7.20.5', safeModeRevertMs: 200 })));
afterAll(() => fleet.stop());
afterEach(() => fetch(`${fleet.control.url}/reset`, { method: 'POST' }));

const url = (i: number) => fleet.devices[i].restUrl;
const identity = (i: number, timeoutMs = 3000) => call(url(i), 'GET', '/system/identity', { timeoutMs });
const setIdentity = (i: number, name: string, timeoutMs = 3000) => call(url(i), 'POST', '/system/identity/set', { body: { name }, timeoutMs });
async function control(method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${fleet.control.url}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}
const configured = async (i: number) => (await control('GET', `/devices/${i}/state`)).body.config['system/identity'][0].name as string;

async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not reached');
}

describe('dropConnectionsAfterWrites', () => {
  it('answers the writes before the Nth, then applies the Nth and drops every REST and SSH connection before answering it', async () => {
    const ssh = await SshSession.connect(fleet.devices[1].sshPort, { password: 'admin' });
    expect((await control('PUT', '/devices/1/faults', { dropConnectionsAfterWrites: 2 })).status).toBe(200);
    expect((await setIdentity(1, 'first')).status).toBe(200);
    await expect(setIdentity(1, 'second')).rejects.toThrow(/socket hang up|ECONNRESET/);
    await expect(ssh.exec('/system/identity/print', 2000)).rejects.toThrow();
    // The write happened; only its answer was lost. The fault fired once and is gone.
    expect(await configured(1)).toBe('second');
    expect((await control('GET', '/devices/1/state')).body.faults).toEqual({});
    expect((await setIdentity(1, 'third')).status).toBe(200);
  });

  it('drops a safe-mode SSH session too, so the device undoes the change by itself', async () => {
    const ssh = await SshSession.connect(fleet.devices[1].sshPort, { password: 'admin' });
    expect(await ssh.exec('/safe-mode/take')).toEqual({ output: '', code: 0 });
    await control('PUT', '/devices/1/faults', { dropConnectionsAfterWrites: 1 });
    await expect(setIdentity(1, 'cut mid-change')).rejects.toThrow(/socket hang up|ECONNRESET/);
    await until(async () => (await configured(1)) === 'sim-edge-002');
    expect((await control('GET', '/devices/1/state')).body.management.safe_mode_holder).toBeNull();
  });

  it('refuses a count that is not a whole number of writes', async () => {
    expect((await control('PUT', '/devices/1/faults', { dropConnectionsAfterWrites: 0 })).body.error).toMatch(/whole number of writes/);
  });
});

describe('writesDoNotStick', () => {
  it('answers writes as successes while the configuration stays as it was, until cleared', async () => {
    await control('PUT', '/devices/0/faults', { writesDoNotStick: true });
    expect((await setIdentity(0, 'lost')).status).toBe(200);
    const added = await call(url(0), 'PUT', '/ip/firewall/address-list', { body: { list: 'mcp-x', address: '192.0.2.1' } });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ list: 'mcp-x', address: '192.0.2.1' });
    expect(((await identity(0)).body as Record<string, string>)['name']).toBe('sim-home-001');
    expect((await call(url(0), 'GET', '/ip/firewall/address-list')).body).toEqual([]);
    // Refusals are still refusals.
    expect((await call(url(0), 'PUT', '/ip/firewall/filter', { body: { chain: 'input', action: 'allow' } })).status).toBe(400);
    await control('DELETE', '/devices/0/faults');
    await setIdentity(0, 'kept');
    expect(((await identity(0)).body as Record<string, string>)['name']).toBe('kept');
  });
});

describe('freezeAfterWrite', () => {
  it('applies the next write, then answers nothing on any service, open or new connection, until cleared', async () => {
    const ssh = await SshSession.connect(fleet.devices[0].sshPort, { password: 'admin' });
    try {
      await control('PUT', '/devices/0/faults', { freezeAfterWrite: true });
      expect((await identity(0)).status).toBe(200); // reads do not trigger it
      await expect(setIdentity(0, 'frozen', 1000)).rejects.toThrow('client timeout');
      const state = (await control('GET', '/devices/0/state')).body;
      expect(state.frozen).toBe(true);
      expect(state.config['system/identity'][0].name).toBe('frozen');
      await expect(identity(0, 800)).rejects.toThrow('client timeout');
      await expect(ssh.exec('/system/identity/print', 800)).rejects.toThrow(/no answer/);
      await expect(SshSession.connect(fleet.devices[0].sshPort, { password: 'admin', timeoutMs: 800 })).rejects.toThrow(/timed out/i);
    } finally {
      ssh.close();
    }
    await control('DELETE', '/devices/0/faults');
    expect((await control('GET', '/devices/0/state')).body.frozen).toBe(false);
    expect(((await identity(0)).body as Record<string, string>)['name']).toBe('frozen');
  }, 60_000);
});
