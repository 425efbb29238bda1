import { Fleet, startFleet } from '../src';
import { call } from './rest-client';

// The write log in `rest_stats.writes`: what the rollout kill specs count to prove no step was applied twice.
let fleet: Fleet;
beforeAll(async () => (fleet = await startFleet({ devices: 1, profile: 'home', version: '7.20.5' })));
afterAll(() => fleet.stop());

const url = () => fleet.devices[0].restUrl;
const writes = async () => ((await (await fetch(`${fleet.control.url}/devices/0/state`)).json()) as { rest_stats: { writes: unknown[] } }).rest_stats;
const control = (method: string, path: string, body?: unknown) => fetch(`${fleet.control.url}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });

it('keeps each write the device answered with success, in order; not reads, prints, refusals or writes their client gave up on', async () => {
  expect((await call(url(), 'POST', '/ip/dns/set', { body: { servers: '192.0.2.1' } })).status).toBe(200);
  expect((await call(url(), 'GET', '/ip/dns')).status).toBe(200);
  expect((await call(url(), 'POST', '/ip/address/print', { body: {} })).status).toBe(200);
  expect((await call(url(), 'POST', '/ip/dns/set', { body: { 'no-such-property': 'x' } })).status).toBe(400);
  // A slow device: the client hangs up while the write waits; it never reaches the configuration.
  await control('PUT', '/devices/0/faults', { latencyMs: 3000 });
  await expect(call(url(), 'POST', '/ip/dns/set', { body: { servers: '192.0.2.2' }, timeoutMs: 300 })).rejects.toThrow();
  await control('DELETE', '/devices/0/faults');
  expect((await call(url(), 'PUT', '/ip/firewall/address-list', { body: { list: 'spec', address: '192.0.2.9' } })).status).toBe(201);
  expect((await writes()).writes).toEqual([
    { method: 'POST', path: '/ip/dns/set', body: { servers: '192.0.2.1' } },
    { method: 'PUT', path: '/ip/firewall/address-list', body: { list: 'spec', address: '192.0.2.9' } },
  ]);
  const state = (await (await fetch(`${fleet.control.url}/devices/0/state`)).json()) as { config: Record<string, Record<string, string>[]> };
  expect(state.config['ip/dns'][0]['servers']).toBe('192.0.2.1');
  // A reset starts the log again.
  await control('POST', '/devices/0/reset');
  expect((await writes()).writes).toEqual([]);
});
