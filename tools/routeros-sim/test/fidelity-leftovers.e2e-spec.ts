import { oneDevice } from './one-device';

/** The review's leftovers over real HTTPS and SSH: a CNAME without its target, a missing interface list's wording. */
describe.each(['7.15.3', '7.20.5'])('RouterOS %s fidelity leftovers', (version) => {
  const { rest, ssh } = oneDevice(version);
  const rows = async (path: string) => (await rest('GET', path)).body as Record<string, string>[];

  it('refuses a CNAME without cname over REST and the console, and keeps nothing of it', async () => {
    const before = await rows('/ip/dns/static');
    const added = await rest('PUT', '/ip/dns/static', { name: 'www.lan', type: 'CNAME' });
    expect(added.status).toBe(400);
    expect(JSON.stringify(added.body)).toContain('missing value for cname');
    expect((await ssh('/ip dns static add name=www.lan type=CNAME')).output).toContain('missing value for cname');
    const a = await rest('PUT', '/ip/dns/static', { name: 'old.lan', address: '192.168.88.7' });
    const id = (a.body as Record<string, string>)['.id'];
    const set = await rest('PATCH', `/ip/dns/static/${id}`, { type: 'CNAME' });
    expect(set.status).toBe(400);
    expect(JSON.stringify(set.body)).toContain('missing value for cname');
    expect(await rows('/ip/dns/static')).toEqual([...before, expect.objectContaining({ name: 'old.lan', address: '192.168.88.7' })]);
    expect((await rest('PUT', '/ip/dns/static', { name: 'www.lan', type: 'CNAME', cname: 'old.lan' })).status).toBe(201);
  });

  it('names the interface list, not the argument, for a missing list over REST and the console', async () => {
    // Configuration only: the rules' counters grow with the seconds the test takes.
    const config = async () => (await rows('/ip/firewall/filter')).map(({ bytes: _b, packets: _p, ...rule }) => rule);
    const before = await config();
    for (const key of ['in-interface-list', 'out-interface-list']) {
      const reply = await rest('PUT', '/ip/firewall/filter', { chain: 'forward', [key]: 'NO-SUCH-LIST' });
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ detail: 'input does not match any value of interface-list' });
    }
    expect((await ssh('/ip firewall filter add chain=forward in-interface-list=NO-SUCH-LIST')).output).toContain('input does not match any value of interface-list');
    expect(await config()).toEqual(before);
  });
});
