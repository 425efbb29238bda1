import { DeviceState, DeviceUser } from '../model/device-state';
import { seedConfig } from '../model/profiles';
import { handleRest } from './rest-handler';
import { RestError } from './rest-error';

// Issue 23's last families, in process (docs/simulator.md, "Menu-specific commands"); e2e: test/router-tools.e2e-spec.ts.
const admin: DeviceUser = { name: 'admin', password: 'x', group: 'full' };
const device = (version = '7.20.5') => new DeviceState(version, 42, () => seedConfig({ profile: 'edge', version, identity: 'r1', index: 0, users: [admin] }));

async function post(s: DeviceState, path: string, body: Record<string, unknown> = {}): Promise<unknown> {
  try {
    return await handleRest(s, { method: 'POST', path, query: new URLSearchParams(), body, user: admin }, new AbortController().signal);
  } catch (error) {
    if (error instanceof RestError) return error.detail;
    throw error;
  }
}

describe('router tools', () => {
  it('undo and redo find nothing in the history', async () => {
    expect(await post(device(), '/undo')).toBe('failure: nothing to undo');
    expect(await post(device('7.15.3'), '/redo')).toBe('failure: nothing to redo');
  });

  it('REST safe mode is taken and released within the request, refused while the console holds it', async () => {
    const s = device();
    expect(await post(s, '/safe-mode/take')).toMatchObject({ status: 200 });
    expect(s.safeModeHolder).toBeUndefined();
    s.takeSafeMode('ssh:1');
    expect(await post(s, '/safe-mode/take')).toBe('safe mode already taken by another session');
    expect(await post(s, '/safe-mode/unroll')).toMatchObject({ status: 200 });
    expect(s.safeModeHolder).toBe('ssh:1');
  });

  it('tests an AS path against a regular expression', async () => {
    expect(await post(device(), '/routing/filter/test-as-path-regexp', { 'as-path': '65001 65002', regexp: '^65001 ' })).toMatchObject({ body: [{ match: 'yes' }] });
    expect(await post(device(), '/routing/filter/test-as-path-regexp', { 'as-path': '65001', regexp: '(' })).toBe('invalid value of regexp: (');
  });

  it('looks a destination up as the main table routes it (7.20 /ip route check)', async () => {
    const s = device();
    const [row] = ((await post(s, '/ip/route/check', { 'dst-ip': '8.8.8.8', once: '' })) as { body: Record<string, string>[] }).body;
    expect(row).toMatchObject({ status: 'ok', route: '0.0.0.0/0' });
    expect(await post(s, '/ip/route/check', { 'dst-ip': 'x', once: '' })).toBe('invalid value of dst-ip: x');
  });

  it('generates an IPsec RSA key whose exported public half imports as a public key', async () => {
    const s = device('7.15.3');
    expect(await post(s, '/ip/ipsec/key/generate-key', { name: 'k', 'key-size': '1024' })).toMatchObject({ status: 200 });
    expect(await post(s, '/ip/ipsec/key/generate-key', { name: 'k2', 'key-size': '1000' })).toBe('input does not match any value of key-size');
    expect(await post(s, '/ip/ipsec/key/export-pub-key', { key: 'k', 'file-name': 'k.pub' })).toMatchObject({ status: 200 });
    expect(s.fileRow('k.pub')?.['contents']).toMatch(/BEGIN PUBLIC KEY/);
    expect(await post(s, '/ip/ipsec/key/import', { name: 'p', 'file-name': 'k.pub' })).toMatchObject({ status: 200 });
    expect(s.list('ip/ipsec/key').map((k) => [k['name'], k['private-key']])).toEqual([['k', 'true'], ['p', 'false']]);
    s.writeFile('junk.pem', 'file', 'not a key');
    expect(await post(s, '/ip/ipsec/key/import', { name: 'j', 'file-name': 'junk.pem' })).toBe('failure: unable to load key file (wrong format or bad passphrase)!');
  });

  it('schedules a package uninstall and applies it with a reboot (7.20)', async () => {
    const s = device();
    s.commandInsert('system/package', { name: 'extra', version: '7.20.5', scheduled: '', disabled: 'false', '.builtin': 'true' });
    expect(await post(s, '/system/package/uninstall', { numbers: 'extra' })).toMatchObject({ status: 200 });
    expect(await post(s, '/system/package/apply-changes')).toMatchObject({ status: 200 });
    expect(s.list('system/package').map((p) => p['name'])).toEqual(['routeros']);
    expect(s.uptimeSeconds()).toBe(0);
  });
});
