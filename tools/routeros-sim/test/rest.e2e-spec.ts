import { Fleet, startFleet } from '../src';
import { call } from './rest-client';

let fleet: Fleet;
let url: string;
beforeAll(async () => {
  fleet = await startFleet({ devices: 2, profile: 'home', users: [{ name: 'admin', password: 'admin', group: 'full' }, { name: 'reader', password: 'r', group: 'read' }], requestTimeoutMs: 400 });
  url = fleet.devices[0].restUrl;
});
afterAll(() => fleet.stop());
afterEach(async () => {
  await fetch(`${fleet.control.url}/reset`, { method: 'POST' });
});

describe('REST over HTTPS, as RouterOS v7 answers it', () => {
  it('presents the certificate whose fingerprint it reported, different per device', async () => {
    const reply = await call(url, 'GET', '/system/identity');
    expect(reply.certificate).toBe(fleet.devices[0].keys.tlsFingerprint);
    expect(fleet.devices[0].keys.tlsFingerprint).not.toBe(fleet.devices[1].keys.tlsFingerprint);
    expect(fleet.devices[0].keys.tlsFingerprint).toMatch(/^SHA256:([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(fleet.devices[0].keys.sshHostKeyFingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
  });

  it.each([
    // The LAN address and the WAN DHCP client's dynamic lease.
    ['a menu as an array', 'GET', '/ip/address', undefined, 200, (b: unknown) => Array.isArray(b) && (b as object[]).length === 2],
    ['a row by id', 'GET', '/ip/address/*1', undefined, 200, (b: any) => b['.id'] === '*1' && b.network === '192.168.88.0'],
    ['a row by name', 'GET', '/interface/ether1', undefined, 200, (b: any) => b.type === 'ether' && b['default-name'] === 'ether1'],
    ['a singleton as an object', 'GET', '/system/identity', undefined, 200, (b: any) => b.name === 'sim-home-001'],
    ['string values only, keys sorted', 'GET', '/system/resource', undefined, 200, (b: any) => Object.values(b).every((v) => typeof v === 'string') && JSON.stringify(Object.keys(b)) === JSON.stringify(Object.keys(b).sort())],
    ['a query-string filter', 'GET', '/interface?type=wifi', undefined, 200, (b: any) => b.length === 3],
    ['.proplist on GET', 'GET', '/interface?.proplist=name,type', undefined, 200, (b: any) => Object.keys(b[0]).join() === 'name,type'],
    ['print with .proplist and .query', 'POST', '/interface/print', { '.proplist': ['name'], '.query': ['type=ether', 'name=ether1', '#&'] }, 200, (b: any) => JSON.stringify(b) === '[{"name":"ether1"}]'],
    ['an unknown id', 'GET', '/ip/address/*77', undefined, 404, (b: any) => JSON.stringify(b) === '{"error":404,"message":"Not Found"}'],
    ['an unknown path', 'GET', '/ip/adress', undefined, 400, (b: any) => b.detail === 'no such command or directory (adress)'],
    ['an unknown parameter', 'PUT', '/ip/address', { address: '10.0.0.1/24', interface: 'ether2', colour: 'x' }, 400, (b: any) => b.detail === 'unknown parameter colour' && b.message === 'Bad Request'],
    ['a bad value', 'PATCH', '/ip/address/*1', { disabled: 'perhaps' }, 400, (b: any) => b.detail === 'invalid value of disabled: perhaps'],
    ['malformed JSON', 'PUT', '/ip/pool', '{"name":', 400, (b: any) => b.detail === 'JSON parsing error'],
    ['removing a built-in', 'DELETE', '/interface/wifi/wifi1', undefined, 406, (b: any) => b.error === 406],
    ['a command that does not exist', 'POST', '/ip/address/frobnicate', {}, 400, (b: any) => b.detail === 'no such command or directory (frobnicate)'],
  ])('answers %s', async (_label, method, path, body, status, check) => {
    const reply = await call(url, method, path, { body });
    expect(reply.status).toBe(status);
    expect(check(reply.body)).toBe(true);
  });

  it('creates with PUT (201, full object), updates with PATCH, deletes with DELETE (empty body)', async () => {
    const created = await call(url, 'PUT', '/ip/address', { body: { address: '10.7.7.1/24', interface: 'ether3', comment: 'lab', disabled: 'no' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ '.id': '*2', address: '10.7.7.1/24', disabled: 'false', network: '10.7.7.0' });
    const patched = await call(url, 'PATCH', '/ip/address/*2', { body: { comment: 'changed' } });
    expect(patched.body).toMatchObject({ '.id': '*2', comment: 'changed', address: '10.7.7.1/24' });
    const deleted = await call(url, 'DELETE', '/ip/address/*2');
    expect([deleted.status, deleted.raw]).toEqual([204, '']);
    expect((await call(url, 'GET', '/ip/address/*2')).status).toBe(404);
  });

  it('runs add, set and remove as POST commands', async () => {
    const added = await call(url, 'POST', '/ip/firewall/address-list/add', { body: { list: 'mcp-test', address: '192.0.2.9' } });
    expect(added.body).toEqual({ ret: '*1' });
    expect((await call(url, 'POST', '/ip/firewall/address-list/set', { body: { '.id': '*1', comment: 'x' } })).body).toEqual([]);
    expect((await call(url, 'GET', '/ip/firewall/address-list/*1')).body).toMatchObject({ comment: 'x', list: 'mcp-test' });
    expect((await call(url, 'POST', '/ip/firewall/address-list/remove', { body: { '.id': '*1' } })).body).toEqual([]);
    expect((await call(url, 'GET', '/ip/firewall/address-list')).body).toEqual([]);
  });

  it('writes singletons with POST …/set', async () => {
    expect((await call(url, 'POST', '/system/identity/set', { body: { name: 'renamed' } })).body).toEqual([]);
    expect((await call(url, 'GET', '/system/identity')).body).toEqual({ name: 'renamed' });
    expect((await call(url, 'POST', '/ip/dns/set', { body: { servers: '192.0.2.53', 'allow-remote-requests': 'yes' } })).status).toBe(200);
    expect((await call(url, 'GET', '/ip/dns')).body).toMatchObject({ servers: '192.0.2.53', 'allow-remote-requests': 'true' });
  });

  it('rejects wrong credentials with 401 and a read-only user’s writes with 400 not enough permissions (9)', async () => {
    const denied = await call(url, 'GET', '/system/identity', { auth: 'admin:nope' });
    expect(denied).toMatchObject({ status: 401, body: { error: 401, message: 'Unauthorized' } });
    expect((await call(url, 'GET', '/system/identity', { auth: 'reader:r' })).status).toBe(200);
    const refused = { status: 400, body: { error: 400, message: 'Bad Request', detail: 'not enough permissions (9)' } };
    expect(await call(url, 'POST', '/system/identity/set', { auth: 'reader:r', body: { name: 'x' } })).toMatchObject(refused);
    expect(await call(url, 'PATCH', '/ip/pool/default-dhcp', { auth: 'reader:r', body: { comment: 'x' } })).toMatchObject(refused);
    expect(await call(url, 'PUT', '/ip/pool', { auth: 'reader:r', body: { name: 'p', ranges: '10.9.9.1-10.9.9.9' } })).toMatchObject(refused);
    // The read group keeps `reboot` (MikroTik manual, User: default groups): a reader may reboot, a group without it may not.
    await call(url, 'PUT', '/user/group', { body: { name: 'no-reboot', policy: 'read,write,rest-api' } });
    await call(url, 'PUT', '/user', { body: { name: 'nr', group: 'no-reboot', password: 'nr' } });
    expect(await call(url, 'POST', '/system/reboot', { auth: 'nr:nr', body: {} })).toMatchObject(refused);
    expect((await call(url, 'POST', '/system/reboot', { auth: 'reader:r', body: {} })).status).toBe(200);
  });

  it('runs commands: ping with count, flush the DNS cache, reboot', async () => {
    const ping = await call(url, 'POST', '/tool/ping', { body: { address: '192.168.88.254', count: '3' } });
    expect((ping.body as object[]).length).toBe(3);
    expect((ping.body as Record<string, string>[])[2]).toMatchObject({ seq: '2', host: '192.168.88.254', received: '3' });
    expect((await call(url, 'GET', '/ip/dns/cache')).body).toHaveLength(1);
    await call(url, 'POST', '/ip/dns/cache/flush', { body: {} });
    expect((await call(url, 'GET', '/ip/dns/cache')).body).toEqual([]);
    await call(url, 'POST', '/ip/address/add', { body: { address: '10.8.8.1/24', interface: 'ether4' } });
    await call(url, 'POST', '/system/reboot', { body: {} });
    expect((await call(url, 'GET', '/system/resource')).body).toMatchObject({ uptime: '0s' });
    expect((await call(url, 'GET', '/ip/address')).body).toHaveLength(3);
  });

  it('closes a request that runs past the timeout with 400 Session closed (ping without count)', async () => {
    const reply = await call(url, 'POST', '/tool/ping', { body: { address: '192.0.2.1' } });
    expect(reply).toMatchObject({ status: 400, body: { error: 400, message: 'Bad Request', detail: 'Session closed' } });
  });

  it('keeps devices independent', async () => {
    await call(url, 'POST', '/system/identity/set', { body: { name: 'only-first' } });
    expect((await call(fleet.devices[1].restUrl, 'GET', '/system/identity')).body).toEqual({ name: 'sim-home-002' });
  });
});

describe('control API and faults', () => {
  const control = (method: string, path: string, body?: unknown) =>
    fetch(`${fleet.control.url}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));

  it('reads a device’s state, including changes made over REST', async () => {
    await call(url, 'POST', '/system/identity/set', { body: { name: 'seen-by-control' } });
    const state = await control('GET', '/devices/0/state');
    expect(state.body.config['system/identity']).toEqual([{ name: 'seen-by-control' }]);
    expect((await control('GET', '/devices')).body).toHaveLength(2);
    expect((await control('GET', '/devices/9/state')).status).toBe(404);
  });

  it.each([
    ['unauthorized', { unauthorized: true }, (r: { status: number }) => r.status === 401],
    ['a RouterOS 500', { serverError: 'failure: out of memory' }, (r: { status: number; body: any }) => r.status === 500 && r.body.detail === 'failure: out of memory'],
    ['invalid JSON with control characters', { invalidJson: true }, (r: { raw: string }) => r.raw.includes('\u0001')],
    ['Session closed after 50 ms', { sessionClosedAfterMs: 50, latencyMs: 120 }, (r: { status: number; body: any }) => r.status === 400 && r.body.detail === 'Session closed'],
  ])('injects %s, and clearing it restores normal answers', async (_label, faults, check) => {
    expect((await control('PUT', '/devices/0/faults', faults)).status).toBe(200);
    expect(check(await call(url, 'GET', '/system/identity'))).toBe(true);
    await control('DELETE', '/devices/0/faults');
    expect((await call(url, 'GET', '/system/identity')).status).toBe(200);
  });

  it('adds latency', async () => {
    await control('PUT', '/devices/0/faults', { latencyMs: 150 });
    const started = Date.now();
    await call(url, 'GET', '/system/identity');
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('refuses connections, hangs, and resets mid-response', async () => {
    await control('PUT', '/devices/0/faults', { refuse: true });
    await expect(call(url, 'GET', '/system/identity')).rejects.toThrow(/ECONNREFUSED/);
    await control('PUT', '/devices/0/faults', { refuse: false, hang: true });
    await expect(call(url, 'GET', '/system/identity', { timeoutMs: 300 })).rejects.toThrow('client timeout');
    await control('PUT', '/devices/0/faults', { hang: false, resetMidResponse: true });
    await expect(call(url, 'GET', '/system/identity')).rejects.toThrow(/socket hang up|ECONNRESET|aborted/);
  });

  it('rejects unknown faults', async () => {
    const reply = await control('PUT', '/devices/0/faults', { meteor: true });
    expect(reply).toMatchObject({ status: 400, body: { error: expect.stringContaining('unknown fault meteor') } });
  });
});

describe('RouterOS 7.15 devices', () => {
  it('refuse parameters only 7.20 has', async () => {
    const old = await startFleet({ devices: 1, version: '7.15.3', profile: 'edge' });
    try {
      const reply = await call(old.devices[0].restUrl, 'POST', '/ip/route/add', { body: { gateway: '10.0.0.1', 'check-gateway': 'ping' } });
      expect(reply.status).toBe(200);
      const ntp = (await call(old.devices[0].restUrl, 'GET', '/system/ntp/client')).body as Record<string, string>;
      expect(ntp).toHaveProperty('freq-drift');
    } finally {
      await old.stop();
    }
  });
});
