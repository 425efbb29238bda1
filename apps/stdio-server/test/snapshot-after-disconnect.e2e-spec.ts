import { ServerServices } from '@routeros-mcp/composition';
import { Fleet, simControl, startFleet, tempDir } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { enrollWriters, serviceReader } from './fleet-setup';
import { initialize, initialized, RawSession, requestFor } from './raw-session';

/*
 * Issue 22 item 3: the snapshot after a change outlives a client that disconnects right after the answer (shutdown
 * waits for it as for the audit record), and a snapshot seen before a change is never taken for the state before the
 * next one (its after-change capture may be lost to a kill), so `snapshot diff` of a firewall change's before and
 * after shows that change and nothing an earlier DNS change did. The export is slowed so that each session ends
 * while its after-change capture is still running, every time.
 */
const dir = tempDir('stdio-snap-after-');
const dataDir = join(dir.path, 'data');
const USERS = [{ name: 'admin', password: 'e2e-Pw-1', group: 'full' as const }];
const env = { ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'info' };
/** Long next to the kill or the stdin close that follows an answer; well within the 15 s capture bound. */
const SLOW_EXPORT_MS = 3_000;
let fleet: Fleet;
let reader: ServerServices;

beforeAll(async () => {
  fleet = await startFleet({ devices: 1, profile: 'edge', version: '7.20.5', users: USERS });
  await enrollWriters(dataDir, USERS[0], [{ id: 'gw', device: fleet.devices[0], environment: 'lab', capabilities: { allow_advanced_writes: true, allow_firewall_writes: true } }]);
  reader = await serviceReader(dataDir);
}, 120_000);
afterAll(async () => {
  RawSession.killAll();
  await reader?.close();
  await fleet?.stop();
  dir.remove();
});
afterEach(async () => {
  RawSession.killAll();
  await simControl(fleet, 'DELETE', '/devices/0/faults');
});

const era = 'legacy';
const request = requestFor(era);

/** One session: a write tool call, then the session ends as `end` says the moment its answer arrives. */
async function changeThenLeave(tool: string, args: Record<string, unknown>, end: 'close' | 'kill'): Promise<string> {
  const session = new RawSession(env);
  session.send(initialize(0), initialized, request(1, 'tools/call', { name: tool, arguments: { device_id: 'gw', ...args } }));
  const [answer] = (await session.until(() => session.byId(1) !== undefined, 60_000)).filter((f) => f.id === 1);
  if (end === 'close') session.close();
  else session.signal('SIGKILL');
  const code = await session.exited;
  expect(answer).toMatchObject({ result: { structuredContent: { changed: true } } });
  if (end === 'close') expect(code).toBe(0);
  return answer.result.structuredContent.change_id as string;
}

/** The snapshots before and after a change: the one its record names, and the next capture after the change. */
async function aroundChange(changeId: string) {
  const record = await reader.changes.get(changeId);
  const before = record.beforeSnapshot;
  if (before?.status === 'skipped' || !before) throw new Error(`no snapshot before ${changeId}: ${JSON.stringify(before)}`);
  const [after] = (await reader.snapshots.list('gw', { limit: 1 })).filter((s) => s.reason === 'after_change' && s.capturedAt >= record.updatedAt);
  if (!after) throw new Error(`no snapshot after ${changeId}`);
  return { before, diff: await reader.snapshots.diff(before.snapshotId, after.id) };
}

/** An accept rule at the end of the input chain; each test its own port, so neither finds the other's rule there. */
const winbox = (port: string, comment: string) => ({ rule: { chain: 'input', action: 'accept', protocol: 'tcp', 'dst-port': port, 'src-address': '10.100.0.0/16', comment } });

it('keeps the snapshot after a change when the client disconnects at once, and the next change is diffed against it', async () => {
  await simControl(fleet, 'PUT', '/devices/0/faults', { slowExportMs: SLOW_EXPORT_MS });
  const dns = await changeThenLeave('dns_set_servers', { servers: ['192.0.2.53'] }, 'close');
  // The capture the DNS change started is stored, although its client went away before it finished.
  const afterDns = (await reader.snapshots.list('gw', { limit: 1 }))[0];
  expect(afterDns).toMatchObject({ reason: 'after_change' });
  expect((await reader.snapshots.get(afterDns.id)).lines.join('\n')).toMatch(/^\/ip dns\nset servers=192\.0\.2\.53$/m);

  const firewall = await changeThenLeave('firewall_add_filter_rule', winbox('8291', 'winbox after dns'), 'close');
  expect(firewall).not.toBe(dns);
  const { before, diff } = await aroundChange(firewall);
  expect(before.snapshotId).toBe(afterDns.id);
  expect(diff.unified).toMatch(/^\+\/ip firewall filter add .*comment="winbox after dns"/m);
  expect(diff.unified).not.toContain('/ip dns');
  expect(diff).toMatchObject({ added: 1, removed: 0 });
}, 180_000);

it('never diffs a change against a snapshot seen before an earlier change whose after-snapshot was lost (the server was killed)', async () => {
  await simControl(fleet, 'PUT', '/devices/0/faults', { slowExportMs: SLOW_EXPORT_MS });
  const seenBefore = (await reader.snapshots.list('gw', { limit: 1 }))[0];
  await changeThenLeave('dns_set_servers', { servers: ['192.0.2.54'] }, 'kill');
  // Killed while its after-change capture ran: the newest snapshot still shows the DNS servers from before.
  expect((await reader.snapshots.list('gw', { limit: 1 }))[0].id).toBe(seenBefore.id);

  const firewall = await changeThenLeave('firewall_add_filter_rule', winbox('8292', 'winbox after a kill'), 'close');
  const { before, diff } = await aroundChange(firewall);
  // A fresh export before the firewall change, not the snapshot from before the DNS change.
  expect(before).toMatchObject({ status: 'captured' });
  expect(before.snapshotId).not.toBe(seenBefore.id);
  expect(diff.unified).toMatch(/^\+\/ip firewall filter add .*comment="winbox after a kill"/m);
  expect(diff.unified).not.toContain('/ip dns');
  expect(diff).toMatchObject({ added: 1, removed: 0 });
}, 180_000);
