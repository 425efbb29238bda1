import { Fleet, startFleet } from '../src';
import { call } from './rest-client';
import { until } from './until';
import { sshOnce } from './ssh-client';


describe.each(['7.15.3', '7.20.5'])('RouterOS %s scheduler on the device clock', (version) => {
  let fleet: Fleet;
  beforeAll(async () => (fleet = await startFleet({ devices: 1, version, profile: 'home' })));
  afterAll(() => fleet.stop());
  afterEach(() => fetch(`${fleet.control.url}/reset`, { method: 'POST' }));

  const rest = (method: string, path: string, body?: unknown) => call(fleet.devices[0].restUrl, method, path, { body });
  const identity = async () => ((await rest('GET', '/system/identity')).body as { name: string }).name;
  const entries = async () => (await rest('GET', '/system/scheduler')).body as Record<string, string>[];
  const advance = async (seconds: number) => {
    const res = await fetch(`${fleet.control.url}/devices/0/clock`, { method: 'POST', body: JSON.stringify({ advance_seconds: seconds }) });
    expect(res.status).toBe(200);
  };
  /** The device's clock plus `seconds`, as start-date and start-time. */
  async function inFuture(seconds: number): Promise<{ 'start-date': string; 'start-time': string }> {
    const clock = (await rest('GET', '/system/clock')).body as { date: string; time: string };
    const at = new Date(Date.parse(`${clock.date}T${clock.time}Z`) + seconds * 1000).toISOString();
    return { 'start-date': at.slice(0, 10), 'start-time': at.slice(11, 19) };
  }
  /** Adds a scheduler entry starting `seconds` ahead of the device's clock; answers the start it was given. */
  const arm = async (name: string, onEvent: string, seconds = 120, interval = '0s') => {
    const start = await inFuture(seconds);
    expect((await rest('PUT', '/system/scheduler', { name, ...start, interval, 'on-event': onEvent })).status).toBe(201);
    return start;
  };
  const logs = async () => ((await rest('GET', '/log')).body as { topics: string; message: string }[]).filter((l) => l.topics === 'script,error').map((l) => l.message);

  it('runs a one-shot revert when the clock reaches it, which removes its own entry', async () => {
    await rest('POST', '/system/identity/set', { name: 'changed' });
    // The start the entry was given: the device's clock runs on while the test reads it.
    const start = await arm('mcp-revert-c1', '/system identity set name=sim-home-001; /system scheduler remove [find name="mcp-revert-c1"]');
    const [entry] = await entries();
    expect(entry).toMatchObject({ name: 'mcp-revert-c1', interval: '0s', 'run-count': '0', 'next-run': `${start['start-date']} ${start['start-time']}`, disabled: 'false', ...start });
    expect((await sshOnce(fleet.devices[0].sshPort, '/system scheduler print detail', { password: 'admin' })).output).toContain('name="mcp-revert-c1"');

    await advance(60);
    expect(await identity()).toBe('changed');
    await advance(61);
    expect(await identity()).toBe('sim-home-001');
    expect(await entries()).toEqual([]);
  });

  it('runs nothing of a script with a syntax error, logs it, and does not run it again', async () => {
    await arm('bad', '/system identity set name=ran; /ip address add address=10.1.1.1/24 interface=ether3 foo=bar');
    await advance(121);
    expect(await identity()).toBe('sim-home-001');
    expect(await logs()).toEqual(['script error: expected end of command (line 1 column 85)', 'executing script from scheduler (bad) failed, please check it manually']);
    expect((await entries())[0]).toMatchObject({ 'run-count': '1', 'next-run': '' });
    await advance(3600);
    expect((await entries())[0]).toMatchObject({ 'run-count': '1' });
  });

  it('treats an unknown command as a syntax error and runs none of the script; print and other commands now run', async () => {
    await arm('typo', '/system identity set name=ran; /system rebooot');
    await arm('print', '/ip address print; /system identity set name=printed');
    await advance(121);
    expect(await logs()).toEqual(expect.arrayContaining(['script error: bad command name rebooot (line 1 column 40)']));
    expect(await identity()).toBe('printed');
  });

  it('runs an interval entry without a start time every interval from its creation', async () => {
    expect((await rest('PUT', '/system/scheduler', { name: 'no-start', interval: '10m', 'on-event': '/system identity set name=ticked' })).status).toBe(201);
    const [entry] = await entries();
    expect(entry).toMatchObject({ 'start-time': 'startup', 'run-count': '0' });
    expect(entry['start-date']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(entry['next-run']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await advance(599);
    expect((await entries())[0]['run-count']).toBe('0');
    await advance(2);
    expect((await entries())[0]['run-count']).toBe('1');
    expect(await identity()).toBe('ticked');
    await advance(600);
    expect((await entries())[0]['run-count']).toBe('2');
  });

  it('runs a past start time with an interval at the next aligned slot, not at once', async () => {
    const past = await inFuture(-90);
    expect((await rest('PUT', '/system/scheduler', { name: 'past', ...past, interval: '1m', 'on-event': '/system identity set name=aligned' })).status).toBe(201);
    const next = new Date(Date.parse(`${past['start-date']}T${past['start-time']}Z`) + 120_000).toISOString();
    expect((await entries())[0]).toMatchObject({ 'run-count': '0', 'next-run': `${next.slice(0, 10)} ${next.slice(11, 19)}` });
    expect(await identity()).toBe('sim-home-001');
    await advance(31);
    expect((await entries())[0]['run-count']).toBe('1');
    expect(await identity()).toBe('aligned');
  });

  it('defaults start-date to the creation date and refuses values RouterOS refuses', async () => {
    const clock = (await rest('GET', '/system/clock')).body as { date: string };
    expect((await rest('PUT', '/system/scheduler', { name: 'dated', 'start-time': '23:59:59', 'on-event': '' })).status).toBe(201);
    expect((await entries())[0]['start-date']).toBe(clock.date);
    for (const bad of [{ interval: 'banana' }, { 'start-time': '25:00:00' }, { 'start-date': 'tomorrow' }]) {
      const reply = await rest('PUT', '/system/scheduler', { name: 'bad', 'on-event': '', ...bad });
      expect(reply.status).toBe(400);
      expect(JSON.stringify(reply.body)).toContain(`invalid value for argument ${Object.keys(bad)[0]}`);
    }
    expect(await entries()).toHaveLength(1);
  });

  it('stops at the first command that fails; the ones before it stay done', async () => {
    await arm('partial', '/system identity set name=ran; /ip address remove *FFFF; /system identity set name=not-reached');
    await advance(121);
    expect(await identity()).toBe('ran');
    expect(await logs()).toContain('script error: no such item');
  });

  it('repeats an entry with an interval, counting its runs', async () => {
    await arm('every-minute', '/ip dns set servers=1.1.1.1', 10, '1m');
    await advance(11);
    expect((await entries())[0]['run-count']).toBe('1');
    await advance(60);
    expect((await entries())[0]['run-count']).toBe('2');
    expect(((await rest('GET', '/ip/dns')).body as { servers: string }).servers).toBe('1.1.1.1');
  });

  it('lets time pass on its own: an entry due in a few seconds runs without the clock being moved', async () => {
    await rest('POST', '/system/identity/set', { name: 'changed' });
    // Far enough ahead that a loaded machine arms it before it is due (a start already past would never run).
    await arm('soon', '/system identity set name=sim-home-001', 8);
    await until(async () => (await identity()) === 'sim-home-001', 60_000);
  });
});

describe('seeded rows', () => {
  let fleet: Fleet;
  beforeAll(async () => (fleet = await startFleet({ devices: 1, profile: 'edge' })));
  afterAll(() => fleet.stop());

  it('print creation-time RouterOS-style (YYYY-MM-DD HH:MM:SS), not empty', async () => {
    const lists = (await call(fleet.devices[0].restUrl, 'GET', '/ip/firewall/address-list')).body as Record<string, string>[];
    expect(lists.length).toBeGreaterThan(0);
    for (const row of lists) expect(row['creation-time']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});
