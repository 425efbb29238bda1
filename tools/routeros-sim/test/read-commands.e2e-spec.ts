import { oneDevice } from './one-device';

// Issue 23: `get` and `find`, which every menu of the tree has, read items over REST (`{"ret": …}`, as RouterOS's API
// answers them) and run on the console, for every menu the simulator serves.
describe.each(['7.15.3', '7.20.5'])('RouterOS %s get and find', (version) => {
  const sim = oneDevice(version);
  const post = (path: string, body: unknown) => sim.rest('POST', path, body);
  const detail = async (path: string, body: unknown) => ((await post(path, body)).body as { detail?: string }).detail;
  const ssh = async (command: string) => (await sim.ssh(command)).output;

  it('REST get: one property of an item or a singleton, or the whole item; refusals as RouterOS words them', async () => {
    expect(await post('/interface/get', { number: 'ether1', 'value-name': 'mtu' })).toMatchObject({ status: 200, body: { ret: '1500' } });
    expect(await post('/system/identity/get', { 'value-name': 'name' })).toMatchObject({ status: 200, body: { ret: expect.any(String) } });
    const whole = (await post('/ip/address/get', { number: '*1' })).body as { ret: string };
    expect(whole.ret).toMatch(/^\.id=\*1;.*;address=192\.168\.88\.1\/24;.*interface=bridge/);
    expect(await detail('/interface/get', { 'value-name': 'mtu' })).toBe('missing value for number');
    expect(await detail('/interface/get', { number: 'ether99', 'value-name': 'mtu' })).toBe('no such item');
    expect(await detail('/interface/get', { number: 'ether1', 'value-name': 'colour' })).toBe('input does not match any value of value-name');
    expect(await detail('/interface/get', { number: 'ether1', colour: 'x' })).toBe('unknown parameter colour');
    // A property the item does not set answers nothing, as the console's nil.
    expect(await post('/ip/firewall/filter/add', { chain: 'input', action: 'accept' })).toMatchObject({ status: 200 });
    const rule = ((await sim.rest('GET', '/ip/firewall/filter')).body as Record<string, string>[]).pop()!;
    expect(await post('/ip/firewall/filter/get', { number: rule['.id'], 'value-name': 'src-address' })).toMatchObject({ status: 200, body: [] });
  });

  it('REST find: the ids a scripting expression holds for, all without one; a command inside it is refused', async () => {
    const interfaces = (await sim.rest('GET', '/interface')).body as Record<string, string>[];
    const ether1 = interfaces.find((i) => i['name'] === 'ether1')!['.id'];
    expect(await post('/interface/find', { where: 'name="ether1"' })).toMatchObject({ status: 200, body: { ret: ether1 } });
    expect(await post('/interface/find', {})).toMatchObject({ status: 200, body: { ret: interfaces.map((i) => i['.id']).join(';') } });
    expect(await post('/interface/find', { where: 'name="nothing"' })).toMatchObject({ status: 200, body: { ret: '' } });
    const running = interfaces.filter((i) => i['running'] === 'true' && i['type'] === 'ether').map((i) => i['.id']).join(';');
    expect(await post('/interface/find', { where: 'running && type="ether"' })).toMatchObject({ status: 200, body: { ret: running } });
    expect(await detail('/interface/find', { where: 'name=[/system reboot]' })).toBe('syntax error (line 1 column 1)');
  });

  it('console: get and find run (the console prints nothing for them) and refuse what REST refuses', async () => {
    expect(await ssh('/interface get ether1 mtu')).toBe('');
    expect(await ssh('/system identity get name')).toBe('');
    expect(await ssh('/interface get ether99 mtu')).toContain('no such item');
    expect(await ssh('/interface get ether1 colour')).toContain('input does not match any value of value-name');
    expect(await ssh('/interface find')).toBe('');
    expect(await ssh(':put [/interface get ether1 mtu]')).toContain('1500');
  });
});
