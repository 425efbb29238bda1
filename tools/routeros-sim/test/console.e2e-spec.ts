import { Fleet, startFleet } from '../src';
import { call } from './rest-client';
import { SshSession, sshOnce } from './ssh-client';

// Both versions: the console's syntax is the same; 7.15.3 has no /safe-mode menu (see safe-mode.e2e-spec).
describe.each(['7.15.3', '7.20.5'])('RouterOS %s console over SSH exec', (version) => {
  let fleet: Fleet;
  beforeAll(async () => (fleet = await startFleet({ devices: 1, version, profile: 'home', users: [{ name: 'admin', password: 'pw', group: 'full' }] })));
  afterAll(() => fleet.stop());
  afterEach(() => fetch(`${fleet.control.url}/reset`, { method: 'POST' }));

  const ssh = (command: string) => sshOnce(fleet.devices[0].sshPort, command, { password: 'pw' });
  const rest = (method: string, path: string, body?: unknown) => call(fleet.devices[0].restUrl, method, path, { auth: 'admin:pw', body });

  it('takes the console form and the slash form alike', async () => {
    const slash = await ssh('/ip/address/print');
    expect(slash.code).toBe(0);
    expect(slash.output).toContain('192.168.88.1/24');
    expect(await ssh('/ip address print')).toEqual(slash);
    expect(await ssh('/ip address print without-paging')).toEqual(slash);
    expect((await ssh('/system identity print')).output).toMatch(/^\s+name: sim-home-001\r$/m);
  });

  it('exports the whole configuration, tersely, or one menu', async () => {
    const terse = (await ssh('/export terse')).output.split('\r\n');
    expect(terse).toContain('/ip address add address=192.168.88.1/24 comment=defconf interface=bridge network=192.168.88.0');
    expect((await ssh('export')).output).toContain('/ip firewall filter');
    const section = (await ssh('/ip address export')).output.split('\r\n').filter((l) => l && !l.startsWith('#'));
    expect(section[0]).toBe('/ip address');
    expect(section.some((l) => l.startsWith('/ip firewall') || l.startsWith('/interface'))).toBe(false);
  });

  it("answers what it cannot run with RouterOS's errors and their columns, exit status 1", async () => {
    expect(await ssh('/ip addresss print')).toMatchObject({ code: 1, output: 'bad command name addresss (line 1 column 5)\r\n' });
    expect(await ssh('/export bogus')).toMatchObject({ code: 1, output: 'expected end of command (line 1 column 9)\r\n' });
    expect(await ssh('/system identity set nme=x')).toMatchObject({ code: 1, output: 'expected end of command (line 1 column 22)\r\n' });
    expect(await ssh('/system identity set name="x')).toMatchObject({ code: 1, output: 'syntax error (line 1 column 29)\r\n' });
    expect(await ssh('/ip address remove *FFFF')).toMatchObject({ code: 1, output: 'no such item\r\n' });
  });

  it('runs the revert grammar: singleton set with quoting, add, set and remove by id or [find]', async () => {
    const script = [
      '/system identity set name="core \\"1\\" \\$x"',
      '/ip dns set servers=1.1.1.1,9.9.9.9',
      '/ip address add address=10.9.9.1/24 interface=ether3 comment="lab net"',
    ].join('; ');
    expect(await ssh(script)).toEqual({ output: '', code: 0, hostKey: expect.any(String) });
    expect(((await rest('GET', '/system/identity')).body as any).name).toBe('core "1" $x');
    expect(((await rest('GET', '/ip/dns')).body as any).servers).toBe('1.1.1.1,9.9.9.9');
    const added = ((await rest('GET', '/ip/address')).body as any[]).find((a) => a.address === '10.9.9.1/24');
    expect(added).toMatchObject({ interface: 'ether3', comment: 'lab net' });

    expect((await ssh(`/ip address set ${added['.id']} disabled=yes comment=off`)).code).toBe(0);
    expect((await rest('GET', `/ip/address/${added['.id']}`)).body).toMatchObject({ disabled: 'true', comment: 'off' });
    expect((await ssh('/ip address remove [find comment=off]')).code).toBe(0);
    expect(((await rest('GET', '/ip/address?dynamic=false')).body as any[]).map((a) => a.address)).toEqual(['192.168.88.1/24']);
    // Nothing matches: nothing to remove, and no error.
    expect(await ssh('/ip address remove [find comment=off]')).toMatchObject({ code: 0, output: '' });
  });

  it('runs unset by value-name where the menu has it (not /ip address, as on RouterOS), add with place-before, and move', async () => {
    const [address] = (await rest('GET', '/ip/address')).body as any[];
    expect(await ssh(`/ip address unset ${address['.id']} value-name=comment`)).toMatchObject({ code: 1, output: 'bad command name unset (line 1 column 13)\r\n' });
    expect((await ssh(`/ip address set ${address['.id']} comment=""`)).code).toBe(0);
    expect(((await rest('GET', `/ip/address/${address['.id']}`)).body as any).comment ?? '').toBe('');
    const [rule] = (await rest('GET', '/ip/firewall/filter')).body as any[];
    expect((await ssh(`/ip firewall filter unset ${rule['.id']} value-name=comment`)).code).toBe(0);
    expect((await rest('GET', `/ip/firewall/filter/${rule['.id']}`)).body).not.toHaveProperty('comment');

    const ids = async () => ((await rest('GET', '/ip/firewall/filter')).body as any[]).map((r) => r['.id'] as string);
    const [first, second, third] = await ids();
    expect((await ssh(`/ip firewall filter add chain=input action=accept protocol=tcp dst-port=8291 comment="winbox in" place-before=${first}`)).code).toBe(0);
    const added = (await ids())[0];
    expect(added).not.toBe(first);
    expect((await ssh(`/ip firewall filter move ${added} destination=${third}`)).code).toBe(0);
    expect((await ids()).slice(0, 3)).toEqual([first, second, added]);
    expect((await ssh(`/ip firewall filter move ${added}`)).code).toBe(0);
    expect((await ids()).at(-1)).toBe(added);
    expect(await ssh('/ip firewall filter move *FFFF destination=*1')).toMatchObject({ code: 1 });
  });

  it('reads the whole input first: a syntax error in the last command runs none of them; a failure stops the rest', async () => {
    expect(await ssh('/system identity set name=first; /ip address add address=10.1.1.1/24 interface=ether3 bogus=1')).toMatchObject({ code: 1, output: expect.stringContaining('expected end of command') });
    expect(((await rest('GET', '/system/identity')).body as any).name).toBe('sim-home-001');
    expect(await ssh('/system identity set name=first; /ip address remove *FFFF; /system identity set name=second')).toMatchObject({ code: 1, output: 'no such item\r\n' });
    expect(((await rest('GET', '/system/identity')).body as any).name).toBe('first');
  });

  it('refuses writes to a read-only user', async () => {
    const ro = await startFleet({ devices: 1, version, profile: 'chr', users: [{ name: 'viewer', password: 'v', group: 'read' }] });
    try {
      const result = await sshOnce(ro.devices[0].sshPort, '/system identity set name=x', { username: 'viewer', password: 'v' });
      expect(result).toMatchObject({ code: 1, output: 'not enough permissions (9)\r\n' });
    } finally {
      await ro.stop();
    }
  });

  it('takes terminal options after the login name (admin+ct), as RouterOS does', async () => {
    const session = await SshSession.connect(fleet.devices[0].sshPort, { username: 'admin+ct', password: 'pw' });
    try {
      expect((await session.exec('/system identity print')).output).toContain('sim-home-001');
    } finally {
      session.close();
    }
  });
});
