import { revertScript } from '@routeros-mcp/domain-changes';
import { oneDevice } from './one-device';

/** Scripts as routers are scripted, run by the simulator over its real REST and SSH, on the device's clock. */
describe.each(['7.15.3', '7.20.5'])('RouterOS %s scripting', (version) => {
  const sim = oneDevice(version);
  const { rest, ssh } = sim;
  const rows = async (path: string) => (await rest('GET', path)).body as Record<string, string>[];
  const logs = async (topic: string) => (await rows('/log')).filter((l) => l['topics'] === topic).map((l) => l['message']);
  const advance = async (seconds: number) => {
    const res = await fetch(`${sim.fleet.control.url}/devices/0/clock`, { method: 'POST', body: JSON.stringify({ advance_seconds: seconds }) });
    expect(res.status).toBe(200);
  };
  const addScript = async (name: string, source: string) => expect((await rest('PUT', '/system/script', { name, source })).status).toBe(201);

  it('disables the rules :foreach finds by comment, through /system/script run over REST', async () => {
    for (const comment of ['x-one', 'x-two', 'keep']) expect((await rest('PUT', '/ip/firewall/filter', { chain: 'forward', action: 'drop', comment })).status).toBe(201);
    await addScript('disable-x', ':foreach i in=[/ip firewall filter find where comment~"^x-"] do={ /ip firewall filter set $i disabled=yes }');
    expect((await rest('POST', '/system/script/run', { number: 'disable-x' })).status).toBe(200);
    const byComment = Object.fromEntries((await rows('/ip/firewall/filter')).filter((r) => r['comment']).map((r) => [r['comment'], r['disabled']]));
    expect(byComment).toMatchObject({ 'x-one': 'true', 'x-two': 'true', keep: 'false' });
    const [entry] = await rows('/system/script');
    expect(entry).toMatchObject({ name: 'disable-x', owner: 'admin', 'run-count': '1' });
    expect(entry['last-started']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('runs :if on a get and :log over SSH, and :put answers on the console', async () => {
    const result = await ssh(':if ([/system identity get name] = "sim-home-001") do={ :log info "yes" }; :put "name is $([/system identity get name])"');
    expect(result.output).toContain('name is sim-home-001');
    expect(await logs('script,info')).toEqual(['yes']);
  });

  it('catches a failing command with :do on-error; without it the script stops with RouterOS\'s message', async () => {
    const before = (await rows('/ip/address')).length;
    await ssh(':do { /ip address add address=bad interface=ether1 } on-error={ :log warning "caught" }');
    expect(await logs('script,warning')).toEqual(['caught']);
    const failed = await ssh('/system identity set name=first; :do { /ip address add address=bad interface=ether1 }; /system identity set name=never');
    expect(failed.output).toMatch(/invalid value/);
    expect(((await rest('GET', '/system/identity')).body as { name: string }).name).toBe('first');
    expect((await rows('/ip/address')).length).toBe(before);
  });

  it('runs /system script run over SSH, and refuses a script with a syntax error before running any of it', async () => {
    await addScript('rename', '/system identity set name=renamed');
    await ssh('/system script run rename');
    expect(((await rest('GET', '/system/identity')).body as { name: string }).name).toBe('renamed');
    await addScript('broken', '/system identity set name=broken\n:put "unterminated');
    const reply = await rest('POST', '/system/script/run', { number: 'broken' });
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.body)).toMatch(/syntax error \(line 2 column \d+\)/);
    expect(((await rest('GET', '/system/identity')).body as { name: string }).name).toBe('renamed');
  });

  it('fires a script by name from the scheduler on the device clock, with :global in the environment', async () => {
    await addScript('count', ':global runs; :set runs ($runs + 1)');
    expect((await rest('PUT', '/system/scheduler', { name: 'counter', interval: '1m', 'on-event': 'count' })).status).toBe(201);
    await advance(59);
    expect((await rows('/system/script'))[0]['run-count']).toBe('0');
    await advance(2);
    await advance(60);
    expect((await rows('/system/script'))[0]['run-count']).toBe('2');
    expect(await rows('/system/script/environment')).toEqual([expect.objectContaining({ name: 'runs', value: '2' })]);
  });

  it('forgets :global variables when the device resets or reboots', async () => {
    await ssh(':global kept "yes"');
    expect(await rows('/system/script/environment')).toEqual([expect.objectContaining({ name: 'kept', value: 'yes' })]);
    await fetch(`${sim.fleet.control.url}/reset`, { method: 'POST' });
    expect(await rows('/system/script/environment')).toEqual([]);
    await ssh(':global kept "again"');
    expect((await rest('POST', '/system/reboot')).status).toBe(200);
    expect(await rows('/system/script/environment')).toEqual([]);
  });

  it('shows a script waiting in :delay as a job until the device clock passes it', async () => {
    await addScript('slow', ':delay 30s; /system identity set name=after-delay');
    expect((await rest('PUT', '/system/scheduler', { name: 'slow-job', interval: '1m', 'on-event': 'slow' })).status).toBe(201);
    await advance(61);
    expect(await rows('/system/script/job')).toEqual([expect.objectContaining({ script: 'slow', owner: 'admin' })]);
    expect(((await rest('GET', '/system/identity')).body as { name: string }).name).toBe('sim-home-001');
    await advance(30);
    expect(((await rest('GET', '/system/identity')).body as { name: string }).name).toBe('after-delay');
    expect(await rows('/system/script/job')).toEqual([]);
  });

  it("runs the product's own revert-timer script: the recorded inverse restored, its entry removed", async () => {
    const [ether2] = (await rows('/interface')).filter((r) => r['name'] === 'ether2');
    expect((await rest('PUT', '/ip/firewall/filter', { chain: 'forward', action: 'drop', comment: 'added by change' })).status).toBe(201);
    const added = (await rows('/ip/firewall/filter')).find((r) => r['comment'] === 'added by change')!;
    await rest('POST', '/system/identity/set', { name: 'changed' });
    await rest('PATCH', `/interface/${ether2['.id']}`, { comment: 'changed too' });
    const script = revertScript('c42', [
      { kind: 'remove', menu: 'ip/firewall/filter', id: added['.id'] },
      { kind: 'set', menu: 'system/identity', props: { name: 'sim-home-001' } },
      { kind: 'set', menu: 'interface', id: ether2['.id'], props: { comment: '' } },
    ]);
    const clock = (await rest('GET', '/system/clock')).body as { date: string; time: string };
    const at = new Date(Date.parse(`${clock.date}T${clock.time}Z`) + 120_000).toISOString();
    expect((await rest('PUT', '/system/scheduler', { name: 'mcp-revert-c42', 'start-date': at.slice(0, 10), 'start-time': at.slice(11, 19), interval: '0s', 'on-event': script })).status).toBe(201);
    await advance(121);
    expect(((await rest('GET', '/system/identity')).body as { name: string }).name).toBe('sim-home-001');
    expect((await rows('/ip/firewall/filter')).some((r) => r['comment'] === 'added by change')).toBe(false);
    expect((await rows('/interface')).find((r) => r['name'] === 'ether2')?.['comment'] ?? '').toBe('');
    expect(await rows('/system/scheduler')).toEqual([]);
    expect(await logs('script,error')).toEqual([]);
  });
});
