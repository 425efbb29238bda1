import { Fleet, startFleet } from '../src';
import { call } from './rest-client';
import { sshOnce } from './ssh-client';

let fleet: Fleet;
beforeAll(async () => (fleet = await startFleet({ devices: 2, profile: 'mixed', users: [{ name: 'admin', password: 'pw', group: 'full' }] })));
afterAll(() => fleet.stop());

/** Runs one command over SSH, checking the host key against the fingerprint the simulator reported. */
function ssh(device: number, command: string, password = 'pw'): Promise<{ output: string; code: number | null; hostKey: string }> {
  const d = fleet.devices[device];
  return sshOnce(d.sshPort, command, { password, expectHostKey: d.keys.sshHostKeyFingerprint });
}

describe('SSH', () => {
  it('presents the host key whose fingerprint it reported, and refuses a wrong password', async () => {
    const { hostKey } = await ssh(0, '/system/resource/print');
    expect(hostKey).toBe(fleet.devices[0].keys.sshHostKeyFingerprint);
    await expect(ssh(0, '/export', 'wrong')).rejects.toThrow(/authentication/i);
  });

  it('exports with a header, /menu sections, CRLF line ends and wrapped long lines', async () => {
    const { output, code } = await ssh(0, '/export');
    expect(code).toBe(0);
    const lines = output.split('\r\n');
    expect(output).not.toMatch(/[^\r]\n/);
    expect(lines[0]).toMatch(/^# \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} by RouterOS 7\.20\.5$/);
    expect(lines).toContain('# model = C53UiG+5HPaxD2HPaxD');
    expect(lines).toEqual(expect.arrayContaining(['/interface bridge', '/ip address', '/ip firewall filter', '/system identity']));
    // 81 characters: wrapped with a continuation after the `=` whose value does not fit, as RouterOS's defconf export shows.
    const at = lines.indexOf('add address=192.168.88.1/24 comment=defconf interface=bridge network=\\');
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1]).toBe('    192.168.88.0');
    expect(lines).toContain('set name=sim-home-001');
    expect(lines.every((l) => l.length <= 80)).toBe(true);
    expect(lines.some((l) => l.endsWith(' \\'))).toBe(true);
    expect(lines.findIndex((l) => l === '/interface bridge')).toBeLessThan(lines.findIndex((l) => l === '/ip address'));
  });

  it('hides secrets unless show-sensitive, and prints terse one-liners', async () => {
    expect((await ssh(0, '/export')).output).not.toContain('factory-wifi-key');
    expect((await ssh(0, '/export verbose show-sensitive')).output).toContain('.passphrase=factory-wifi-key');
    const terse = (await ssh(0, '/export terse')).output.split('\r\n');
    expect(terse).toContain('/ip address add address=192.168.88.1/24 comment=defconf interface=bridge network=192.168.88.0');
  });

  it('reflects changes made over REST, built-ins as set [ find default-name=… ]', async () => {
    const url = fleet.devices[1].restUrl;
    await call(url, 'PATCH', '/interface/ether3', { auth: 'admin:pw', body: { comment: 'to core', disabled: 'yes' } });
    await call(url, 'PUT', '/ip/address', { auth: 'admin:pw', body: { address: '10.55.0.1/24', interface: 'ether4' } });
    const lines = (await ssh(1, '/export')).output.split('\r\n');
    expect(lines).toContain('set [ find default-name=ether3 ] comment="to core" disabled=yes');
    expect(lines).toContain('add address=10.55.0.1/24 interface=ether4 network=10.55.0.0');
    expect(lines).not.toContain('set [ find default-name=ether5 ]');
  });

  it('prints common menus and rejects other commands as the console does', async () => {
    expect((await ssh(0, '/system/resource/print')).output).toMatch(/^\s+uptime: \S+\r$/m);
    expect((await ssh(0, '/ip/address/print without-paging')).output).toContain('192.168.88.1/24');
    expect(await ssh(0, '/export bogus')).toMatchObject({ code: 1, output: expect.stringContaining('expected end of command') });
    // The console's editor checks its item before it needs a terminal (test/reset-edit-commands.e2e-spec.ts).
    expect(await ssh(0, '/ip/address/edit')).toMatchObject({ code: 1, output: expect.stringContaining('missing value for number') });
    // A word the tree lacks; every command of the tree is modelled (test/last-commands.e2e-spec.ts), so its own
    // argument checks answer (`/system/reboot` runs: test/power-commands.e2e-spec.ts).
    expect(await ssh(0, '/ip/ssh/export-host-keys')).toMatchObject({ code: 1, output: expect.stringContaining('bad command name export-host-keys') });
    expect(await ssh(0, '/ip/ssh/export-host-key')).toMatchObject({ code: 1, output: expect.stringContaining('missing value for key-file-prefix') });
  });
});
