import { oneDevice } from './one-device';
import { until } from './until';

// Issue 23: `/rest/execute` runs a script as RouterOS 7's API does: with as-string its output is the answer (errors
// as text); without, a background job whose id is the answer; file= writes the job's output to /file.
describe.each(['7.15.3', '7.20.5'])('RouterOS %s execute', (version) => {
  const sim = oneDevice(version);
  const post = (path: string, body: unknown) => sim.rest('POST', path, body);

  it('as-string answers the output; a syntax error comes back as text; the script acts on the device', async () => {
    expect(await post('/execute', { script: ':put "hello"', 'as-string': '' })).toMatchObject({ status: 200, body: { ret: 'hello\r\n' } });
    expect(await post('/execute', { script: ':put [/system identity get name]; /system identity set name=changed', 'as-string': '' })).toMatchObject({ status: 200 });
    expect((await sim.rest('GET', '/system/identity')).body).toMatchObject({ name: 'changed' });
    const broken = (await post('/execute', { script: ':put (', 'as-string': '' })).body as { ret: string };
    expect(broken.ret).toMatch(/syntax error \(line 1 column \d+\)/);
    expect((await post('/execute', {})).body).toMatchObject({ detail: 'missing value for script' });
    expect((await post('/execute', { script: ':put 1', colour: 'red' })).body).toMatchObject({ detail: 'unknown parameter colour' });
  });

  it('without as-string: a background job id; file= writes its output', async () => {
    const started = (await post('/execute', { script: ':delay 1s; :put "done"', file: 'out' })).body as { ret: string };
    expect(started.ret).toMatch(/^\*[0-9A-F]+$/);
    expect(((await sim.rest('GET', '/system/script/job')).body as Record<string, string>[]).map((j) => j['.id'])).toContain(started.ret);
    await until(async () => ((await sim.rest('GET', '/file')).body as Record<string, string>[]).some((f) => f['name'] === 'out.txt'));
    expect(((await post('/file/read', { file: 'out.txt', 'chunk-size': '100' })).body as { data: string }[])[0].data).toBe('done\r\n');
  });
});
