import { Fleet, startFleet } from '../src';
import { call } from './rest-client';
import { SshSession, sshOnce } from './ssh-client';

const lines = (output: string) => output.split('\r\n').filter((l) => l !== '');

// RouterOS 7's print layouts over SSH exec, which is what parsers read: table, detail, terse, count-only,
// as-value and where (docs/simulator.md lists what was chosen where MikroTik's documentation is silent).
describe.each(['7.15.3', '7.20.5'])('RouterOS %s console print over SSH', (version) => {
  let fleet: Fleet;
  beforeAll(async () => (fleet = await startFleet({ devices: 1, version, profile: 'home', users: [{ name: 'admin', password: 'pw', group: 'full' }] })));
  afterAll(() => fleet.stop());
  afterEach(() => fetch(`${fleet.control.url}/reset`, { method: 'POST' }));

  const ssh = (command: string) => sshOnce(fleet.devices[0].sshPort, command, { password: 'pw' });
  const out = async (command: string) => {
    const result = await ssh(command);
    expect(result.code).toBe(0);
    return result.output;
  };
  const rest = (method: string, path: string, body?: unknown) => call(fleet.devices[0].restUrl, method, path, { auth: 'admin:pw', body });

  it('lays every table menu out as RouterOS 7 does: flags legend, Columns, header, numbered rows with flags, ;;; comments', async () => {
    const interfaces = lines(await out('/interface print'));
    expect(interfaces[0]).toMatch(/^Flags: .*R - RUNNING/);
    expect(interfaces[1]).toBe('Columns: NAME, TYPE, ACTUAL-MTU, L2MTU, MAX-L2MTU, MAC-ADDRESS');
    expect(interfaces[2]).toMatch(/^#\s+NAME\s+TYPE\s+ACTUAL-MTU\s+L2MTU\s+MAX-L2MTU\s+MAC-ADDRESS$/);
    expect(interfaces).toContainEqual(expect.stringMatching(/^0 [ D]R[ S]? *ether1 +ether +1500 /));
    expect(interfaces).toContain(';;; defconf');
    expect(interfaces.indexOf(';;; defconf') + 1).toBe(interfaces.findIndex((l) => / bridge +bridge /.test(l)));

    const ports = lines(await out('/interface bridge port print'));
    expect(ports.slice(0, 2)).toEqual(['Flags: H - HW-OFFLOAD', expect.stringMatching(/^Columns: INTERFACE, BRIDGE, /)]);
    expect(ports.filter((l) => l === ';;; defconf').length).toBeGreaterThan(1);

    // No row has a flag: no legend and no flags field (a captured RouterOS 7 `/ip address print` shows this).
    const users = lines(await out('/user print'));
    expect(users).toEqual(['Columns: NAME, GROUP, ADDRESS, LAST-LOGGED-IN', expect.stringMatching(/^# NAME +GROUP/), expect.stringMatching(/^0 admin +full/)]);

    await rest('PUT', '/ip/address', { address: '10.9.9.1/24', interface: 'ether3', comment: 'lab net', disabled: 'yes' });
    const addresses = lines(await out('/ip address print'));
    // The home profile's DHCP client holds a dynamic address on ether1: the legend has both groups.
    expect(addresses.slice(0, 2)).toEqual(['Flags: X - DISABLED; D - DYNAMIC', 'Columns: ADDRESS, NETWORK, INTERFACE']);
    // Rows in id order: the dynamic address's id (*7E000001) is after every static one's.
    expect(addresses.slice(-3)).toEqual([';;; lab net', expect.stringMatching(/^1 X +10\.9\.9\.1\/24 +10\.9\.9\.0 +ether3/), expect.stringMatching(/^2 +D 100\.71\.12\.34\/22 +100\.71\.12\.0 +ether1/)]);
  });

  it('prints firewall rules as RouterOS lists them: number, ;;; comment, then the rule\'s settings', async () => {
    const rules = lines(await out('/ip firewall filter print')).map((l) => l.trimEnd());
    expect(rules.slice(0, 2)).toEqual([' 0 ;;; defconf: accept established,related,untracked', '   chain=input action=accept connection-state=established,related,untracked']);
    // The command tree lists no `brief` for the firewall's print (it does for /system script): refused as RouterOS does.
    const brief = await ssh('/ip firewall filter print brief');
    expect(brief.output).toMatch(/expected end of command \(line 1 column \d+\)/);
    expect(brief.code).toBe(1);
  });

  it('print detail: number, flags, ;;; comment, then name=value with strings quoted, wrapped at 80 columns', async () => {
    await rest('PUT', '/system/scheduler', { name: 'nightly', 'on-event': ':log info "backup now"', interval: '1d' });
    const detail = await out('/system scheduler print detail');
    const joined = detail.replace(/ \r\n {2,}/g, ' ');
    expect(joined).toContain('name="nightly"');
    expect(joined).toContain('on-event=":log info \\"backup now\\""');
    expect(joined).toContain('interval=1d');

    const interfaces = (await out('/interface print detail')).split('\r\n');
    // Only a single pair longer than a line (`advertise=` lists every speed) runs past the width.
    interfaces.filter((l) => l.trim().includes(' ')).forEach((l) => expect(l.length).toBeLessThanOrEqual(80));
    expect(interfaces[0]).toMatch(/^Flags: /);
    expect(interfaces).toContainEqual(expect.stringMatching(/^0 .*name="ether1" /));
    expect(interfaces).toContainEqual(expect.stringMatching(/^ {3,}.*mac-address=/));
    expect(interfaces).toContainEqual(expect.stringMatching(/^\d .*;;; defconf$/));
    expect(interfaces.join('\n')).not.toMatch(/running=|passphrase/);
  });

  it('print detail wraps at the terminal width the login names (admin+ct200w)', async () => {
    const session = await SshSession.connect(fleet.devices[0].sshPort, { username: 'admin+ct200w', password: 'pw' });
    try {
      const wide = (await session.exec('/interface print detail')).output.split('\r\n');
      expect(Math.max(...wide.map((l) => l.length))).toBeGreaterThan(80);
      wide.forEach((l) => expect(l.length).toBeLessThanOrEqual(200));
    } finally {
      session.close();
    }
  });

  it('an interactive session prints in the menu it is in, where and count-only included, detail at the PTY width', async () => {
    const session = await SshSession.connect(fleet.devices[0].sshPort, { password: 'pw' });
    try {
      const shell = await session.shell();
      await shell.waitFor(/> $/);
      await shell.run('/ip firewall filter');
      expect(await shell.run('print count-only where chain=forward')).toContain('\r\n6\r\n');
      const forward = await shell.run('print where action=drop and chain=forward');
      expect(forward).toContain(';;; defconf: drop invalid');
      expect(forward).not.toContain('chain=input');
      // The client's PTY is 200 columns wide: a rule's settings stay on one line.
      await shell.run('/interface');
      const detail = (await shell.run('print detail')).split('\r\n');
      expect(Math.max(...detail.map((l) => l.length))).toBeGreaterThan(80);
      detail.forEach((l) => expect(l.length).toBeLessThanOrEqual(200));
    } finally {
      session.close();
    }
  });

  it('print terse: one unwrapped line per item, number and flags first, the comment as comment=', async () => {
    const terse = lines(await out('/interface print terse'));
    expect(`${terse.length}\r\n`).toBe(await out('/interface print count-only'));
    expect(terse[0]).toMatch(/^0 [ D]R[ S]? name=ether1 .*mac-address=\S+ /);
    expect(Math.max(...terse.map((l) => l.length))).toBeGreaterThan(80);
    expect(terse).toContainEqual(expect.stringMatching(/ comment=defconf name=bridge /));
  });

  it('print count-only prints the number of items, after where too', async () => {
    expect(await out('/ip address print count-only')).toBe('2\r\n'); // defconf's and the DHCP client's
    expect(await out('/ip address print count-only where dynamic=no')).toBe('1\r\n');
    expect(await out('/ip firewall filter print count-only where chain=forward')).toBe('6\r\n');
  });

  it('print where prints only the matching items, numbered as in the whole list', async () => {
    const forward = lines(await out('/ip firewall filter print where chain=forward'));
    expect(forward.filter((l) => /^ ?\d+ /.test(l)).map((l) => l.trim().split(' ')[0])).toEqual(['5', '6', '7', '8', '9', '10']);
    const ethers = lines(await out('/interface print where type=ether and running'));
    expect(ethers.slice(3).map((l) => l.split(/ +/).find((w) => w.startsWith('ether')))).toEqual(['ether1', 'ether2']);
    expect(lines(await out('/ip address print terse where interface=bridge'))).toEqual([expect.stringMatching(/^0 comment=defconf .*address=192\.168\.88\.1\/24/)]);
  });

  it('print as-value prints nothing on the console; its value is what a script puts', async () => {
    expect(await out('/ip address print as-value')).toBe('');
    expect(await out(':put [/ip address print as-value]')).toBe('.id=*1;comment=defconf;address=192.168.88.1/24;network=192.168.88.0;interface=bridge;.id=*7E000001;address=100.71.12.34/22;network=100.71.12.0;interface=ether1\r\n');
    expect(await out(':put [/ip address print as-value proplist=address]')).toBe('.id=*1;address=192.168.88.1/24;.id=*7E000001;address=100.71.12.34/22\r\n');
    expect(await out(':put [/interface print count-only where type=ether]')).toBe('5\r\n');
  });

  it('/file print lists files without their contents', async () => {
    expect((await ssh('/export file=snap')).code).toBe(0);
    const files = await out('/file print');
    expect(lines(files)[0]).toBe('Columns: NAME, TYPE, SIZE, CREATION-TIME');
    expect(files).toMatch(/snap\.rsc +script +\d+ /);
    expect(files).not.toContain('/ip address');
    expect(await out('/file print detail')).not.toMatch(/contents=|\/ip address/);
    expect(await out('/file print terse')).not.toMatch(/contents=|\/ip address/);
  });

  it('/export verbose lines are wrapped at 80 columns, and joining them gives the terse export', async () => {
    const verbose = (await out('/export verbose')).split('\r\n');
    verbose.forEach((l) => expect(l.length).toBeLessThanOrEqual(80));
    expect(verbose.some((l) => l.startsWith('    '))).toBe(true);
    let menu = '';
    const commands = verbose
      .join('\n')
      .replace(/\\\n {4}/g, '')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'))
      .flatMap((l) => (l.startsWith('/') ? ((menu = l), []) : [`${menu} ${l}`]));
    expect(commands).toEqual(lines(await out('/export verbose terse')).filter((l) => !l.startsWith('#')));
  });
});
