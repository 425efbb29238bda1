import { Fleet, startFleet } from '../src';
import { call } from './rest-client';
import { InteractiveShell, SshSession, sshOnce } from './ssh-client';

const CTRL_C = '\x03';
const PROMPT = /\[admin@sim-home-001\] > $/;

/**
 * Console prints that run until stopped (`follow`, `follow-only`, `interval=`), `without-paging` and `group-by`, as
 * each version's command tree lists them per menu; the words a menu's print does not take are refused.
 */
describe.each(['7.15.3', '7.20.5'])('RouterOS %s console print follow and interval', (version) => {
  let fleet: Fleet;
  const sessions: SshSession[] = [];
  beforeAll(async () => (fleet = await startFleet({ devices: 1, version, profile: 'home' })));
  afterAll(() => fleet.stop());
  afterEach(async () => {
    sessions.splice(0).forEach((s) => s.close());
    await fetch(`${fleet.control.url}/reset`, { method: 'POST' });
  });

  const rest = (method: string, path: string, body?: unknown) => call(fleet.devices[0].restUrl, method, path, { body });
  const ssh = (command: string) => sshOnce(fleet.devices[0].sshPort, command, { password: 'admin' });
  async function open(): Promise<{ session: SshSession; shell: InteractiveShell }> {
    const session = await SshSession.connect(fleet.devices[0].sshPort, { password: 'admin' });
    sessions.push(session);
    const shell = await session.shell();
    await shell.waitFor(PROMPT);
    return { session, shell };
  }
  /** Stops the running print with Ctrl+C: the prompt comes back and the session takes commands again. */
  async function stop(shell: InteractiveShell): Promise<void> {
    const from = shell.output.length;
    shell.send(CTRL_C);
    await shell.waitFor(PROMPT, from);
    expect(await shell.run('/system identity print')).toContain('name: sim-home-001');
  }

  it('follows /log until Ctrl+C: the lines so far, then each new line as it is logged', async () => {
    await ssh(':log info "before follow"');
    const { shell } = await open();
    const from = shell.output.length;
    shell.send('/log print follow\r');
    await shell.waitFor('before follow', from);
    await ssh(':log warning "logged while following"');
    const seen = await shell.waitFor('logged while following', from);
    expect(seen.match(/Columns:/g)).toHaveLength(1);
    await stop(shell);
  });

  it('follow-only prints only what changes: a new address appears without the existing ones or a header', async () => {
    const { shell } = await open();
    const from = shell.output.length;
    shell.send('/ip address print follow-only\r');
    // Nothing is printed for the addresses already there: the line's echo ends once the print has taken its snapshot.
    await shell.waitFor('follow-only\r\n', from);
    expect((await rest('PUT', '/ip/address', { address: '10.77.0.1/24', interface: 'ether3' })).status).toBe(201);
    const seen = await shell.waitFor('10.77.0.1/24', from);
    expect(seen).not.toContain('192.168.88.1/24');
    expect(seen).not.toContain('Columns:');
    await stop(shell);
  });

  it('prints again every interval= until Ctrl+C, and streams over an exec channel until it closes', async () => {
    const { shell, session } = await open();
    const from = shell.output.length;
    shell.send('/system identity print interval=1s\r');
    await shell.waitFor(/(name: sim-home-001[\s\S]*){2}/, from);
    await stop(shell);
    const streamed = await session.execUntil('/system resource print interval=1s', /(uptime:[\s\S]*){2}/);
    expect(streamed.match(/uptime:/g)!.length).toBeGreaterThanOrEqual(2);
    expect((await ssh('/system identity print')).output).toContain('name: sim-home-001');
  });

  it('checks interval= as the tree describes it', async () => {
    expect((await ssh('/system identity print interval=banana')).output).toContain('invalid value for argument interval');
    expect((await ssh('/system identity print interval=100ms')).output).toMatch(/value of interval out of range/);
  });

  it('takes without-paging where the tree lists it, and refuses follow where it does not (a singleton)', async () => {
    expect((await ssh('/ip address print without-paging')).output).toContain('192.168.88.1/24');
    expect((await ssh('/system identity print without-paging')).output).toContain('name: sim-home-001');
    const refused = await ssh('/system identity print follow');
    expect(refused.output).toMatch(/expected end of command \(line 1 column \d+\)/);
    expect(refused.code).toBe(1);
  });

  it(version === '7.20.5' ? 'groups a table by group-by=, which 7.20 lists' : 'refuses group-by=, which 7.15 does not list', async () => {
    const printed = await ssh('/interface print group-by=type');
    if (version === '7.15.3') {
      expect(printed.output).toMatch(/expected end of command \(line 1 column \d+\)/);
      return;
    }
    const types = ((await rest('GET', '/interface')).body as Record<string, string>[]).map((r) => r['type']);
    const lines = printed.output.split('\r\n').filter((l) => /^\s*\d+ /.test(l));
    expect(lines).toHaveLength(types.length);
    const order = lines.map((l) => types.findIndex((t) => l.includes(` ${t} `) || l.endsWith(` ${t}`)));
    expect(order.every((t) => t >= 0)).toBe(true);
    const seen = lines.map((l) => types.find((t) => l.includes(t))!);
    expect(seen).toEqual([...seen].sort());
  });
});
