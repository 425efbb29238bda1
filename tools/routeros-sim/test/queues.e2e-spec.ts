import { oneDevice } from './one-device';

type Rows = Record<string, string>[];

describe.each(['7.15.3', '7.20.5'])('RouterOS %s queues', (version) => {
  const { rest, ssh } = oneDevice(version);
  const rows = async (path: string) => (await rest('GET', path)).body as Rows;
  const detail = (reply: { status: number; body: unknown }) => ({ status: reply.status, detail: (reply.body as { detail?: string }).detail });

  it('adds a simple queue with targets and rates normalised as RouterOS prints them, over REST and SSH', async () => {
    const added = await rest('PUT', '/queue/simple', { target: '192.168.88.10,192.168.88.77/24', 'max-limit': '10000000/5000k', 'limit-at': '1M' });
    expect(added).toMatchObject({ status: 201, body: { name: 'queue1', target: '192.168.88.10/32,192.168.88.0/24', 'max-limit': '10M/5M', 'limit-at': '1M/1M', parent: 'none', queue: 'default-small/default-small', priority: '8/8', disabled: 'false', bytes: '0/0' } });
    expect(await ssh('/queue simple add target=bridge max-limit=1500k/2G')).toMatchObject({ code: 0 });
    expect((await rows('/queue/simple')).map((q) => [q['name'], q['target'], q['max-limit']])).toEqual([['queue1', '192.168.88.10/32,192.168.88.0/24', '10M/5M'], ['queue2', 'bridge', '1500k/2G']]);
    // Long export lines wrap (`\` then a 4-space indent); joined, the line is whole again.
    const exported = (await ssh('/queue simple export')).output.replace(/\\\r\n {4}/g, '');
    expect(exported).toContain('add limit-at=1M/1M max-limit=10M/5M name=queue1 target=192.168.88.10/32,192.168.88.0/24\r\n');
    expect((await ssh('/queue simple print')).output).toMatch(/queue1\s+192\.168\.88\.10\/32,192\.168\.88\.0\/24\s+none\s+1M\/1M\s+10M\/5M/);
    expect(exported).not.toContain('priority=');
  });

  it('refuses bad targets, rates, priorities and queue types with RouterOS texts, adding nothing', async () => {
    for (const [body, text] of [
      [{ target: 'ether9' }, 'input does not match any value of target'],
      [{ target: '192.168.88.300' }, 'invalid value for argument target'],
      [{ target: '10.0.0.0/40' }, 'invalid value for argument target'],
      [{ target: '10.0.0.1', 'max-limit': 'fast' }, 'invalid value for argument max-limit'],
      [{ target: '10.0.0.1', 'max-limit': '1M/2M/3M' }, 'invalid value for argument max-limit'],
      [{ target: '10.0.0.1', priority: '9/8' }, 'value of priority out of range (1..8)'],
      [{ target: '10.0.0.1', queue: 'nope/default' }, 'input does not match any value of queue'],
      [{ target: '10.0.0.1', parent: 'nope' }, 'input does not match any value of parent'],
      [{ target: '10.0.0.1', bogus: '1' }, 'unknown parameter bogus'],
    ] as const) {
      expect(detail(await rest('PUT', '/queue/simple', body))).toEqual({ status: 400, detail: text });
    }
    expect(await ssh('/queue simple add target=ether9')).toMatchObject({ code: 1, output: 'input does not match any value of target\r\n' });
    expect(await rows('/queue/simple')).toEqual([]);
  });

  it('takes the built-in queue types by name, and a /queue/type row once it exists', async () => {
    expect((await rest('PUT', '/queue/simple', { target: '10.0.0.1', queue: 'pcq-upload-default/pcq-download-default' })).status).toBe(201);
    expect(detail(await rest('PUT', '/queue/tree', { parent: 'global', queue: 'my-pcq' }))).toEqual({ status: 400, detail: 'input does not match any value of queue' });
    expect((await rest('PUT', '/queue/type', { name: 'my-pcq', kind: 'pcq' })).status).toBe(201);
    expect((await rest('PUT', '/queue/tree', { parent: 'global', queue: 'my-pcq' })).status).toBe(201);
  });

  it('keeps names unique, follows renames of a parent queue and of an interface, and refuses cycles', async () => {
    await rest('PUT', '/queue/simple', { name: 'all', target: '192.168.88.0/24' });
    expect((await rest('PUT', '/queue/simple', { name: 'host', target: '192.168.88.10', parent: 'all' })).status).toBe(201);
    expect(detail(await rest('PUT', '/queue/simple', { name: 'all', target: '10.0.0.1' }))).toEqual({ status: 400, detail: 'failure: already have such name' });
    expect(detail(await rest('PATCH', '/queue/simple/all', { parent: 'host' }))).toEqual({ status: 400, detail: 'failure: queue can not be parent of itself' });
    expect(detail(await rest('PATCH', '/queue/simple/all', { parent: 'all' }))).toEqual({ status: 400, detail: 'failure: queue can not be parent of itself' });
    expect(await ssh('/queue simple set all name=lan')).toMatchObject({ code: 0 });
    expect((await rows('/queue/simple')).find((q) => q['name'] === 'host')).toMatchObject({ parent: 'lan' });

    expect(await ssh('/queue tree add name=down parent=bridge max-limit=100M')).toMatchObject({ code: 0 });
    expect((await rest('PUT', '/queue/tree', { name: 'web', parent: 'down', 'packet-mark': 'web', 'limit-at': '5000000' })).body).toMatchObject({ parent: 'down', 'limit-at': '5M' });
    expect(detail(await rest('PUT', '/queue/tree', { name: 'x', parent: 'nowhere' }))).toEqual({ status: 400, detail: 'input does not match any value of parent' });
    expect(detail(await rest('PUT', '/queue/tree', { name: 'x' }))).toEqual({ status: 400, detail: 'missing value for parent' });
    expect(detail(await rest('PATCH', '/queue/tree/down', { parent: 'web' }))).toEqual({ status: 400, detail: 'failure: queue can not be parent of itself' });
    await rest('PATCH', '/interface/bridge/bridge', { name: 'br-lan' });
    await rest('PUT', '/queue/simple', { name: 'by-port', target: 'br-lan' });
    expect((await rows('/queue/tree')).find((q) => q['name'] === 'down')).toMatchObject({ parent: 'br-lan' });
    await rest('PATCH', '/interface/bridge/br-lan', { name: 'bridge' });
    expect((await rows('/queue/simple')).find((q) => q['name'] === 'by-port')).toMatchObject({ target: 'bridge' });
    await ssh('/queue tree set down name=download');
    expect((await rows('/queue/tree')).find((q) => q['name'] === 'web')).toMatchObject({ parent: 'download' });
  });
});
