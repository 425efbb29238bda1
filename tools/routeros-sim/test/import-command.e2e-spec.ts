import { oneDevice } from './one-device';

// Issue 23: `/import file-name=` runs an .rsc file's commands as the importing user, through the script interpreter;
// the first error stops it and is the command's failure.
describe.each(['7.15.3', '7.20.5'])('RouterOS %s import', (version) => {
  const sim = oneDevice(version);
  const detail = async (path: string, body: unknown) => ((await sim.rest('POST', path, body)).body as { detail?: string }).detail;
  const addressList = async () => ((await sim.rest('GET', '/ip/firewall/address-list')).body as Record<string, string>[]).map((r) => `${r['list']}:${r['address']}`);

  it('REST: runs the file (with or without .rsc); refuses a missing file or argument; an error stops it', async () => {
    const script = '/ip firewall address-list\nadd list=imported address=192.0.2.1\nadd list=imported address=192.0.2.2\n';
    expect((await sim.rest('PUT', '/file', { name: 'lists.rsc', contents: script })).status).toBe(201);
    expect(await sim.rest('POST', '/import', { 'file-name': 'lists' })).toMatchObject({ status: 200, body: [] });
    expect(await addressList()).toEqual(expect.arrayContaining(['imported:192.0.2.1', 'imported:192.0.2.2']));
    expect(await detail('/import', {})).toBe('missing value for file-name');
    expect(await detail('/import', { 'file-name': 'nothing.rsc' })).toBe('failure: no such file');
    // 7.20 adds dry-run, which the simulator does not model.
    expect(await detail('/import', { 'file-name': 'lists.rsc', 'dry-run': '' })).toBe(version === '7.15.3' ? 'unknown parameter dry-run' : 'failure: /import dry-run is not supported by the simulator');
    expect((await sim.rest('PUT', '/file', { name: 'bad.rsc', contents: '/ip firewall address-list add list=bad address=192.0.2.9\n/ip addresss print\n' })).status).toBe(201);
    expect(await detail('/import', { 'file-name': 'bad.rsc' })).toMatch(/bad command name addresss/);
    // A syntax error anywhere runs no line at all, as the interpreter checks the whole script first.
    expect(await addressList()).not.toContain('bad:192.0.2.9');
  });

  it('console: /import NAME runs it, and refuses a missing file', async () => {
    expect((await sim.rest('PUT', '/file', { name: 'one.rsc', contents: '/ip firewall address-list add list=console address=192.0.2.3\n' })).status).toBe(201);
    expect(await sim.ssh('/import one.rsc')).toMatchObject({ code: 0 });
    expect(await addressList()).toContain('console:192.0.2.3');
    expect((await sim.ssh('/import missing.rsc')).output).toContain('failure: no such file');
  });
});
