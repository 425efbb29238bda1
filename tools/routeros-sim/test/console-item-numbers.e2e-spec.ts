import { Fleet, startFleet } from '../src';
import { call } from './rest-client';
import { InteractiveShell, SshSession, sshOnce } from './ssh-client';

/** Item numbers over a real SSH console (MikroTik's Console manual, "Item Numbers"; ssh/item-numbers.ts). */
describe.each(['7.15.3', '7.20.5'])('RouterOS %s console item numbers', (version) => {
  let fleet: Fleet;
  const sessions: SshSession[] = [];
  beforeAll(async () => (fleet = await startFleet({ devices: 1, version, profile: 'edge', users: [{ name: 'admin', password: 'pw', group: 'full' }] })));
  afterAll(() => fleet.stop());
  afterEach(async () => {
    sessions.splice(0).forEach((s) => s.close());
    await fetch(`${fleet.control.url}/reset`, { method: 'POST' });
  });

  const rules = async () => (await call(fleet.devices[0].restUrl, 'GET', '/ip/firewall/filter', { auth: 'admin:pw' })).body as Array<Record<string, string>>;

  async function open(): Promise<InteractiveShell> {
    const session = await SshSession.connect(fleet.devices[0].sshPort, { username: 'admin+ct', password: 'pw' });
    sessions.push(session);
    const shell = await session.shell();
    await shell.waitFor('[admin@sim-edge-001] > ');
    return shell;
  }

  it('keep what the session last printed across lines, while another session changes the menu', async () => {
    const shell = await open();
    const [first, second] = await rules();
    await shell.run('/ip firewall filter print');
    // Another client removes the first rule: this session's 1 still names the second.
    await call(fleet.devices[0].restUrl, 'DELETE', `/ip/firewall/filter/${encodeURIComponent(first['.id'])}`, { auth: 'admin:pw' });
    expect(await shell.run('/ip firewall filter set 1 comment=second')).not.toContain('no such item');
    expect((await rules()).find((r) => r['.id'] === second['.id'])?.['comment']).toBe('second');
    expect(await shell.run('/ip firewall filter set 0 comment=gone')).toContain('no such item');
    expect(await shell.run('/ip firewall filter add chain=input action=accept comment=top place-before=1')).not.toContain('no such item');
    expect((await rules())[0]['comment']).toBe('top');
  });

  it('number an exec command afresh, as print would', async () => {
    const before = await rules();
    const result = await sshOnce(fleet.devices[0].sshPort, '/ip firewall filter disable 2; /ip firewall filter add copy-from=0 comment=copied', { password: 'pw' });
    expect(result).toMatchObject({ code: 0, output: '' });
    const after = await rules();
    expect(after.find((r) => r['.id'] === before[2]['.id'])?.['disabled']).toBe('true');
    expect(after.at(-1)).toMatchObject({ chain: before[0]['chain'], action: before[0]['action'], comment: 'copied' });
    expect((await sshOnce(fleet.devices[0].sshPort, `/ip firewall filter remove ${after.length + 3}`, { password: 'pw' })).output).toBe('no such item\r\n');
  });
});
