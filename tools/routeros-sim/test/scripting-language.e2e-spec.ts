import { until } from './until';
import { oneDevice } from './one-device';

/**
 * The scripting language beyond commands (keyed arrays, functions, `:execute`, `:resolve`, `:time`, `:retry`) and
 * stopping jobs, run by the simulator over its real REST and SSH as routers are scripted.
 */
describe.each(['7.15.3', '7.20.5'])('RouterOS %s scripting language and jobs', (version) => {
  const sim = oneDevice(version);
  const { rest, ssh } = sim;
  const rows = async (path: string) => (await rest('GET', path)).body as Record<string, string>[];
  const identity = async () => ((await rest('GET', '/system/identity')).body as { name: string }).name;
  const logs = async (topic: string) => (await rows('/log')).filter((l) => l['topics'] === topic).map((l) => l['message']);
  const advance = async (seconds: number) => {
    const res = await fetch(`${sim.fleet.control.url}/devices/0/clock`, { method: 'POST', body: JSON.stringify({ advance_seconds: seconds }) });
    expect(res.status).toBe(200);
  };
  const addScript = async (name: string, source: string) => expect((await rest('PUT', '/system/script', { name, source })).status).toBe(201);

  // A scheduler's inventory script: :foreach over /interface, a keyed array of counters, a function, :log.
  const inventory = [
    ':local counts {"down"=0;"up"=0}',
    ':local classify do={ :if ($1) do={ :return "up" }; :return "down" }',
    ':foreach i in=[/interface find] do={',
    '  :local state [$classify [/interface get $i running]]',
    '  :set ($counts->$state) (($counts->$state) + 1)',
    '}',
    ':log info ("interfaces up=" . ($counts->"up") . " down=" . ($counts->"down"))',
    ':global lastCounts $counts',
  ].join('\n');

  it('counts interfaces with a keyed array and a function, run by REST, the console and the scheduler', async () => {
    const interfaces = await rows('/interface');
    const up = interfaces.filter((r) => r['running'] === 'true').length;
    const expected = `interfaces up=${up} down=${interfaces.length - up}`;
    await addScript('inventory', inventory);
    expect((await rest('POST', '/system/script/run', { number: 'inventory' })).status).toBe(200);
    expect(await logs('script,info')).toEqual([expected]);
    expect(await rows('/system/script/environment')).toEqual([expect.objectContaining({ name: 'lastCounts', value: `down=${interfaces.length - up};up=${up}`, type: 'array' })]);
    await ssh('/system script run inventory');
    expect(await logs('script,info')).toEqual([expected, expected]);
    expect((await rest('PUT', '/system/scheduler', { name: 'inventory-5m', interval: '5m', 'on-event': 'inventory' })).status).toBe(201);
    await advance(301);
    await until(async () => (await logs('script,info')).length === 3);
    expect((await rows('/system/script'))[0]['run-count']).toBe('3');
  });

  it('stops a job waiting in :delay with DELETE /system/script/job/<id>: the rest of the script never runs', async () => {
    await ssh(':execute {:delay 10m; /system identity set name=never}');
    const [job] = await rows('/system/script/job');
    expect(job).toMatchObject({ type: 'command', owner: 'admin' });
    expect((await rest('DELETE', `/system/script/job/${job['.id']}`)).status).toBe(204);
    expect(await rows('/system/script/job')).toEqual([]);
    await advance(601);
    expect(await identity()).toBe('sim-home-001');
    expect((await rest('DELETE', '/system/script/job/*FFFF')).status).toBe(404);
    const unknown = await rest('POST', '/system/script/job/remove', { numbers: '*FFFF' });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('no such item');
  });

  it('ends every job when the device reboots: a script waiting in :delay never resumes', async () => {
    await ssh(':execute {:delay 1h; /system identity set name=never}');
    expect(await rows('/system/script/job')).toHaveLength(1);
    expect((await rest('POST', '/system/reboot')).status).toBe(200);
    await until(async () => (await rows('/system/script/job')).length === 0);
    await advance(3601);
    expect(await identity()).toBe('sim-home-001');
  });

  it('stops a running /system/script/run from the console with job remove: the REST call answers interrupted', async () => {
    await addScript('slow', ':delay 1h; /system identity set name=never');
    const running = rest('POST', '/system/script/run', { number: 'slow' });
    await until(async () => (await rows('/system/script/job')).some((j) => j['script'] === 'slow'));
    await ssh('/system script job remove [find script=slow]');
    const answer = await running;
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('interrupted');
    expect(await rows('/system/script/job')).toEqual([]);
    await advance(3601);
    expect(await identity()).toBe('sim-home-001');
  });

  it('returns an :execute job id a script can stop itself, and as-string returns the output', async () => {
    const out = await ssh(':local j [:execute {:delay 1h; :log info never}]; :put [:typeof $j]; /system script job remove $j; :put [:len [/system script job find]]');
    expect(out.output).toContain('id');
    expect(await rows('/system/script/job')).toEqual([]);
    const printed = await ssh(':put [:execute script="/system identity print" as-string]');
    expect(printed.output).toContain('name: sim-home-001');
    await advance(3601);
    expect(await logs('script,info')).toEqual([]);
  });

  it('resolves /ip/dns/static names with :resolve and fails for unknown ones as RouterOS prints it', async () => {
    expect((await rest('PUT', '/ip/dns/static', { name: 'nas.lan', address: '192.168.88.10' })).status).toBe(201);
    expect((await ssh(':put [:resolve nas.lan]')).output).toContain('192.168.88.10');
    expect((await ssh(':put [:resolve nowhere.lan]')).output).toContain('failure: dns name does not exist');
    await addScript('resolver', ':log info [:resolve "nas.lan"]; :do { :resolve nowhere.lan } on-error={ :log warning "unresolved" }');
    expect((await rest('POST', '/system/script/run', { number: 'resolver' })).status).toBe(200);
    expect(await logs('script,info')).toEqual(['192.168.88.10']);
    expect(await logs('script,warning')).toEqual(['unresolved']);
  });

  it('guards a scheduler script against a second run with :jobname and /system script job', async () => {
    await addScript('guarded', ':if ([:len [/system script job find script=[:jobname]]] > 1) do={ :error "already running" }; :log info ("started " . [:jobname]); :delay 1h');
    expect((await rest('PUT', '/system/scheduler', { name: 'guard', interval: '1m', 'on-event': 'guarded' })).status).toBe(201);
    await advance(61);
    await until(async () => (await rows('/system/script/job')).length === 1);
    await advance(60);
    await until(async () => (await rows('/system/script')).some((r) => r['run-count'] === '2'));
    expect(await rows('/system/script/job')).toEqual([expect.objectContaining({ script: 'guarded' })]);
    expect(await logs('script,info')).toEqual(['started guarded']);
    const [guard] = await rows('/system/scheduler');
    expect((await rest('DELETE', `/system/scheduler/${guard['.id']}`)).status).toBe(204);
    await ssh('/system script job remove [find]');
    expect(await rows('/system/script/job')).toEqual([]);
  });

  it('measures :time on the device clock and retries with :retry', async () => {
    await addScript('timed', ':global took [:time {:delay 2s}]; :global tries 0; :retry command={ :set tries ($tries + 1); :error "no" } delay=1 max=3 on-error={ :log warning "gave up after $tries" }');
    const run = rest('POST', '/system/script/run', { number: 'timed' });
    await until(async () => (await rows('/system/script/job')).length === 1);
    await advance(2);
    let done = false;
    void run.then(() => (done = true));
    // Each try waits a second on the device clock: step it until the script has ended.
    await until(async () => {
      await advance(1);
      return done;
    });
    expect((await run).status).toBe(200);
    // The device clock also runs with real time: the 2 s of :delay plus the milliseconds the run took, as RouterOS prints them.
    expect(await rows('/system/script/environment')).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'took', value: expect.stringMatching(/^00:00:02(\.\d{6})?$/), type: 'time' })]));
    expect(await logs('script,warning')).toEqual(['gave up after 3']);
  });
});
