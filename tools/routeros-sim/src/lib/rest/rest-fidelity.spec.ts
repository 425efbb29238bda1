import { DeviceState, DeviceUser } from '../model/device-state';
import { seedConfig } from '../model/profiles';
import { handleRest } from './rest-handler';
import { RestError } from './rest-error';

// REST transport fidelity (issue 23's review); docs/simulator.md lists the answers chosen without a source.
const admin: DeviceUser = { name: 'admin', password: 'x', group: 'full' };
const clock = 1_700_000_000_000;
const device = (profile: 'home' | 'edge' = 'edge') => new DeviceState('7.20.5', 42, () => seedConfig({ profile, version: '7.20.5', identity: 'r1', index: 0, users: [admin] }), () => clock);

async function rest(s: DeviceState, method: string, path: string, body?: unknown): Promise<{ status: number; body?: unknown }> {
  try {
    return await handleRest(s, { method, path, query: new URLSearchParams(), body, user: admin }, new AbortController().signal);
  } catch (error) {
    if (error instanceof RestError) return { status: error.status, body: error.body() };
    throw error;
  }
}
const bad = (detail: string) => ({ status: 400, body: { error: 400, message: 'Bad Request', detail } });

describe('REST transport', () => {
  it('answers GET on a command path with 400 no such command', async () => {
    const s = device();
    expect(await rest(s, 'GET', '/ip/firewall/filter/print')).toEqual(bad('no such command'));
    expect(await rest(s, 'GET', '/system/reboot')).toEqual(bad('no such command'));
  });

  it('reads a word that is no id below a table without names as a command, and %2A1 as no id', async () => {
    const s = device();
    expect(await rest(s, 'GET', '/ip/firewall/filter/nope')).toEqual(bad('no such command or directory (nope)'));
    expect(await rest(s, 'GET', '/ip/firewall/filter/%2A1')).toEqual(bad('no such command or directory (%2A1)'));
    expect(await rest(s, 'GET', '/ip/firewall/filter/*99')).toMatchObject({ status: 404 });
    expect(await rest(s, 'GET', '/interface/nope')).toMatchObject({ status: 404 });
    expect(await rest(s, 'GET', '/interface/%2A1')).toMatchObject({ status: 404 });
    expect(await rest(s, 'GET', '/ip/firewall/filter/*1')).toMatchObject({ status: 200 });
  });

  it('answers PATCH on a singleton with 404 and DELETE of an ethernet port as a built-in object', async () => {
    const s = device();
    expect(await rest(s, 'PATCH', '/ip/dns', { servers: '192.0.2.1' })).toEqual({ status: 404, body: { error: 404, message: 'Not Found' } });
    const builtin = { status: 406, body: { error: 406, message: 'Not Acceptable', detail: 'cannot remove builtin object' } };
    expect(await rest(s, 'DELETE', '/interface/ether1')).toEqual(builtin);
    expect(await rest(s, 'DELETE', '/interface/ethernet/ether1')).toEqual(builtin);
    // No such port: the menu has no remove, as its command tree says.
    expect(await rest(s, 'DELETE', '/interface/ethernet/ether99')).toEqual(bad('no such command or directory (remove)'));
  });

  it('answers print with count-only as {"ret":"N"}, counting what the query matches', async () => {
    const s = device();
    const all = (await rest(s, 'GET', '/ip/firewall/filter')).body as Record<string, string>[];
    const drops = all.filter((r) => r['action'] === 'drop').length;
    expect(drops).toBeGreaterThan(0);
    expect(await rest(s, 'POST', '/ip/firewall/filter/print', { 'count-only': '' })).toEqual({ status: 200, body: { ret: String(all.length) } });
    expect(await rest(s, 'POST', '/ip/firewall/filter/print', { 'count-only': '', '.query': ['action=drop'] })).toEqual({ status: 200, body: { ret: String(drops) } });
  });

  it('refuses numbers written as 2e0', async () => {
    const s = device();
    expect(await rest(s, 'PATCH', '/interface/ether1', { mtu: '2e0' })).toEqual(bad('invalid value for argument mtu'));
    expect(await rest(s, 'POST', '/tool/ping', { address: '127.0.0.1', count: '2e0' })).toEqual(bad('invalid value of count: 2e0'));
    expect(await rest(s, 'PATCH', '/interface/ether1', { mtu: '1500' })).toMatchObject({ status: 200 });
  });
});

describe('error texts as RouterOS words them', () => {
  it('names the interface a matcher or gateway is missing', async () => {
    const s = device();
    expect(await rest(s, 'PUT', '/ip/firewall/filter', { chain: 'input', 'in-interface': 'ether99' })).toEqual(bad('input does not match any value of interface'));
    expect(await rest(s, 'PUT', '/ip/firewall/filter', { chain: 'forward', 'out-interface': '!ether99' })).toEqual(bad('input does not match any value of interface'));
    expect(await rest(s, 'PUT', '/ip/route', { gateway: '203.0.113.1%ether99' })).toEqual(bad('input does not match any value of interface'));
    expect(await rest(s, 'PUT', '/ip/route', { gateway: 'ether99' })).toEqual(bad('input does not match any value of interface'));
    expect(await rest(s, 'PUT', '/ip/route', { gateway: '10.0.0.300' })).toEqual(bad('invalid value for argument gateway'));
  });

  it('reads the arguments before refusing a dynamic item: one set lacks is unknown, not `can not change dynamic`', () => {
    const s = device('home');
    const route = s.list('ip/route').find((r) => r['dynamic'] === 'true')!;
    let detail: string | undefined;
    try {
      s.update('ip/route', route['.id'], { bytes: '1' });
    } catch (error) {
      detail = (error as RestError).detail;
    }
    expect(detail).toBe('unknown parameter bytes');
    expect(() => s.update('ip/route', route['.id'], { comment: 'x' })).toThrow('failure: can not change dynamic');
  });
});
