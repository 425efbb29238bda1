import { DeviceState } from '../model/device-state';
import { seedConfig } from '../model/profiles';
import { runCommand } from './commands';
import { RestError } from './rest-error';

const users = [{ name: 'admin', password: 'x', group: 'full' as const }];
const device = (profile: 'home' | 'edge') => new DeviceState('7.20.5', 42, () => seedConfig({ profile, version: '7.20.5', identity: 'r1', index: 0, users }));
const run = (state: DeviceState, command: string, body: Record<string, unknown>) => runCommand(state, command, body, new AbortController().signal) as Promise<Record<string, string>[]>;
/** The home router with its WAN DHCP client disabled: no lease, so no default route and no DNS server. */
function offline(): DeviceState {
  const s = device('home');
  s.setDisabled('ip/dhcp-client', [s.list('ip/dhcp-client')[0]['.id']], true);
  return s;
}
const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (e: unknown) => (e instanceof RestError ? e.detail : String(e)));

describe('ping and traceroute follow the configuration', () => {
  it('answers "no route to host" with 100% loss when the main table has no route (a home router without WAN)', async () => {
    const rows = await run(offline(), 'tool/ping', { address: '192.0.2.1', count: '2' });
    expect(rows).toEqual([
      { seq: '0', host: '192.0.2.1', status: 'no route to host', sent: '1', received: '0', 'packet-loss': '100' },
      { seq: '1', host: '192.0.2.1', status: 'no route to host', sent: '2', received: '0', 'packet-loss': '100' },
    ]);
    expect(await run(offline(), 'tool/traceroute', { address: '192.0.2.1', count: '1' })).toEqual([expect.objectContaining({ status: 'no route to host', loss: '100%' })]);
  });

  it('still reaches the LAN, over the connected route, in under two milliseconds', async () => {
    const rows = await run(device('home'), 'tool/ping', { address: '192.168.88.254', count: '3' });
    expect(rows[2]).toMatchObject({ host: '192.168.88.254', sent: '3', received: '3', 'packet-loss': '0', ttl: '64' });
    for (const row of rows) expect(row['time']).toMatch(/^(\d+us|1ms\d+us)$/);
  });

  it('refuses a host name it cannot resolve: no DNS server, or a name that does not exist', async () => {
    expect(await failure(run(offline(), 'tool/ping', { address: 'example.com', count: '1' }))).toBe('failure: dns server failure');
    expect(await failure(run(device('edge'), 'tool/ping', { address: 'nothing.invalid', count: '1' }))).toBe('failure: dns name does not exist');
    // A cached answer needs no server.
    expect((await run(offline(), 'tool/ping', { address: 'upgrade.mikrotik.com', count: '1' }))[0]).toMatchObject({ host: '159.148.172.205', status: 'no route to host' });
  });

  it('reaches the internet through the default route with plausible round trips, and traces the same path', async () => {
    const edge = device('edge');
    const rows = await run(edge, 'tool/ping', { address: 'example.com', count: '4' });
    const host = rows[0]['host'];
    expect(host).toMatch(/^198\.1[89]\.\d+\.\d+$/);
    expect(rows[3]).toMatchObject({ sent: '4', received: '4', 'packet-loss': '0' });
    const ms = (t: string) => Number(/^(\d+)ms/.exec(t)?.[1] ?? 0);
    for (const row of rows) expect(ms(row['time'])).toBeGreaterThanOrEqual(1);
    const hops = await run(edge, 'tool/traceroute', { address: 'example.com', count: '1' });
    expect(hops[0]['address']).toBe('203.0.113.1');
    expect(hops.at(-1)!['address']).toBe(host);
  });

  it('prints traceroute times as RouterOS does, and with one probe best = avg = worst = last', async () => {
    const hops = await run(device('edge'), 'tool/traceroute', { address: '192.0.2.77', count: '1' });
    for (const hop of hops) {
      for (const key of ['last', 'avg', 'best', 'worst']) expect(hop[key]).toMatch(/^\d+(\.\d)?ms$/);
      expect(new Set([hop['last'], hop['avg'], hop['best'], hop['worst']]).size).toBe(1);
      expect(hop['std-dev']).toBe('0ms');
    }
    const three = await run(device('edge'), 'tool/traceroute', { address: '192.0.2.77', count: '3' });
    const n = (t: string) => Number(t.replace('ms', ''));
    for (const hop of three) expect(n(hop['best'])).toBeLessThanOrEqual(n(hop['worst']));
  });
});
