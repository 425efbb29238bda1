import { oneDevice } from './one-device';

/**
 * Generic menus' references (model/generic-refs.ts) and address syntax (model/generic-addresses.ts) over real HTTPS
 * and SSH: a valid write lands, an invalid one is refused with RouterOS's words and changes nothing.
 */
describe.each(['7.15.3', '7.20.5'])('RouterOS %s generic references and addresses', (version) => {
  const { rest, ssh } = oneDevice(version);
  const rows = async (path: string) => (await rest('GET', path)).body as Record<string, string>[];

  it('refuses a bridge filter naming a missing interface or list, over REST and the console', async () => {
    const before = await rows('/interface/bridge/filter');
    const refused = await rest('PUT', '/interface/bridge/filter', { chain: 'forward', 'in-interface': 'ether99' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ detail: 'input does not match any value of interface' });
    const list = await rest('PUT', '/interface/bridge/filter', { chain: 'forward', 'out-interface-list': 'NO-SUCH-LIST' });
    expect(list.body).toMatchObject({ detail: 'input does not match any value of interface-list' });
    expect((await ssh('/interface bridge filter add chain=forward in-interface=ether99')).output).toContain('input does not match any value of interface');
    expect(await rows('/interface/bridge/filter')).toEqual(before);

    const added = await rest('PUT', '/interface/bridge/filter', { chain: 'forward', 'in-interface': 'ether4', 'out-interface-list': 'LAN', action: 'accept' });
    expect(added.status).toBe(201);
    expect((await ssh('/interface bridge filter add chain=forward in-interface=!ether3 action=accept')).output).not.toContain('input does not match');
    expect(await rows('/interface/bridge/filter')).toEqual([
      ...before,
      expect.objectContaining({ 'in-interface': 'ether4', 'out-interface-list': 'LAN' }),
      expect.objectContaining({ 'in-interface': '!ether3' }),
    ]);
    // The references follow renames of the interface and the list, as RouterOS keeps the internal ids (ether4: the
    // home profile's management path runs through ether2).
    expect((await rest('PATCH', '/interface/ether4', { name: 'downlink' })).status).toBe(200);
    expect((await ssh('/interface list set LAN name=INSIDE')).output).toBe('');
    expect((await rows('/interface/bridge/filter')).find((r) => r['.id'] === (added.body as Record<string, string>)['.id'])).toMatchObject({ 'in-interface': 'downlink', 'out-interface-list': 'INSIDE' });
    // Renaming the port the managing client sits behind keeps the path: the next requests still answer.
    expect((await rest('PATCH', '/interface/ether2', { name: 'mgmt' })).status).toBe(200);
    expect((await rest('GET', '/interface/mgmt')).status).toBe(200);
    expect((await ssh('/interface print count-only where name=mgmt')).output.trim()).toBe('1');
  });

  it('firewall rules follow renames of the layer7 protocol and routing table they name, over REST and the console', async () => {
    expect((await rest('PUT', '/ip/firewall/layer7-protocol', { name: 'video', regexp: '^.+(youtube).*$' })).status).toBe(201);
    expect((await rest('PUT', '/routing/table', { name: 'isp2', fib: 'yes' })).status).toBe(201);
    const drop = (await rest('PUT', '/ip/firewall/filter', { chain: 'forward', 'layer7-protocol': '!video', action: 'drop' })).body as Record<string, string>;
    const mark = (await rest('PUT', '/ip/firewall/mangle', { chain: 'prerouting', 'layer7-protocol': 'video', action: 'mark-routing', 'new-routing-mark': 'isp2' })).body as Record<string, string>;
    expect((await ssh('/ip firewall layer7-protocol set video name=streaming')).output).toBe('');
    expect((await rest('PATCH', `/routing/table/${encodeURIComponent('isp2')}`, { name: 'backup' })).status).toBe(200);
    expect((await rest('GET', `/ip/firewall/filter/${drop['.id']}`)).body).toMatchObject({ 'layer7-protocol': '!streaming' });
    expect((await rest('GET', `/ip/firewall/mangle/${mark['.id']}`)).body).toMatchObject({ 'layer7-protocol': 'streaming', 'new-routing-mark': 'backup' });
    expect((await ssh('/ip firewall mangle print terse where new-routing-mark=backup')).output).toContain('layer7-protocol=streaming');
  });

  it('refuses a hotspot naming a missing pool, and takes an existing one over the console', async () => {
    const before = await rows('/ip/hotspot');
    const refused = await rest('PUT', '/ip/hotspot', { name: 'hs1', interface: 'ether3', 'address-pool': 'nope' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ detail: 'input does not match any value of address-pool' });
    expect((await ssh('/ip hotspot add name=hs1 interface=ether3 address-pool=nope')).output).toContain('input does not match any value of address-pool');
    expect(await rows('/ip/hotspot')).toEqual(before);
    expect((await rest('PUT', '/ip/pool', { name: 'hs', ranges: '10.5.0.10-10.5.0.20' })).status).toBe(201);
    expect((await ssh('/ip hotspot add name=hs1 interface=ether3 address-pool=hs')).output).not.toContain('input does not match');
    expect(await rows('/ip/hotspot')).toEqual([...before, expect.objectContaining({ name: 'hs1', 'address-pool': 'hs' })]);
  });

  it('refuses a malformed netwatch host over REST and the console, and takes addresses and names', async () => {
    const before = await rows('/tool/netwatch');
    for (const host of ['2001:db8::zz', '10.0.0.300']) {
      const refused = await rest('PUT', '/tool/netwatch', { host });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ detail: 'invalid value for argument host' });
    }
    expect((await ssh('/tool netwatch add host=2001:db8::zz')).output).toContain('invalid value for argument host');
    expect(await rows('/tool/netwatch')).toEqual(before);
    expect((await rest('PUT', '/tool/netwatch', { host: '2001:db8::1' })).status).toBe(201);
    expect((await ssh('/tool netwatch add host=10.0.0.1@main')).output).not.toContain('invalid value');
    expect(await rows('/tool/netwatch')).toEqual([...before, expect.objectContaining({ host: '2001:db8::1' }), expect.objectContaining({ host: '10.0.0.1@main' })]);
  });

  it('refuses a MAC server list that does not exist, on the singleton, over REST and the console', async () => {
    const before = await rest('GET', '/tool/mac-server');
    const refused = await rest('POST', '/tool/mac-server/set', { 'allowed-interface-list': 'NOPE' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ detail: 'input does not match any value of interface-list' });
    expect((await ssh('/tool mac-server set allowed-interface-list=NOPE')).output).toContain('input does not match any value of interface-list');
    expect((await rest('GET', '/tool/mac-server')).body).toEqual(before.body);
    expect((await ssh('/tool mac-server set allowed-interface-list=LAN')).output).not.toContain('input does not match');
    expect((await rest('GET', '/tool/mac-server')).body).toMatchObject({ 'allowed-interface-list': 'LAN' });
  });

  it('adds a copy of an item with copy-from, given arguments overriding; an unknown item is refused, and set takes no copy-from', async () => {
    // A curated ordered table (the home profile's input rules) and a generic one (netwatch), over REST and the console.
    const rules = await rows('/ip/firewall/filter');
    const source = rules.find((r) => r['action'] === 'drop') ?? rules[0];
    const copy = await rest('PUT', '/ip/firewall/filter', { 'copy-from': source['.id'], comment: 'copied' });
    expect(copy.status).toBe(201);
    const { ['.id']: sourceId, comment: _c, ...sourceValues } = source;
    const { ['.id']: copyId, ...copyValues } = copy.body as Record<string, string>;
    expect(copyId).not.toBe(sourceId);
    expect(copyValues).toMatchObject({ ...Object.fromEntries(Object.entries(sourceValues).filter(([k]) => !['bytes', 'packets'].includes(k))), comment: 'copied' });
    const probe = (await rest('PUT', '/tool/netwatch', { host: '192.0.2.7', interval: '30s', comment: 'original' })).body as Record<string, string>;
    expect((await ssh(`/tool netwatch add copy-from=${probe['.id']} host=192.0.2.8`)).output).toBe('');
    expect(await rows('/tool/netwatch')).toEqual(expect.arrayContaining([expect.objectContaining({ host: '192.0.2.8', interval: '30s', comment: 'original' })]));

    // Configuration only: the rules' counters grow with the seconds the test takes.
    const config = async () => (await rows('/ip/firewall/filter')).map(({ bytes: _b, packets: _p, ...rule }) => rule);
    const before = await config();
    expect((await rest('PUT', '/ip/firewall/filter', { 'copy-from': '*FFFF', chain: 'input' })).body).toMatchObject({ detail: 'no such item' });
    expect((await ssh('/ip firewall filter add copy-from=*FFFF chain=input')).output).toContain('no such item');
    // Only add takes copy-from (every add of both trees does).
    expect((await rest('POST', '/ip/firewall/filter/set', { numbers: source['.id'], 'copy-from': source['.id'] })).body).toMatchObject({ detail: 'unknown parameter copy-from' });
    expect(await config()).toEqual(before);
  });
});
