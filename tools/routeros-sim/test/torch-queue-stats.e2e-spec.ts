import { oneDevice } from './one-device';

type Rows = Record<string, string>[];

/**
 * `/tool/torch` filtered and classified by address, port and protocol, and queue statistics (`/queue/simple` and
 * `/queue/tree` `print stats`) that start at zero and grow with the device's traffic model, over REST and SSH.
 */
describe.each(['7.15.3', '7.20.5'])('RouterOS %s torch filters and queue statistics', (version) => {
  const sim = oneDevice(version);
  const { rest, ssh } = sim;
  const rows = async (path: string) => (await rest('GET', path)).body as Rows;
  const advance = async (seconds: number) => {
    const res = await fetch(`${sim.fleet.control.url}/devices/0/clock`, { method: 'POST', body: JSON.stringify({ advance_seconds: seconds }) });
    expect(res.status).toBe(200);
  };
  const pair = (text: string) => text.split('/').map(Number);

  it('torches the LAN by source address and one host by port, over REST and SSH', async () => {
    const bySource = (await rest('POST', '/tool/torch', { interface: 'bridge', duration: '1s', 'src-address': '0.0.0.0/0' })).body as Rows;
    expect(bySource.map((r) => r['src-address'])).toEqual(expect.arrayContaining(['192.168.88.254']));
    expect(bySource.every((r) => Number(r['tx']) >= 0 && r['ip-protocol'] === undefined)).toBe(true);
    const https = (await rest('POST', '/tool/torch', { interface: 'bridge', duration: '1s', 'src-address': '192.168.88.0/24', port: 'https', 'ip-protocol': 'any' })).body as Rows;
    expect(https.length).toBeGreaterThan(0);
    expect(https.every((r) => r['dst-port'] === '443' && r['src-address'].startsWith('192.168.88.') && ['tcp', 'udp'].includes(r['ip-protocol']))).toBe(true);
    const refused = await rest('POST', '/tool/torch', { interface: 'bridge', duration: '1s', 'dst-address': '10.0.0.300' });
    expect(refused).toMatchObject({ status: 400, body: { detail: 'invalid value of dst-address: 10.0.0.300' } });

    const out = (await ssh('/tool torch bridge src-address=192.168.88.254 dst-address=0.0.0.0/0 port=any duration=1s')).output;
    expect(out).toMatch(/^Columns: ETH-PROTOCOL, IP-PROTOCOL, SRC-ADDRESS, SRC-PORT, DST-ADDRESS, DST-PORT, TX, RX, TX-PACKETS, RX-PACKETS\r\n/);
    expect(out).toMatch(/192\.168\.88\.254\s+\d+\s+142\.250\.74\.78\s+443\s+[\d.]+[kMG]?bps/);
    expect(out).not.toMatch(/192\.168\.88\.1[0-2]\s/);
    expect(await ssh('/tool torch bridge port=99999 duration=1s')).toMatchObject({ code: 1, output: 'invalid value of port: 99999\r\n' });
  });

  it('counts queue statistics from zero for a new queue and grows them with traffic, limited by max-limit', async () => {
    // The answer to the add is the queue as it is made: nothing has passed it yet.
    const zero = { bytes: '0/0', packets: '0/0', dropped: '0/0', 'total-bytes': '0' };
    expect(await rest('PUT', '/queue/simple', { name: 'lan', target: '192.168.88.0/24' })).toMatchObject({ status: 201, body: zero });
    expect(await rest('PUT', '/queue/simple', { name: 'capped', target: 'bridge', 'max-limit': '1k/1k' })).toMatchObject({ status: 201, body: zero });
    expect(await rest('PUT', '/queue/tree', { name: 'up', parent: 'ether1' })).toMatchObject({ status: 201, body: { bytes: '0', packets: '0', dropped: '0' } });

    await advance(120);
    const [lan, capped] = (await rest('POST', '/queue/simple/print', { stats: '' })).body as Rows;
    expect(pair(lan['bytes']).every((n) => n > 0)).toBe(true);
    expect(lan['dropped']).toBe('0/0');
    expect(pair(capped['rate']).every((n) => n <= 1000)).toBe(true);
    expect(pair(capped['dropped']).every((n) => n > 0)).toBe(true);
    const [tree] = await rows('/queue/tree');
    expect(Number(tree['bytes'])).toBeGreaterThan(0);
    await advance(60);
    const [later] = await rows('/queue/simple');
    expect(pair(later['bytes'])[1]).toBeGreaterThan(pair(lan['bytes'])[1]);

    // reset-counters starts them again from zero.
    expect((await rest('POST', '/queue/simple/reset-counters', { numbers: lan['.id'] })).status).toBe(200);
    const reset = (await rest('POST', '/queue/simple/print', { '.query': [`.id=${lan['.id']}`] })).body as Rows;
    expect(Number(reset[0]['total-bytes'])).toBeLessThan(Number(later['total-bytes']) / 10);

    // `print stats` wraps an item's pairs at 80 columns; joined, each item is one line again.
    const joined = (text: string) => text.replace(/ *\r\n {2,}/g, ' ');
    const simple = joined((await ssh('/queue simple print stats')).output);
    expect(simple).toMatch(/^ *0 +name="lan" target=192\.168\.88\.0\/24 rate=[\d.]+[kMG]?bps\/[\d.]+[kMG]?bps total-rate=/);
    expect(simple).toMatch(/dropped=0\/0 total-dropped=0/);
    expect(simple).toMatch(/name="capped"[\s\S]*dropped=[1-9]\d*\/[1-9]\d*/);
    expect(simple).not.toMatch(/max-limit=/);
    const treeOut = joined((await ssh('/queue tree print stats')).output);
    expect(treeOut).toMatch(/^ *0 +name="up" parent=ether1 packet-mark="" rate=[\d.]+[kMG]?bps packet-rate=\d+ queued-bytes=0 queued-packets=0 bytes=[1-9]\d* packets=[1-9]\d* dropped=0/);
  });
});
