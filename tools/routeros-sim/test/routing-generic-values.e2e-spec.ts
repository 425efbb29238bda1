import { oneDevice } from './one-device';

/**
 * The routing menus' words, yes/no and integers from MikroTik's CLI reference (model/routing-values.ts), over real
 * HTTPS and SSH: a valid write lands, an invalid one is refused with RouterOS's words and changes nothing.
 */
describe.each(['7.15.3', '7.20.5'])('RouterOS %s routing value syntax', (version) => {
  const { rest, ssh } = oneDevice(version);
  const rows = async (path: string) => (await rest('GET', path)).body as Record<string, string>[];

  it('BGP: refuses template and connection words, yes/no and integers outside the reference, takes those within', async () => {
    const before = { t: await rows('/routing/bgp/template'), c: await rows('/routing/bgp/connection') };
    const refused = await rest('PUT', '/routing/bgp/template', { name: 't1', 'nexthop-choice': 'self' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ detail: 'input does not match any value of nexthop-choice' });
    expect((await rest('PUT', '/routing/bgp/connection', { name: 'c1', 'remote.ttl': '4294967296' })).body).toMatchObject({ detail: 'value of remote.ttl out of range (0..4294967295)' });
    expect((await ssh('/routing bgp template add name=t1 output.default-originate=sometimes')).output).toContain('input does not match any value of output.default-originate');
    expect((await ssh('/routing bgp connection add name=c1 output.no-early-cut=maybe')).output).toContain('invalid value of output.no-early-cut: maybe');
    expect({ t: await rows('/routing/bgp/template'), c: await rows('/routing/bgp/connection') }).toEqual(before);

    expect((await rest('PUT', '/routing/bgp/template', { name: 't1', 'nexthop-choice': 'force-self', 'input.allow-as': '2' })).status).toBe(201);
    expect((await ssh('/routing bgp connection add name=c1 templates=t1 output.default-originate=if-installed output.no-early-cut=yes input.affinity=alone')).output).toBe('');
    expect(await rows('/routing/bgp/template')).toEqual([...before.t, expect.objectContaining({ name: 't1', 'nexthop-choice': 'force-self', 'input.allow-as': '2' })]);
    expect(await rows('/routing/bgp/connection')).toEqual([...before.c, expect.objectContaining({ name: 'c1', 'output.default-originate': 'if-installed', 'output.no-early-cut': 'true', 'input.affinity': 'alone' })]);

    const vpls = await rows('/routing/bgp/vpls');
    expect((await rest('PUT', '/routing/bgp/vpls', { name: 'v1', 'pw-type': 'ethernet' })).body).toMatchObject({ detail: 'input does not match any value of pw-type' });
    expect((await ssh('/routing bgp vpls add name=v1 bridge-horizon=off')).output).toContain('invalid value for argument bridge-horizon');
    expect(await rows('/routing/bgp/vpls')).toEqual(vpls);
    expect((await ssh('/routing bgp vpls add name=v1 pw-type=vpls bridge-horizon=none site-id=1')).output).toBe('');
    expect(await rows('/routing/bgp/vpls')).toEqual([...vpls, expect.objectContaining({ name: 'v1', 'pw-type': 'vpls', 'bridge-horizon': 'none' })]);
  });

  it('OSPF: refuses instance and area words and integers outside the reference, takes those within', async () => {
    const before = { i: await rows('/routing/ospf/instance'), a: await rows('/routing/ospf/area') };
    expect((await rest('PUT', '/routing/ospf/instance', { name: 'o1', 'originate-default': 'yes' })).body).toMatchObject({ detail: 'input does not match any value of originate-default' });
    expect((await ssh('/routing ospf instance add name=o1 domain-tag=blue')).output).toContain('invalid value for argument domain-tag');
    expect(await rows('/routing/ospf/instance')).toEqual(before.i);
    expect((await ssh('/routing ospf instance add name=o1 originate-default=if-installed domain-tag=7')).output).toBe('');
    expect((await rest('PUT', '/routing/ospf/area', { name: 'a1', instance: 'o1', 'nssa-translator': 'maybe' })).body).toMatchObject({ detail: 'input does not match any value of nssa-translator' });
    expect(await rows('/routing/ospf/area')).toEqual(before.a);
    expect((await rest('PUT', '/routing/ospf/area', { name: 'a1', instance: 'o1', type: 'nssa', 'nssa-translator': 'candidate', 'default-cost': '10' })).status).toBe(201);
    expect(await rows('/routing/ospf/instance')).toEqual([...before.i, expect.objectContaining({ name: 'o1', 'originate-default': 'if-installed', 'domain-tag': '7' })]);
    expect(await rows('/routing/ospf/area')).toEqual([...before.a, expect.objectContaining({ name: 'a1', 'nssa-translator': 'candidate', 'default-cost': '10' })]);
  });

  it('route filters: refuses communities and number ranges of another shape, takes them as exports write them', async () => {
    const before = { c: await rows('/routing/filter/community-list'), l: await rows('/routing/filter/community-large-list'), n: await rows('/routing/filter/num-list') };
    const now = async () => ({ c: await rows('/routing/filter/community-list'), l: await rows('/routing/filter/community-large-list'), n: await rows('/routing/filter/num-list') });
    const refused = await rest('PUT', '/routing/filter/community-list', { list: 'bh', communities: '65536:666' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ detail: 'value of communities out of range (0..65535)' });
    expect((await ssh('/routing filter community-large-list add list=ix communities=142108:16')).output).toContain('invalid value for argument communities');
    expect((await ssh('/routing filter num-list add list=private-asn range=64512..65535')).output).toContain('invalid value for argument range');
    expect(await now()).toEqual(before);

    expect((await rest('PUT', '/routing/filter/community-list', { list: 'bh', communities: '65535:666,no-export' })).status).toBe(201);
    expect((await ssh('/routing filter community-large-list add list=ix communities=142108:16:26')).output).toBe('');
    expect((await ssh('/routing filter num-list add list=private-asn range=4200000000-4294967295')).output).toBe('');
    expect(await now()).toEqual({
      c: [...before.c, expect.objectContaining({ list: 'bh', communities: '65535:666,no-export' })],
      l: [...before.l, expect.objectContaining({ list: 'ix', communities: '142108:16:26' })],
      n: [...before.n, expect.objectContaining({ list: 'private-asn', range: '4200000000-4294967295' })],
    });
  });

  it('RIP, PIM-SM, IS-IS and route selection: refuses what the reference does not allow, takes what it does', async () => {
    const before = { rip: await rows('/routing/rip/interface-template'), pim: await rows('/routing/pimsm/instance'), isis: await rows('/routing/isis/interface-template'), sel: await rows('/routing/filter/select-rule') };
    const after = async () => ({ rip: await rows('/routing/rip/interface-template'), pim: await rows('/routing/pimsm/instance'), isis: await rows('/routing/isis/interface-template'), sel: await rows('/routing/filter/select-rule') });
    expect((await rest('PUT', '/routing/rip/interface-template', { mode: 'active' })).body).toMatchObject({ detail: 'input does not match any value of mode' });
    expect((await ssh('/routing rip interface-template add split-horizon=perhaps')).output).toContain('invalid value of split-horizon: perhaps');
    expect((await rest('PUT', '/routing/pimsm/instance', { name: 'p1', 'rp-hash-mask-length': 'wide' })).body).toMatchObject({ detail: 'invalid value for argument rp-hash-mask-length' });
    expect((await ssh('/routing isis interface-template add bcast.l1.metric=low')).output).toContain('invalid value for argument bcast.l1.metric');
    expect((await ssh('/routing filter select-rule add chain=s1 do-take=all')).output).toContain('invalid value for argument do-take');
    expect(await after()).toEqual(before);

    expect((await rest('PUT', '/routing/rip/interface-template', { mode: 'passive', 'poison-reverse': 'yes' })).status).toBe(201);
    expect((await ssh('/routing pimsm instance add name=p1 rp-hash-mask-length=30 switch-to-spt=no')).output).toBe('');
    expect((await ssh('/routing isis interface-template add ptp.l2.metric=20 ptp=yes')).output).toBe('');
    expect((await rest('PUT', '/routing/filter/select-rule', { chain: 's1', 'do-take': '1' })).status).toBe(201);
    expect(await after()).toEqual({
      rip: [...before.rip, expect.objectContaining({ mode: 'passive', 'poison-reverse': 'true' })],
      pim: [...before.pim, expect.objectContaining({ name: 'p1', 'rp-hash-mask-length': '30', 'switch-to-spt': 'false' })],
      isis: [...before.isis, expect.objectContaining({ 'ptp.l2.metric': '20', ptp: 'true' })],
      sel: [...before.sel, expect.objectContaining({ chain: 's1', 'do-take': '1' })],
    });
  });
});
