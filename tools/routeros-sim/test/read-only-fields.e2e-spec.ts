import { oneDevice } from './one-device';

type Row = Record<string, string>;
const detail = (reply: { body: unknown }) => (reply.body as { detail?: string }).detail;

// Read-only properties RouterOS computes on menus served from the tree alone (model/generic-read-only.ts), over real
// HTTPS and SSH: new rows show them with their starting values, print shows them, and writing one is refused.
describe.each(['7.15.3', '7.20.5'])('RouterOS %s read-only properties of generic menus', (version) => {
  const sim = oneDevice(version);

  it('a new bridge filter rule counts from zero and is neither invalid nor dynamic; the counters cannot be written', async () => {
    const added = await sim.rest('PUT', '/interface/bridge/filter', { chain: 'forward', action: 'accept', comment: 'ro' });
    expect(added.status).toBe(201);
    const id = (added.body as Row)['.id'];
    expect(added.body).toMatchObject({ chain: 'forward', bytes: '0', packets: '0', invalid: 'false', dynamic: 'false' });
    expect(((await sim.rest('GET', '/interface/bridge/filter')).body as Row[])[0]).toMatchObject({ bytes: '0', packets: '0' });
    const refused = await sim.rest('PATCH', `/interface/bridge/filter/${id}`, { bytes: '5' });
    expect({ status: refused.status, detail: detail(refused) }).toEqual({ status: 400, detail: 'unknown parameter bytes' });
    expect(detail(await sim.rest('PUT', '/interface/bridge/filter', { chain: 'forward', packets: '1' }))).toBe('unknown parameter packets');
    const printed = (await sim.ssh('/interface bridge filter print detail')).output;
    expect(printed).toMatch(/bytes=0/);
    expect(printed).toMatch(/packets=0/);
    expect((await sim.ssh('/interface bridge filter set [find comment=ro] bytes=5')).output).toContain('expected end of command');
    // Never exported: only what can be set is configuration.
    expect((await sim.ssh('/interface bridge filter export')).output).not.toContain('bytes=');
  });

  it('a new netwatch probe has not run: status unknown, no tests done; status cannot be written', async () => {
    const added = await sim.rest('PUT', '/tool/netwatch', { host: '192.0.2.1', name: 'gw' });
    expect(added.body).toMatchObject({ host: '192.0.2.1', status: 'unknown', 'done-tests': '0', 'failed-tests': '0' });
    expect((await sim.rest('POST', '/tool/netwatch/print', { '.proplist': 'name,status' })).body).toEqual([{ name: 'gw', status: 'unknown' }]);
    expect(detail(await sim.rest('PATCH', '/tool/netwatch/gw', { status: 'up' }))).toBe('unknown parameter status');
    expect((await sim.ssh('/tool netwatch print detail')).output).toMatch(/status="?unknown/);
    expect((await sim.ssh('/tool netwatch set gw status=up')).output).toContain('expected end of command');
  });
});
