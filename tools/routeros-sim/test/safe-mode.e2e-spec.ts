import { Fleet, startFleet } from '../src';
import { call } from './rest-client';
import { until } from './until';
import { InteractiveShell, SshSession } from './ssh-client';

const CTRL_X = '\x18';
const CTRL_D = '\x04';


// Ctrl+X safe mode is the console's on every v7 version; it is the only way before 7.18 (no /safe-mode menu).
describe.each(['7.15.3', '7.20.5'])('RouterOS %s interactive console (PTY)', (version) => {
  let fleet: Fleet;
  const sessions: SshSession[] = [];
  beforeAll(async () => (fleet = await startFleet({ devices: 1, version, profile: 'chr', safeModeRevertMs: 300 })));
  afterAll(() => fleet.stop());
  afterEach(async () => {
    sessions.splice(0).forEach((s) => s.close());
    await fetch(`${fleet.control.url}/reset`, { method: 'POST' });
  });

  const url = () => fleet.devices[0].restUrl;
  const identity = async () => ((await call(url(), 'GET', '/system/identity')).body as { name: string }).name;
  const rename = (name: string) => call(url(), 'POST', '/system/identity/set', { body: { name } });
  const holder = async () => ((await (await fetch(`${fleet.control.url}/devices/0/state`)).json()) as any).management.safe_mode_holder;

  async function open(): Promise<{ session: SshSession; shell: InteractiveShell }> {
    const session = await SshSession.connect(fleet.devices[0].sshPort, { username: 'admin+ct', password: 'admin' });
    sessions.push(session);
    const shell = await session.shell();
    await shell.waitFor('[admin@sim-chr-001] > ');
    return { session, shell };
  }

  async function takeSafeMode(shell: InteractiveShell): Promise<void> {
    const from = shell.output.length;
    shell.send(CTRL_X);
    await shell.waitFor('[Safe Mode taken]\r\n[admin@sim-chr-001] <SAFE> ', from);
  }

  /** Session a holds safe mode and renamed the device; b pressed Ctrl+X and is asked whether to hijack. */
  async function holdAndAsk() {
    const a = await open();
    const b = await open();
    await takeSafeMode(a.shell);
    await rename('by-a');
    const from = b.shell.output.length;
    b.shell.send(CTRL_X);
    await b.shell.waitFor("Hijacking Safe Mode from someone - unroll/release/don't take it [u/r/d]: ", from);
    return { a, b, from };
  }

  it('shows the RouterOS prompt and runs console commands, following the identity', async () => {
    const { shell } = await open();
    expect(await shell.run('/system identity print')).toContain('name: sim-chr-001');
    expect(await shell.run('/system identity set name="core 1"')).toMatch(/\[admin@core 1\] > $/);
    expect(await shell.run('/ip addresss print')).toContain('bad command name addresss (line 1 column 5)');
    // A menu path alone moves there; the prompt says where.
    expect(await shell.run('/ip address')).toMatch(/\[admin@core 1\] \/ip\/address> $/);
    expect(await shell.run('print')).toContain('10.0.2.15/24');
  });

  it('Ctrl+X takes safe mode and Ctrl+X again releases it, keeping the changes', async () => {
    const { shell } = await open();
    await takeSafeMode(shell);
    expect(await holder()).not.toBeNull();
    await rename('kept');
    const from = shell.output.length;
    shell.send(CTRL_X);
    await shell.waitFor('[Safe Mode released]\r\n[admin@kept] > ', from);
    expect(await holder()).toBeNull();
    expect(await identity()).toBe('kept');
  });

  it('a dropped connection undoes every change made while it held safe mode, from any session', async () => {
    const { session, shell } = await open();
    await takeSafeMode(shell);
    await shell.run('/system identity set name=from-console');
    await rename('from-rest');
    session.drop();
    await until(async () => (await identity()) === 'sim-chr-001');
    expect(await holder()).toBeNull();
  });

  it('Ctrl+D leaves undoing the safe-mode changes; /quit leaves keeping them', async () => {
    const first = await open();
    await takeSafeMode(first.shell);
    await rename('undone');
    first.shell.send(CTRL_D);
    await until(async () => first.shell.closed);
    expect(await identity()).toBe('sim-chr-001');

    const second = await open();
    await takeSafeMode(second.shell);
    await rename('quit-keeps');
    second.shell.send('/quit\r');
    await until(async () => second.shell.closed);
    expect(await identity()).toBe('quit-keeps');
    expect(await holder()).toBeNull();
  });

  it('another session asks before hijacking safe mode: d leaves it, r takes it keeping the changes and tells the holder', async () => {
    const { a, b, from: asked } = await holdAndAsk();
    let from = asked;
    b.shell.send('d');
    await b.shell.waitFor('[admin@by-a] > ', from);
    const before = await holder();

    from = b.shell.output.length;
    const notified = a.shell.output.length;
    b.shell.send(CTRL_X);
    await b.shell.waitFor('[u/r/d]: ', from);
    b.shell.send('r');
    await b.shell.waitFor('[Safe Mode taken]\r\n[admin@by-a] <SAFE> ', from);
    await a.shell.waitFor('[Safe mode released by another user]', notified);
    expect(await holder()).not.toBe(before);
    // a no longer holds it: dropping a undoes nothing; b holds it now.
    a.session.drop();
    await new Promise((r) => setTimeout(r, 600));
    expect(await identity()).toBe('by-a');
  });

  it('u undoes the holder’s changes before taking safe mode', async () => {
    const { b, from } = await holdAndAsk();
    b.shell.send('u');
    await b.shell.waitFor('<SAFE> ', from);
    expect(await identity()).toBe('sim-chr-001');
  });
});

describe('a lock-out made while an interactive session holds safe mode', () => {
  it('is undone once the device gives up on the cut session, though the client never closed it', async () => {
    const fleet = await startFleet({ devices: 1, version: '7.15.3', profile: 'home', safeModeRevertMs: 300 });
    const session = await SshSession.connect(fleet.devices[0].sshPort, { password: 'admin' });
    try {
      const shell = await session.shell();
      await shell.waitFor('] > ');
      shell.send(CTRL_X);
      await shell.waitFor('<SAFE> ');
      const managed = ((await call(fleet.devices[0].restUrl, 'GET', '/ip/address')).body as any[])[0];
      await shell.run(`/ip address remove ${managed['.id']}`, /\r\n$/);
      await until(async () => (await call(fleet.devices[0].restUrl, 'GET', '/ip/address', { timeoutMs: 1000 })).status === 200);
      expect(((await call(fleet.devices[0].restUrl, 'GET', '/ip/address?dynamic=false')).body as any[]).map((a) => a.address)).toEqual(['192.168.88.1/24']);
    } finally {
      session.close();
      await fleet.stop();
    }
  });
});
