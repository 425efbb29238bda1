import { oneDevice } from './one-device';

const EDIT_REFUSAL = "failure: edit needs an interactive terminal (the console's full-screen editor)";

// Issue 23: `reset` (the named properties back to their defaults; chosen, no source documents it) and `edit` (the
// console's full-screen editor, refused once its arguments check: no terminal exists over REST or SSH exec).
describe.each(['7.15.3', '7.20.5'])('RouterOS %s reset and edit', (version) => {
  const sim = oneDevice(version);
  const post = (path: string, body: unknown) => sim.rest('POST', path, body);
  const detail = async (path: string, body: unknown) => ((await post(path, body)).body as { detail?: string }).detail;
  const bridge = async () => ((await sim.rest('GET', '/interface/bridge/bridge')).body as Record<string, string>);
  const firstAddress = async () => ((await sim.rest('GET', '/ip/address')).body as Record<string, string>[])[0];

  it('REST reset: the named properties go back to their defaults, or away; the item stays', async () => {
    expect(await post('/interface/bridge/set', { numbers: 'bridge', 'protocol-mode': 'stp', comment: 'lab', 'ageing-time': '1m' })).toMatchObject({ status: 200 });
    expect(await bridge()).toMatchObject({ 'protocol-mode': 'stp', comment: 'lab', 'ageing-time': '1m' });
    expect(await post('/interface/bridge/reset', { numbers: 'bridge', 'protocol-mode': '', comment: '' })).toMatchObject({ status: 200, body: [] });
    const after = await bridge();
    expect(after).toMatchObject({ name: 'bridge', 'protocol-mode': 'rstp', 'ageing-time': '1m' });
    expect(after['comment']).toBeUndefined();
  });

  it('REST reset: refusals (items, arguments, a property the item cannot be without) change nothing', async () => {
    const address = await firstAddress();
    expect(await detail('/ip/address/reset', { comment: '' })).toBe('missing value for numbers');
    expect(await detail('/ip/address/reset', { numbers: '*99', comment: '' })).toBe('no such item');
    expect(await detail('/ip/address/reset', { numbers: address['.id'], colour: '' })).toBe('unknown parameter colour');
    expect(await detail('/ip/address/reset', { numbers: address['.id'], address: '', comment: '' })).toBe('invalid value of address: ');
    expect(await detail('/interface/bridge/reset', { numbers: 'bridge', name: '' })).toBe('invalid value of name: ');
    expect(await firstAddress()).toEqual(address);
    // A menu the simulator serves read-only checks the items first.
    expect(await detail('/system/script/job/reset', { numbers: '*99' })).toBe('no such item');
  });

  it('console reset: bare property names after the item; unknown words are refused before anything runs', async () => {
    expect((await sim.ssh('/interface bridge set bridge protocol-mode=mstp comment=lab')).code).toBe(0);
    expect(await sim.ssh('/interface bridge reset bridge protocol-mode comment')).toMatchObject({ code: 0, output: '' });
    const after = await bridge();
    expect(after['protocol-mode']).toBe('rstp');
    expect(after['comment']).toBeUndefined();
    expect((await sim.ssh('/interface bridge reset bridge colour')).output).toContain('expected end of command');
    expect((await sim.ssh('/interface bridge reset bridge name')).output).toContain('invalid value of name');
    expect((await sim.ssh('/interface bridge reset bridge99 comment')).output).toContain('no such item');
  });

  it('REST and console edit: the item and value-name are checked, then refused as needing a terminal', async () => {
    const address = await firstAddress();
    expect(await detail('/ip/address/edit', { number: address['.id'], 'value-name': 'comment' })).toBe(EDIT_REFUSAL);
    expect(await detail('/system/identity/edit', { 'value-name': 'name' })).toBe(EDIT_REFUSAL);
    expect(await detail('/ip/address/edit', { 'value-name': 'comment' })).toBe('missing value for number');
    expect(await detail('/ip/address/edit', { number: '*99', 'value-name': 'comment' })).toBe('no such item');
    expect(await detail('/ip/address/edit', { number: address['.id'] })).toBe('missing value for value-name');
    expect(await detail('/ip/address/edit', { number: address['.id'], 'value-name': 'colour' })).toBe('input does not match any value of value-name');
    expect(await detail('/ip/address/edit', { number: address['.id'], 'value-name': 'comment', colour: 'x' })).toBe('unknown parameter colour');
    expect(await sim.ssh(`/ip address edit ${address['.id']} comment`)).toMatchObject({ code: 1, output: expect.stringContaining(EDIT_REFUSAL) });
    expect(await sim.ssh('/system identity edit name')).toMatchObject({ code: 1, output: expect.stringContaining(EDIT_REFUSAL) });
    expect((await sim.ssh('/ip address edit *99 comment')).output).toContain('no such item');
    expect((await sim.ssh(`/ip address edit ${address['.id']} colour`)).output).toContain('input does not match any value of value-name');
  });
});
