import { Fleet, startFleet } from '../src';
import { call } from './rest-client';
import { sshOnce } from './ssh-client';
import { until } from './until';

// mixed: device 0 home, 1 edge, 2 chr, 3 legacy-ap
let fleet: Fleet;
beforeAll(async () => (fleet = await startFleet({ devices: 4, profile: 'mixed' })));
afterAll(() => fleet.stop());
afterEach(() => fetch(`${fleet.control.url}/reset`, { method: 'POST' }));

const url = (i: number) => fleet.devices[i].restUrl;
const identity = (i: number, timeoutMs = 2000) => call(url(i), 'GET', '/system/identity', { timeoutMs });
const ssh = (i: number, command = '/system/resource/print') => sshOnce(fleet.devices[i].sshPort, command, { password: 'admin' });
async function faults(i: number, body?: Record<string, unknown>): Promise<any> {
  const res = await fetch(`${fleet.control.url}/devices/${i}/faults`, { method: body ? 'PUT' : 'DELETE', body: body ? JSON.stringify(body) : undefined });
  return { status: res.status, body: await res.json() };
}
const described = async (i: number) => ((await (await fetch(`${fleet.control.url}/devices`)).json()) as any[])[i];

describe('identity faults', () => {
  it('a changed TLS certificate is presented to new connections and reported; clearing it restores the original', async () => {
    const original = fleet.devices[0].keys.tlsFingerprint;
    await faults(0, { tlsCertificateChanged: true });
    const changed = await identity(0);
    expect(changed.certificate).not.toBe(original);
    expect(changed.certificate).toBe((await described(0)).tls_fingerprint_sha256);
    await faults(0);
    expect((await identity(0)).certificate).toBe(original);
  });

  it('a changed SSH host key is presented and reported; REST keeps its certificate', async () => {
    const original = fleet.devices[1].keys.sshHostKeyFingerprint;
    const tls = fleet.devices[1].keys.tlsFingerprint;
    await faults(1, { sshHostKeyChanged: true });
    const { hostKey } = await ssh(1);
    expect(hostKey).not.toBe(original);
    expect(hostKey).toBe((await described(1)).ssh_host_key_sha256);
    expect((await identity(1)).certificate).toBe(tls);
    await faults(1);
    expect((await ssh(1)).hostKey).toBe(original);
  });
});

describe('availability faults', () => {
  it('refuse closes SSH as well as REST', async () => {
    await faults(2, { refuse: true });
    await expect(identity(2)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await expect(ssh(2)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await faults(2);
    expect((await ssh(2)).code).toBe(0);
  });

  it('flapping alternates between refused and answering', async () => {
    await faults(2, { flapPeriodMs: 150 });
    const outcomes = new Set<string>();
    const unexpected: string[] = [];
    // A request caught by a flip while in flight is cut (reset, or stalled past its timeout on a loaded machine):
    // neither state, so it is skipped. The bound is generous
    // for a loaded machine; the loop ends as soon as both states were seen.
    const end = Date.now() + 20_000;
    while (Date.now() < end && outcomes.size < 2) {
      const outcome = await identity(2).then(() => 'up', (e) => (e.code === 'ECONNREFUSED' ? 'down' : ['ECONNRESET', 'EPIPE'].includes(e.code) || e.message === 'client timeout' ? 'cut' : String(e.code ?? e.message)));
      if (outcome === 'up' || outcome === 'down') outcomes.add(outcome);
      else if (outcome !== 'cut') unexpected.push(outcome);
      await new Promise((r) => setTimeout(r, 40));
    }
    expect(unexpected).toEqual([]);
    expect([...outcomes].sort()).toEqual(['down', 'up']);
  });

  it('counts a request its client gave up on before the answer as abandoned, and an answered one not', async () => {
    const stats = async () => ((await (await fetch(`${fleet.control.url}/devices/1/state`)).json()) as { rest_stats: { abandoned: number; inFlight: number } }).rest_stats;
    expect((await identity(1)).status).toBe(200);
    expect(await stats()).toMatchObject({ abandoned: 0 });
    await faults(1, { latencyMs: 30_000 });
    // The client hangs up long before the device would answer.
    await expect(identity(1, 300)).rejects.toThrow('client timeout');
    await until(async () => (await stats()).abandoned === 1 && (await stats()).inFlight === 0);
  });

  it('slow export delays SSH /export and REST export, and nothing else', async () => {
    await faults(0, { slowExportMs: 1500 });
    // Other commands start after the export and finish long before it.
    const exportDone = ssh(0, '/export').then(() => Date.now());
    const printDone = ssh(0, '/system/resource/print').then(() => Date.now());
    const started = Date.now();
    const [exported, printed] = await Promise.all([exportDone, printDone]);
    expect(exported - started).toBeGreaterThanOrEqual(1450);
    expect(printed).toBeLessThan(exported);
    const restStart = Date.now();
    expect((await call(url(0), 'POST', '/export', { body: { file: 'slow' } })).status).toBe(200);
    expect(Date.now() - restStart).toBeGreaterThanOrEqual(1450);
  });

  it.each([
    [{ hang: 'yes' }, /fault hang: expected true or false/],
    [{ latencyMs: -5 }, /fault latencyMs: expected whole milliseconds/],
    [{ serverError: '' }, /fault serverError/],
  ])('rejects a malformed fault %j and keeps the device as it was', async (body, message) => {
    const reply = await faults(0, body);
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatch(message);
    expect((await identity(0)).status).toBe(200);
  });
});

describe('export to a file', () => {
  it('writes NAME.rsc into /file with the current configuration', async () => {
    await call(url(0), 'POST', '/system/identity/set', { body: { name: 'exported-name' } });
    expect(await call(url(0), 'POST', '/export', { body: { file: 'cfg', verbose: '', 'show-sensitive': '' } })).toMatchObject({ status: 200, body: [] });
    const files = (await call(url(0), 'GET', '/file')).body as any[];
    const file = files.find((f) => f.name === 'cfg.rsc');
    expect(file).toMatchObject({ type: 'script' });
    expect(file.contents).toContain('set name=exported-name');
    expect(file.contents).toContain('.passphrase=factory-wifi-key');
    expect(Number(file.size)).toBe(Buffer.byteLength(file.contents));
  });

  it('rejects unknown export arguments and unsafe names', async () => {
    expect(await call(url(0), 'POST', '/export', { body: { colour: 'x' } })).toMatchObject({ status: 400, body: { detail: 'unknown parameter colour' } });
    expect(await call(url(0), 'POST', '/export', { body: { file: '../etc/x' } })).toMatchObject({ status: 400 });
  });
});

describe('legacy wireless (the wireless package)', () => {
  it('serves wireless interfaces and the registration table, accepts its arguments and exports them', async () => {
    const table = (await call(url(3), 'GET', '/interface/wireless/registration-table')).body as any[];
    expect(table.map((r) => r.interface).sort()).toEqual(['wlan1', 'wlan2']);
    expect((await call(url(3), 'GET', '/interface?type=wlan')).body).toHaveLength(2);
    expect((await call(url(3), 'PATCH', '/interface/wireless/wlan1', { body: { ssid: 'Office' } })).status).toBe(200);
    expect(await call(url(3), 'PATCH', '/interface/wireless/wlan1', { body: { passphrase: 'x' } })).toMatchObject({ status: 400, body: { detail: 'unknown parameter passphrase' } });
    expect((await ssh(3, '/export')).output).toContain('set [ find default-name=wlan1 ] ssid=Office');
  });

  it('is absent on devices without the package: the path is read as an interface name, as RouterOS does', async () => {
    expect(await call(url(0), 'GET', '/interface/wireless')).toMatchObject({ status: 404, body: { error: 404, message: 'Not Found' } });
    expect(await call(url(0), 'GET', '/interface/wireless/registration-table')).toMatchObject({ status: 400, body: { detail: 'no such command or directory (registration-table)' } });
  });
});
