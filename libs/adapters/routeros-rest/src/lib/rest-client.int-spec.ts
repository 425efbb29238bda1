import {
  DeviceAuthFailedError,
  DeviceCommandError,
  DeviceObjectNotFoundError,
  DeviceTimeoutError,
  DeviceUnreachableError,
  DeviceUnsupportedError,
  Logger,
} from '@routeros-mcp/application-ports';
import { createDeviceIdentity, Fleet, simControl, startFleet, targetOf } from '@routeros-mcp/testing';
import { createServer as createHttpsServer } from 'node:https';
import { createServer, Socket, connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { RestRouterOsApi } from './rest-client';

const PASSWORD = 'Sup3r-Secret-Pw!';
let fleet: Fleet;
const logged: string[] = [];
const logger: Logger = {
  debug: (m, meta) => logged.push(`debug ${m} ${JSON.stringify(meta)}`),
  info: (m, meta) => logged.push(`info ${m} ${JSON.stringify(meta)}`),
  warn: (m, meta) => logged.push(`warn ${m} ${JSON.stringify(meta)}`),
  error: (m, meta) => logged.push(`error ${m} ${JSON.stringify(meta)}`),
  child: () => logger,
};
let api: RestRouterOsApi;
const target = (i: number, overrides = {}) => targetOf(fleet.devices[i], overrides);
const stats = async (i: number) => (await simControl(fleet, 'GET', `/devices/${i}/state`)).rest_stats;
const faults = (i: number, body: Record<string, unknown>) => simControl(fleet, 'PUT', `/devices/${i}/faults`, body);

async function failure(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

beforeAll(async () => {
  fleet = await startFleet({
    devices: 4,
    profile: 'mixed', // 0 home, 1 edge, 2 chr, 3 legacy-ap
    users: [{ name: 'admin', password: PASSWORD, group: 'full' }, { name: 'reader', password: 'reader-pw', group: 'read' }],
    requestTimeoutMs: 1500,
  });
});
beforeEach(() => {
  api = new RestRouterOsApi(logger, { requestTimeoutMs: 1000, connectTimeoutMs: 1000, backoffInitialMs: 20, backoffMaxMs: 50 });
  logged.length = 0;
});
afterEach(async () => {
  await api.close();
  await simControl(fleet, 'POST', '/reset');
});
afterAll(() => fleet.stop());

describe('RestRouterOsApi operations against the simulator', () => {
  it('lists a menu, with field selection and query filters', async () => {
    const all = await api.list(target(0), 'interface');
    expect(all.length).toBeGreaterThan(5);
    const ethers = await api.list(target(0), '/interface/', { fields: ['name', 'type'], query: ['type=ether'] });
    expect(ethers.every((r) => r['type'] === 'ether' && Object.keys(r).sort().join() === 'name,type')).toBe(true);
  });

  it('gets by id and by name, and reads singletons', async () => {
    const [address] = await api.list(target(0), 'ip/address');
    expect(await api.get(target(0), 'ip/address', address['.id'])).toMatchObject({ address: '192.168.88.1/24' });
    expect(await api.get(target(0), 'interface', 'ether1', { fields: ['name'] })).toEqual({ name: 'ether1' });
    expect((await api.getSingleton(target(0), 'system/identity'))['name']).toBe('sim-home-001');
  });

  it('adds, updates, sets a singleton and removes', async () => {
    const added = await api.add(target(0), 'ip/pool', { name: 'p1', ranges: '10.9.0.10-10.9.0.20' });
    expect(added['.id']).toMatch(/^\*[0-9A-F]+$/);
    expect(await api.update(target(0), 'ip/pool', added['.id'], { comment: 'lab' })).toMatchObject({ comment: 'lab' });
    await api.setSingleton(target(0), 'system/identity', { name: 'renamed' });
    expect((await api.getSingleton(target(0), 'system/identity'))['name']).toBe('renamed');
    await api.remove(target(0), 'ip/pool', added['.id']);
    expect((await api.list(target(0), 'ip/pool')).map((p) => p['name'])).not.toContain('p1');
  });

  it('runs bounded commands and learns the version', async () => {
    const replies = (await api.run(target(1), 'tool/ping', { address: '192.0.2.1', count: '3' }, { idempotent: true })) as unknown[];
    expect(replies).toHaveLength(3);
    const facts = await api.facts(target(1));
    expect(facts).toMatchObject({ version: '7.20.5', identity: 'sim-edge-002', board: 'CCR2004-16G-2S+' });
    expect(facts.latencyMs).toBeGreaterThan(0);
  });

  it("cancels a long command when the caller aborts, failing with the caller's reason rather than a device timeout", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('the client cancelled the call')), 100);
    const error = await failure(api.run(target(1), 'tool/ping', { address: '192.0.2.1' }, { signal: controller.signal, timeoutMs: 10_000 }));
    expect(error).not.toBeInstanceOf(DeviceTimeoutError);
    expect(error.message).toBe('the client cancelled the call');
  });

  it('refuses a path or id that would change the URL, before any request', async () => {
    await expect(api.get(target(0), 'ip/address', '../../system')).rejects.toThrow(/invalid id/);
    await expect(api.list(target(0), 'ip/address?x=1')).rejects.toThrow(/invalid menu/);
    expect((await stats(0)).requests).toBe(0);
  });
});

describe('error mapping', () => {
  it('maps RouterOS error bodies to DeviceCommandError, re-reading the object after a failed write', async () => {
    const bad = await failure(api.update(target(0), 'interface', 'ether2', { comment: 'x', colour: 'blue' }));
    expect(bad.routerosError).toEqual({ status: 400, message: 'Bad Request', detail: 'unknown parameter colour' });
    expect(bad.details().state_after_failure).toMatchObject({ name: 'ether2' });
    expect((await failure(api.remove(target(0), 'interface/wifi', 'wifi1'))).routerosError.status).toBe(406);
  });

  it('an item id the device does not have is DeviceObjectNotFound naming the menu and id, for get, update and remove', async () => {
    const read = await failure(api.get(target(0), '/ip/route/', '*77'));
    expect(read).toBeInstanceOf(DeviceObjectNotFoundError);
    expect(read.message).toBe("device 'sim-0' has no ip/route item '*77'");
    expect(read.details()).toEqual({ device_id: 'sim-0', menu: '/ip/route', id: '*77' });
    const byName = await failure(api.get(target(0), 'interface', 'ether99'));
    expect(byName).toBeInstanceOf(DeviceObjectNotFoundError);
    expect(byName.id).toBe('ether99');
    expect(await failure(api.update(target(0), 'ip/pool', '*77', { comment: 'x' }))).toBeInstanceOf(DeviceObjectNotFoundError);
    expect(await failure(api.remove(target(0), 'ip/pool', '*77'))).toBeInstanceOf(DeviceObjectNotFoundError);
  });

  it('names the user group when RouterOS answers not enough permissions (9), on commands and on PATCH', async () => {
    const reader = target(0, { username: 'reader', password: 'reader-pw' });
    for (const attempt of [api.setSingleton(reader, 'system/identity', { name: 'x' }), api.update(reader, 'ip/pool', 'default-dhcp', { comment: 'x' })]) {
      const error = await failure(attempt);
      expect(error).toBeInstanceOf(DeviceCommandError);
      expect(error.message).toMatch(/not enough permissions \(9\).*group without the write policy/);
      expect(error.failure).toBe('refused');
    }
  });

  it('wrong credentials are DeviceAuthFailed with the fix', async () => {
    const error = await failure(api.getSingleton(target(0, { password: 'wrong' }), 'system/identity'));
    expect(error).toBeInstanceOf(DeviceAuthFailedError);
    expect(error.message).toMatch(/credentials set sim-0/);
  });

  it('a menu the device lacks is DeviceUnsupported naming what it needs', async () => {
    const error = await failure(api.list(target(0), 'interface/wireless/registration-table'));
    expect(error).toBeInstanceOf(DeviceUnsupportedError);
    expect(error.message).toMatch(/wireless package/);
    expect(await api.list(target(3), 'interface/wireless/registration-table')).toHaveLength(2);
    // The menu itself reads as an item name in /interface (404) on a device without the package.
    expect(await failure(api.list(target(0), 'interface/wireless'))).toBeInstanceOf(DeviceUnsupportedError);
    expect(await failure(api.get(target(3), 'interface/wireless', 'wlan9'))).toBeInstanceOf(DeviceObjectNotFoundError);
  });

  it('learns the version before a version-gated menu, and learns it again later or after a lost connection', async () => {
    await simControl(fleet, 'POST', '/reset');
    const wifi = () => api.list(target(0), 'interface/wifi');
    await wifi(); // system/resource and system/identity first, then the menu
    expect((await stats(0)).requests).toBe(3);
    await wifi();
    expect((await stats(0)).requests).toBe(4);
    const now = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 5 * 60_000 + 1);
    try {
      await wifi();
      expect((await stats(0)).requests).toBe(7);
    } finally {
      now.mockRestore();
    }
    await faults(0, { refuse: true });
    await failure(api.getSingleton(target(0), 'system/identity'));
    await simControl(fleet, 'DELETE', '/devices/0/faults');
    const before = (await stats(0)).requests;
    await wifi();
    expect((await stats(0)).requests).toBe(before + 3);
  });

  it("believes a device's answer that it lacks a package for a while, asking again only after that", async () => {
    await simControl(fleet, 'POST', '/reset'); // counts from zero
    expect(await failure(api.getSingleton(target(2), 'system/routerboard'))).toBeInstanceOf(DeviceUnsupportedError);
    const again = await failure(api.list(target(2), 'system/routerboard'));
    expect(again).toBeInstanceOf(DeviceUnsupportedError);
    expect(again.message).toMatch(/routerboard/);
    expect((await stats(2)).requests).toBe(1);
    // Another device, and a menu of another package on the same device, are still asked.
    expect(await api.getSingleton(target(0), 'system/routerboard')).toHaveProperty('model');
    expect(await failure(api.list(target(2), 'caps-man/interface'))).toBeInstanceOf(DeviceUnsupportedError);
    expect((await stats(2)).requests).toBe(2);
    const later = Date.now() + 5 * 60_000 + 1;
    const now = jest.spyOn(Date, 'now').mockReturnValue(later);
    try {
      await failure(api.getSingleton(target(2), 'system/routerboard'));
      expect((await stats(2)).requests).toBe(3);
    } finally {
      now.mockRestore();
    }
  });

  it.each([
    ['refuse', { refuse: true }, DeviceUnreachableError, /refused/],
    ['hang', { hang: true }, DeviceTimeoutError, /within 1 s/],
    ['Session closed', { sessionClosedAfterMs: 50, latencyMs: 200 }, DeviceTimeoutError, /closed the session before finishing .* \(its own time limit\)/],
    ['reset mid-response', { resetMidResponse: true }, DeviceUnreachableError, /connection lost|ECONNRESET|socket hang up/],
    ['401', { unauthorized: true }, DeviceAuthFailedError, /rejected the stored credentials/],
    ['500', { serverError: 'something broke' }, DeviceCommandError, /^device 'sim-1' failed GET \/system\/resource with an internal error \(500 something broke\)$/],
    ['invalid JSON', { invalidJson: true }, DeviceCommandError, /^device 'sim-1' sent an answer to GET \/system\/resource that is not valid JSON$/],
  ])('fault %s → %p', async (_label, fault, type, message) => {
    await faults(1, fault);
    const error = await failure(api.getSingleton(target(1), 'system/resource'));
    expect(error).toBeInstanceOf(type);
    expect(error.message).toMatch(message);
  });

  it.each([
    ['500', 'device_failure', { serverError: 'something broke' }],
    ['invalid JSON', 'invalid_answer', { invalidJson: true }],
  ])('fault %s is %s, not a refusal', async (_label, kind, fault) => {
    await faults(1, fault);
    const error = await failure(api.getSingleton(target(1), 'system/resource'));
    expect(error.failure).toBe(kind);
    expect(error.details().failure).toBe(kind);
    expect(error.message).not.toMatch(/refused/);
  });

  it('added latency within the timeout is only slower', async () => {
    await faults(1, { latencyMs: 100, jitterMs: 20 });
    expect((await api.getSingleton(target(1), 'system/identity'))['name']).toBe('sim-edge-002');
  });

  it('a changed certificate is refused before any request reaches the device', async () => {
    const pinned = target(2);
    await faults(2, { tlsCertificateChanged: true });
    const error = await failure(api.getSingleton(pinned, 'system/identity'));
    expect(error).toBeInstanceOf(DeviceAuthFailedError);
    expect(error.failure).toBe('tls_identity');
    expect(error.message).toMatch(/device repin sim-2/);
    expect(error.presented).toBe(fleet.devices[2].keys.tlsFingerprint);
    expect((await stats(2)).requests).toBe(0);
  });

  it('no pin and no lab exception refuses; the lab exception connects and warns on every connect', async () => {
    const unpinned = await failure(api.getSingleton(target(2, { tlsFingerprint: undefined }), 'system/identity'));
    expect(unpinned).toBeInstanceOf(DeviceAuthFailedError);
    await api.getSingleton(target(2, { tlsFingerprint: undefined, tlsSkipVerify: true }), 'system/identity');
    expect(logged.some((l) => l.startsWith('warn TLS verification is skipped'))).toBe(true);
  });

  it('verifies against a CA bundle instead of a pin, and refuses a certificate that CA did not issue', async () => {
    const ca = fleet.devices[2].certificatePem;
    expect((await api.getSingleton(target(2, { tlsFingerprint: undefined, caPem: ca }), 'system/identity'))['name']).toBe('sim-chr-003');
    const otherCa = await failure(api.getSingleton(target(2, { tlsFingerprint: undefined, caPem: fleet.devices[1].certificatePem }), 'system/identity'));
    expect(otherCa).toBeInstanceOf(DeviceAuthFailedError);
  });

  it('a flapping device is read through retries', async () => {
    await faults(1, { flapPeriodMs: 150 });
    const patient = new RestRouterOsApi(logger, { readAttempts: 8, backoffInitialMs: 60, backoffMaxMs: 120, connectTimeoutMs: 500 });
    try {
      for (let i = 0; i < 5; i++) {
        expect((await patient.getSingleton(target(1), 'system/identity'))['name']).toBe('sim-edge-002');
        await new Promise((r) => setTimeout(r, 70));
      }
    } finally {
      await patient.close();
    }
  });

  it('a lock-out (management address removed) is unreachable, not a hang', async () => {
    const [address] = await api.list(target(0), 'ip/address');
    await api.remove(target(0), 'ip/address', address['.id']);
    await api.close();
    const error = await failure(api.getSingleton(target(0), 'system/identity'));
    expect(error).toBeInstanceOf(DeviceUnreachableError);
    expect(error.message).toMatch(/no connection within 1000 ms/);
    expect(error.retryAfter).toBeGreaterThan(0);
  });
});

describe('retries, limits and the circuit breaker', () => {
  it('retries idempotent reads on transient failures, never writes', async () => {
    await faults(1, { resetMidResponse: true });
    await failure(api.getSingleton(target(1), 'system/identity'));
    expect((await stats(1)).requests).toBe(3);
    await simControl(fleet, 'POST', '/devices/1/reset');
    await faults(1, { resetMidResponse: true });
    await failure(api.setSingleton(target(1), 'system/identity', { name: 'once' }));
    expect((await stats(1)).requests).toBe(1);
  });

  it('never has more than the per-device limit in flight, and queued calls still finish', async () => {
    await faults(1, { latencyMs: 100 });
    const limited = new RestRouterOsApi(logger, { perDeviceConcurrency: 3, requestTimeoutMs: 5000 });
    try {
      const results = await Promise.all(Array.from({ length: 12 }, () => limited.getSingleton(target(1), 'system/identity')));
      expect(results).toHaveLength(12);
      expect((await stats(1)).maxInFlight).toBe(3);
    } finally {
      await limited.close();
    }
  });

  it('waiting for a slot counts toward the timeout', async () => {
    // One slot: the second call waits 500 ms for it and needs 500 more, past its 750 ms.
    await faults(1, { latencyMs: 500 });
    const one = new RestRouterOsApi(logger, { perDeviceConcurrency: 1, requestTimeoutMs: 750, readAttempts: 1 });
    try {
      const outcomes = await Promise.allSettled([one.getSingleton(target(1), 'system/identity'), one.getSingleton(target(1), 'system/identity')]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected']);
      expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(DeviceTimeoutError);
    } finally {
      await one.close();
    }
  });

  it('counts a call once toward the circuit, however many attempts it took', async () => {
    const breaking = new RestRouterOsApi(logger, { breakerThreshold: 2, breakerHalfOpenMs: 60_000, readAttempts: 3, backoffInitialMs: 10, backoffMaxMs: 20 });
    try {
      await faults(1, { resetMidResponse: true });
      expect((await failure(breaking.getSingleton(target(1), 'system/identity'))).message).not.toMatch(/circuit open/);
      expect((await stats(1)).requests).toBe(3);
      expect((await failure(breaking.getSingleton(target(1), 'system/identity'))).message).not.toMatch(/circuit open/);
      expect((await stats(1)).requests).toBe(6);
      expect((await failure(breaking.getSingleton(target(1), 'system/identity'))).message).toMatch(/circuit open/);
      expect((await stats(1)).requests).toBe(6);
    } finally {
      await breaking.close();
    }
  });

  it('never counts a request its caller abandoned toward the circuit: cancelled calls leave the device usable (issue 22 item 2)', async () => {
    const breaking = new RestRouterOsApi(logger, { breakerThreshold: 2, breakerHalfOpenMs: 60_000, readAttempts: 1 });
    try {
      for (let i = 0; i < 4; i++) {
        const cancelled = new AbortController();
        cancelled.abort(new Error('cancelled'));
        expect((await failure(breaking.getSingleton(target(1), 'system/identity', { signal: cancelled.signal }))).message).toBe('cancelled');
      }
      expect((await breaking.getSingleton(target(1), 'system/identity'))['name']).toBe('sim-edge-002');
    } finally {
      await breaking.close();
    }
  });

  it('opens the circuit after consecutive failures, fails fast with retry_after, then half-opens', async () => {
    const breaking = new RestRouterOsApi(logger, { breakerThreshold: 2, breakerHalfOpenMs: 400, readAttempts: 1, connectTimeoutMs: 500 });
    try {
      await faults(2, { refuse: true });
      await failure(breaking.getSingleton(target(2), 'system/identity'));
      await failure(breaking.getSingleton(target(2), 'system/identity'));
      const open = await failure(breaking.getSingleton(target(2), 'system/identity'));
      expect(open).toBeInstanceOf(DeviceUnreachableError);
      expect(open.message).toMatch(/circuit open/);
      expect(open.retryAfter).toBeGreaterThanOrEqual(1);
      await simControl(fleet, 'DELETE', '/devices/2/faults');
      await expect(breaking.getSingleton(target(2), 'system/identity')).rejects.toBeInstanceOf(DeviceUnreachableError);
      await new Promise((r) => setTimeout(r, 450));
      expect((await breaking.getSingleton(target(2), 'system/identity'))['name']).toBe('sim-chr-003');
    } finally {
      await breaking.close();
    }
  });
});

/**
 * Elapsed time of calls that must fail within their bound. The slack above the bound's 10 % is scheduling,
 * not the adapter: on a loaded 2-core machine a timer or a socket event can run a couple of hundred ms late,
 * while a call that gives each attempt the whole bound ends past 2× the bound, so the check still tells them apart.
 */
async function elapsedOfFailure(call: () => Promise<unknown>): Promise<{ error: any; ms: number }> {
  const started = performance.now();
  const error = await failure(call());
  return { error, ms: performance.now() - started };
}
const limitOf = (boundMs: number) => boundMs * 1.1 + 250;

/** A TCP relay to a device port that resets its first connection and passes every later one through. */
const resetFirstConnection = (port: number) => relay(port, { resetFirst: true });

/** A TCP relay to a device port that counts the connections made through it. */
async function relay(port: number, { resetFirst = false } = {}) {
  let connections = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    connections++;
    if (resetFirst && connections === 1) return void client.resetAndDestroy();
    const upstream = connect(port, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => (client.destroy(), upstream.destroy(), sockets.delete(socket)));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => (sockets.forEach((s) => s.destroy()), server.close(() => resolve()))),
  };
}

describe('the request timeout bounds the whole call', () => {
  it('a hung read ends within its bound, retries included, and says the bound that applied', async () => {
    await faults(1, { hang: true });
    const { error, ms } = await elapsedOfFailure(() => api.getSingleton(target(1), 'system/identity'));
    expect(error).toBeInstanceOf(DeviceTimeoutError);
    expect(error.message).toMatch(/within 1 s$/);
    expect(ms).toBeLessThanOrEqual(limitOf(1000));
  });

  it("a per-call timeout bounds that call, and learning the version first counts toward it", async () => {
    await faults(1, { hang: true });
    const gated = await elapsedOfFailure(() => api.list(target(1), 'interface/wifi', { timeoutMs: 1500 }));
    expect(gated.error).toBeInstanceOf(DeviceTimeoutError);
    expect(gated.error.message).toMatch(/GET \/interface\/wifi within 1.5 s$/);
    expect(gated.ms).toBeLessThanOrEqual(limitOf(1500));
  });

  it('every call queued for the slots of a hung device ends within its bound', async () => {
    await faults(1, { hang: true });
    const calls = await Promise.all(Array.from({ length: 10 }, () => elapsedOfFailure(() => api.getSingleton(target(1), 'system/identity'))));
    for (const { error, ms } of calls) {
      expect(error).toBeInstanceOf(DeviceTimeoutError);
      expect(ms).toBeLessThanOrEqual(limitOf(1000));
    }
  });

  it('a retry that succeeds on a later attempt still answers', async () => {
    const relay = await resetFirstConnection(fleet.devices[1].restPort);
    try {
      expect((await api.getSingleton(target(1, { restPort: relay.port }), 'system/identity'))['name']).toBe('sim-edge-002');
      expect(relay.connections()).toBe(2);
    } finally {
      await api.close();
      await relay.close();
    }
  });

  it('a call that gave up waiting for a slot does not keep the next waiting call from its turn', async () => {
    await faults(1, { latencyMs: 300 });
    const one = new RestRouterOsApi(logger, { perDeviceConcurrency: 1, readAttempts: 1, requestTimeoutMs: 10_000 });
    try {
      const first = one.getSingleton(target(1), 'system/identity');
      const impatient = one.getSingleton(target(1), 'system/identity', { timeoutMs: 100 });
      const next = one.getSingleton(target(1), 'system/identity', { timeoutMs: 5_000 });
      await expect(impatient).rejects.toBeInstanceOf(DeviceTimeoutError);
      expect((await first)['name']).toBe('sim-edge-002');
      expect((await next)['name']).toBe('sim-edge-002');
    } finally {
      await one.close();
    }
  });
});

describe('sharing the global limit', () => {
  it('calls queued on a hung device hold no shared slot: a healthy device still answers', async () => {
    await faults(1, { hang: true });
    const stop = new AbortController();
    // More calls than the 64 global slots, none of which gives up on its own during the test.
    const hung = Array.from({ length: 100 }, () => api.getSingleton(target(1), 'system/identity', { timeoutMs: 120_000, signal: stop.signal }).catch((e: unknown) => e));
    try {
      while ((await stats(1)).inFlight < 3) await new Promise((r) => setTimeout(r, 20));
      expect((await api.getSingleton(target(0), 'system/identity', { timeoutMs: 5_000 }))['name']).toBe('sim-home-001');
    } finally {
      stop.abort();
      await Promise.all(hung);
    }
  });
});

describe('secrets', () => {
  it('no error, message, stack or log line carries the password or an Authorization header', async () => {
    const errors: unknown[] = [];
    for (const fault of [{ unauthorized: true }, { resetMidResponse: true }, { invalidJson: true }, { serverError: 'x' }, { refuse: true }]) {
      await faults(1, fault);
      errors.push(await failure(api.getSingleton(target(1), 'system/identity')));
      await simControl(fleet, 'DELETE', '/devices/1/faults');
    }
    const basic = Buffer.from(`admin:${PASSWORD}`).toString('base64');
    for (const error of errors) {
      const text = `${String(error)} ${(error as Error).stack} ${JSON.stringify(error)} ${JSON.stringify((error as any).details?.())}`;
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toContain(basic);
      expect(text.toLowerCase()).not.toContain('authorization');
    }
    const log = logged.join('\n');
    expect(log).not.toContain(PASSWORD);
    expect(log).not.toContain(basic);
  });
});

/** Polls `holds` until it is true, failing after a bound generous enough for a loaded machine. */
async function until(holds: () => Promise<boolean>, what: string, boundMs = 15_000): Promise<void> {
  const deadline = Date.now() + boundMs;
  while (!(await holds())) {
    if (Date.now() > deadline) throw new Error(`not within ${boundMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * A device of our own that answers every request with a JSON list far over the answer limit, written as fast as
 * the client reads it; `written()` says how much went out before the client hung up.
 */
async function oversizedDevice() {
  const identity = await createDeviceIdentity('oversized');
  const chunk = Buffer.alloc(1024 * 1024, 'x');
  const total = 96; // MiB, three times the limit
  let sent = 0;
  let closed = false;
  const server = createHttpsServer({ cert: identity.certPem, key: identity.keyPem }, (_req, res) => {
    res.on('close', () => (closed = true));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('["');
    const pump = () => {
      while (!res.destroyed && sent < total) {
        sent++;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      if (!res.destroyed) res.end('"]');
    };
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    target: targetOf(fleet.devices[0], { deviceId: 'oversized', restPort: (server.address() as AddressInfo).port, tlsFingerprint: identity.tlsFingerprint }),
    sentMiB: () => sent,
    closed: () => closed,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

describe('the HTTP client (axios) under the adapter', () => {
  it('keeps one connection alive across sequential calls', async () => {
    const counted = await relay(fleet.devices[1].restPort);
    try {
      for (let i = 0; i < 10; i++) expect((await api.getSingleton(target(1, { restPort: counted.port }), 'system/identity'))['name']).toBe('sim-edge-002');
      expect(counted.connections()).toBe(1);
    } finally {
      await api.close();
      await counted.close();
    }
  });

  it('checks the pinned certificate on every new connection, not only the first', async () => {
    // The pin as enrolled (target() reads the certificate the device presents now).
    const pinned = target(2);
    expect((await api.getSingleton(pinned, 'system/identity'))['name']).toBe('sim-chr-003');
    // A renewed certificate: the device drops its connections, so the next call needs a new one.
    await faults(2, { tlsCertificateChanged: true });
    const before = (await stats(2)).requests;
    const error = await failure(api.getSingleton(pinned, 'system/identity'));
    expect(error).toBeInstanceOf(DeviceAuthFailedError);
    expect(error.failure).toBe('tls_identity');
    expect(error.presented).toBe(fleet.devices[2].keys.tlsFingerprint);
    expect((await stats(2)).requests).toBe(before);
  });

  it("a caller's abort reaches the socket: the device sees the request closed", async () => {
    await faults(1, { hang: true });
    const controller = new AbortController();
    const pending = failure(api.getSingleton(target(1), 'system/identity', { signal: controller.signal, timeoutMs: 120_000 }));
    await until(async () => (await stats(1)).inFlight === 1, 'the request to reach the device');
    controller.abort(new Error('the client cancelled the call'));
    // The caller's own reason, not a device timeout (issue 22 item 2: a cancelled call is audited as cancelled).
    expect((await pending).message).toBe('the client cancelled the call');
    await until(async () => (await stats(1)).inFlight === 0, 'the device to see the request closed');
  });

  it("the call's deadline reaches the socket too", async () => {
    await faults(1, { hang: true });
    const single = new RestRouterOsApi(logger, { readAttempts: 1 });
    try {
      const pending = failure(single.getSingleton(target(1), 'system/identity', { timeoutMs: 500 }));
      await until(async () => (await stats(1)).inFlight === 1, 'the request to reach the device');
      expect(await pending).toBeInstanceOf(DeviceTimeoutError);
      await until(async () => (await stats(1)).inFlight === 0, 'the device to see the request closed');
    } finally {
      await single.close();
    }
  });

  it('refuses an answer over 32 MiB as an invalid answer, hanging up instead of reading it all', async () => {
    const device = await oversizedDevice();
    try {
      // Reading 32 MiB over TLS takes seconds on a loaded machine: the call's bound is no part of this test.
      const error = await failure(api.list(device.target, 'log', { timeoutMs: 60_000 }));
      expect(error).toBeInstanceOf(DeviceCommandError);
      expect(error.failure).toBe('invalid_answer');
      expect(error.message).toMatch(/larger than 32 MiB; ask for fewer rows or fields/);
      await until(async () => device.closed(), 'the client to hang up');
      expect(device.sentMiB()).toBeLessThan(96);
    } finally {
      await api.close();
      await device.close();
    }
  });
});

describe('secrets in every failure', () => {
  it('no error of any kind, however deeply inspected, nor any log line, holds the password or its Authorization header', async () => {
    const errors: unknown[] = [];
    const attempt = async (call: () => Promise<unknown>) => errors.push(await failure(call()));
    const identity = () => api.getSingleton(target(1), 'system/identity');
    for (const fault of [{ unauthorized: true }, { resetMidResponse: true }, { invalidJson: true }, { serverError: 'x' }, { refuse: true }, { hang: true }]) {
      await faults(1, fault);
      await attempt(identity);
      await simControl(fleet, 'DELETE', '/devices/1/faults');
    }
    await faults(1, { hang: true });
    const controller = new AbortController();
    const aborted = failure(api.getSingleton(target(1), 'system/identity', { signal: controller.signal, timeoutMs: 60_000 }));
    await until(async () => (await stats(1)).inFlight >= 1, 'the request to reach the device');
    controller.abort();
    errors.push(await aborted);
    await simControl(fleet, 'DELETE', '/devices/1/faults');
    const pinned = target(2);
    await faults(2, { tlsCertificateChanged: true });
    await attempt(() => api.getSingleton(pinned, 'system/identity'));
    await attempt(() => api.getSingleton(target(0, { restPort: 1 }), 'system/identity'));
    const device = await oversizedDevice();
    try {
      await attempt(() => api.list(device.target, 'log', { timeoutMs: 60_000 }));
    } finally {
      await device.close();
    }
    expect(errors).toHaveLength(10);
    const basic = Buffer.from(`admin:${PASSWORD}`).toString('base64');
    for (const error of errors) {
      const text = [String(error), (error as Error).stack, JSON.stringify(error), JSON.stringify((error as any).details?.()), inspect(error, { depth: 20, showHidden: true }), inspect((error as any).cause, { depth: 20, showHidden: true })].join(' ');
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toContain(basic);
      expect(text.toLowerCase()).not.toContain('authorization');
    }
    const log = logged.join('\n');
    expect(log).not.toContain(PASSWORD);
    expect(log).not.toContain(basic);
  });
});
