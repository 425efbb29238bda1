import { oneDevice } from './one-device';

/**
 * Generic menus' time, integer and word syntax from MikroTik's manual (model/generic-values.ts) over real HTTPS and
 * SSH: a valid write lands, an invalid one is refused with RouterOS's words and changes nothing.
 */
describe.each(['7.15.3', '7.20.5'])('RouterOS %s generic value syntax', (version) => {
  const { rest, ssh } = oneDevice(version);
  const rows = async (path: string) => (await rest('GET', path)).body as Record<string, string>[];

  it('refuses RPKI intervals out of the range the manual gives, over REST and the console, and takes those within', async () => {
    const before = await rows('/routing/rpki');
    const refused = await rest('PUT', '/routing/rpki', { group: 'g1', address: '192.0.2.1', 'retry-interval': '7201' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ detail: 'value of retry-interval out of range (1..7200)' });
    expect((await rest('PUT', '/routing/rpki', { group: 'g1', address: '192.0.2.1', 'expire-interval': '2h' })).body).toMatchObject({ detail: 'invalid value for argument expire-interval' });
    expect((await ssh('/routing rpki add group=g1 address=192.0.2.1 refresh-interval=0')).output).toContain('value of refresh-interval out of range (1..86400)');
    expect(await rows('/routing/rpki')).toEqual(before);

    expect((await rest('PUT', '/routing/rpki', { group: 'g1', address: '192.0.2.1', 'refresh-interval': '20' })).status).toBe(201);
    expect((await ssh('/routing rpki add group=g2 address=192.0.2.2 expire-interval=7200 retry-interval=600')).output).toBe('');
    expect(await rows('/routing/rpki')).toEqual([
      ...before,
      expect.objectContaining({ group: 'g1', 'refresh-interval': '20' }),
      expect.objectContaining({ group: 'g2', 'expire-interval': '7200', 'retry-interval': '600' }),
    ]);
  });

  it('refuses a RIP update interval that is not a time, and takes one that is', async () => {
    const before = await rows('/routing/rip/instance');
    expect((await rest('PUT', '/routing/rip/instance', { name: 'rip1', 'update-interval': 'often' })).body).toMatchObject({ detail: 'invalid value for argument update-interval' });
    expect((await ssh('/routing rip instance add name=rip1 update-interval=often')).output).toContain('invalid value for argument update-interval');
    expect(await rows('/routing/rip/instance')).toEqual(before);
    expect((await ssh('/routing rip instance add name=rip1 update-interval=30s')).output).toBe('');
    expect(await rows('/routing/rip/instance')).toEqual([...before, expect.objectContaining({ name: 'rip1', 'update-interval': '30s' })]);
  });

  it('refuses an unknown rp-filter and a malformed ICMP rate limit on the IP settings singleton, changing nothing', async () => {
    const before = (await rest('GET', '/ip/settings')).body;
    const refused = await rest('POST', '/ip/settings/set', { 'rp-filter': 'yes' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ detail: 'input does not match any value of rp-filter' });
    expect((await ssh('/ip settings set icmp-rate-limit=fast')).output).toContain('invalid value for argument icmp-rate-limit');
    expect((await rest('GET', '/ip/settings')).body).toEqual(before);
    expect((await ssh('/ip settings set rp-filter=loose icmp-rate-limit=20')).output).toBe('');
    expect((await rest('GET', '/ip/settings')).body).toMatchObject({ 'rp-filter': 'loose', 'icmp-rate-limit': '20' });
  });

  it('takes IPFIX fields as yes/no, refusing other words over REST and the console', async () => {
    const before = (await rest('GET', '/ip/traffic-flow/ipfix')).body;
    const refused = await rest('POST', '/ip/traffic-flow/ipfix/set', { 'nat-events': 'perhaps' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ detail: 'invalid value of nat-events: perhaps' });
    expect((await ssh('/ip traffic-flow ipfix set bytes=some')).output).toContain('invalid value of bytes: some');
    expect((await rest('GET', '/ip/traffic-flow/ipfix')).body).toEqual(before);
    expect((await ssh('/ip traffic-flow ipfix set nat-events=yes bytes=no')).output).toBe('');
    expect((await rest('GET', '/ip/traffic-flow/ipfix')).body).toMatchObject({ 'nat-events': 'true', bytes: 'false' });
  });
});
