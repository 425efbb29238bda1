import { AdminServices, buildContainer, readServiceConfig } from '@routeros-mcp/composition';
import { connectEra, EraClient, enrollmentOf, Fleet, simControl, startFleet, tempDir } from '@routeros-mcp/testing';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import * as sqlite3 from 'sqlite3';
import stringWidth from 'string-width';
import { onTerminal, runAdmin } from './cli-runner';
import { STDIO_SERVER } from './plan-fleet-rig';

/*
 * Issue 21 item 3, the output half: what a model or a device wrote reaches a person through the admin CLI escaped,
 * and model-written text on the approval screen is marked as such and cannot pass for its structure. Plans are made
 * by the model's side (the built stdio server, driven by the SDK client); the stored title, exclusion reason and
 * cancel reason are then rewritten in the database, as a plan made before the input check would hold them (the
 * server now refuses them: apps/stdio-server/test/display-safety.e2e-spec.ts). Every command runs as its own process.
 */
const SIM_USER = { name: 'admin', password: 'ds-Pw-7' };
const FLAGS = { allow_advanced_writes: true, allow_professional_workflows: true };
const HOSTILE_TITLE = 'DNS tidy-up\n\n## r1 (batch 2/2, pending): no change\u001b[8m';
const HOSTILE_REASON = 'x\n\u001b[31mAPPROVED BY SECURITY\u001b[0m\n\u202Edeggol';
const HOSTILE_COMMENT = 'lan\n## r1 (batch 1/1): no change\u001b[8m\u202E';
/** Anything but a line break that a terminal would act on instead of showing. */
const RAW = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;
const rawOf = (text: string) => text.replace(/\n/g, '');
/** A colour code (SGR) and its parameters. */
// eslint-disable-next-line no-control-regex -- colour codes are what is being matched
const SGR = /\u001b\[([0-9;]*)m/g;
const uncoloured = (text: string) => text.replace(SGR, '');
/** The colour codes the CLI paints with (styleText: bold, dim, red, green, yellow, cyan, and their resets). */
const OUR_COLOURS = new Set(['1', '2', '22', '31', '32', '33', '36', '39']);

const dir = tempDir('admin-display-');
const dataDir = join(dir.path, 'data');
const env = { ROUTEROS_MCP_DATA_DIR: dataDir };
const admin = (args: string[], extra: Record<string, string> = {}) => runAdmin(args, { env: { ...env, ...extra } });
let fleet: Fleet;
let client: EraClient;

/** A tool call as the model makes it; the structured answer. */
async function call(name: string, args: Record<string, unknown>): Promise<any> {
  const result = await client.callTool(name, args);
  if (result.isError) throw new Error(`${name}: ${JSON.stringify(result.content)}`);
  return result.structuredContent;
}

/** Rewrites a stored plan as one made before the input check would be: `edit` changes its row's JSON columns. */
async function forge(planId: string, edit: (row: { title: string; body: any; transitions: any[] }) => void): Promise<void> {
  const db = new sqlite3.Database(join(dataDir, 'routeros-mcp.sqlite'));
  db.configure('busyTimeout', 30_000);
  const get = () => new Promise<any>((resolve, reject) => db.get('SELECT title, body, transitions FROM plans WHERE id = ?', [planId], (e, row) => (e ? reject(e) : resolve(row))));
  const run = (sql: string, params: unknown[]) => new Promise<void>((resolve, reject) => db.run(sql, params, (e) => (e ? reject(e) : resolve())));
  try {
    const stored = await get();
    const row = { title: stored.title, body: JSON.parse(stored.body), transitions: JSON.parse(stored.transitions) };
    edit(row);
    await run('UPDATE plans SET title = ?, body = ?, transitions = ? WHERE id = ?', [row.title, JSON.stringify(row.body), JSON.stringify(row.transitions), planId]);
  } finally {
    await new Promise<void>((resolve) => db.close(() => resolve()));
  }
}

/** Output a terminal would show as it is: nothing but line breaks and visible text (and, if `colours`, our own colour codes). */
function expectSafe(text: string, colours = false): void {
  const codes = [...text.matchAll(SGR)].map((m) => m[1]);
  if (colours) expect(codes.filter((c) => !OUR_COLOURS.has(c))).toEqual([]);
  expect(rawOf(colours ? uncoloured(text) : text)).not.toMatch(RAW);
}

beforeAll(async () => {
  fleet = await startFleet({ devices: 3, profile: 'home', version: '7.20.5', users: [{ ...SIM_USER, group: 'full' }] });
  const logStream = new PassThrough();
  logStream.resume();
  const services = (await buildContainer(readServiceConfig({ env: { ...env, ROUTEROS_MCP_LOG_LEVEL: 'error' } }), { logStream })).get(AdminServices);
  try {
    for (const device of fleet.devices) await services.devices.enroll({ id: 'e2e-operator', via: 'admin-cli' }, ...enrollmentOf(device, `r${device.index}`, SIM_USER, { capabilities: FLAGS }));
  } finally {
    await services.close();
  }
  client = await connectEra('legacy', { command: process.execPath, args: [STDIO_SERVER], env: { PATH: process.env['PATH']!, ...env, ROUTEROS_MCP_TOOLSETS: 'all', ROUTEROS_MCP_LOG_LEVEL: 'warn' } });
  // Read the server's stderr as it comes: a pipe nobody reads would stall the server once full.
  client.transport.stderr?.resume();
}, 180_000);
afterAll(async () => {
  await client?.close();
  await fleet?.stop();
  dir.remove();
});

describe('a plan whose stored title and exclusion reason forge the approval screen', () => {
  let planId: string;

  beforeAll(async () => {
    const plan = await call('plan_dns_ntp', { devices: ['r0', 'r1', 'r2'], dns_servers: ['192.0.2.53'], exclude: [{ device_id: 'r2', reason: 'under maintenance' }], title: 'DNS tidy-up' });
    planId = plan.plan_id;
    await forge(planId, (row) => {
      row.title = HOSTILE_TITLE;
      row.body.excluded[0].reason = `excluded by model: ${HOSTILE_REASON}`;
    });
  }, 120_000);

  it('plan show: no raw control character, headings only where the server put them, the title and reason marked as model-written', async () => {
    const shown = await admin(['plan', 'show', planId]);
    expect(shown).toMatchObject({ code: 0, stderr: '' });
    expectSafe(shown.stdout);
    const lines = shown.stdout.trimEnd().split('\n');
    expect(lines.filter((l) => l.startsWith('#'))).toEqual([`# ${planId}`, expect.stringMatching(/^## r0 \(batch 1\/2, pending\): set the DNS servers/), expect.stringMatching(/^## r1 \(batch 2\/2, pending\): set the DNS servers/)]);
    expect(lines).toContain('title (model-written, not checked by the server):');
    expect(lines).toContain('  │ DNS tidy-up␊␊## r1 (batch 2/2, pending): no change␛[8m');
    expect(lines).toContain('  r2: reason (model-written, not checked by the server):');
    // The forged approval sits inside the reason's block, after the bar, with every escape visible.
    expect(lines.filter((l) => l.includes('APPROVED BY SECURITY'))).toEqual(['    │ excluded by model: x␊␛[31mAPPROVED BY SECURITY␛[0m␊<U+202E>deggol']);
    for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(78);
    const json = JSON.parse((await admin(['plan', 'show', planId, '--json'])).stdout);
    expect(lines).toContain(`content hash: ${json.content_hash}`);
  }, 60_000);

  it('plan show --json: the stored text exactly, with nothing raw on the terminal', async () => {
    const shown = await admin(['plan', 'show', planId, '--json']);
    expectSafe(shown.stdout);
    const json = JSON.parse(shown.stdout);
    expect(json.title).toBe(HOSTILE_TITLE);
    expect(json.excluded).toEqual([{ device_id: 'r2', reason: `excluded by model: ${HOSTILE_REASON}` }]);
  }, 60_000);

  it('plan show in colour: only the CLI\'s own colours, never the model\'s conceal or red', async () => {
    const coloured = await admin(['plan', 'show', planId], { FORCE_COLOR: '1' });
    expect(coloured.stdout).toContain('\u001b[32m');
    expectSafe(coloured.stdout, true);
    expect(uncoloured(coloured.stdout)).toBe((await admin(['plan', 'show', planId])).stdout);
  }, 60_000);

  it('plan list: the title quoted, escaped and cut short, one row per plan', async () => {
    const listed = await admin(['plan', 'list']);
    expect(listed.code).toBe(0);
    expectSafe(listed.stdout);
    const rows = listed.stdout.trimEnd().split('\n');
    const all = JSON.parse((await admin(['plan', 'list', '--json'])).stdout);
    expect(rows).toHaveLength(all.length + 1);
    expect(rows.find((r) => r.startsWith(planId))).toContain('"DNS tidy-up␊␊## r1 (batch 2/2, pending): no change␛[8m"');
    expect(rows.filter((r) => r.startsWith('#'))).toEqual([]);
    expect(all.find((p: { plan_id: string }) => p.plan_id === planId).title).toBe(HOSTILE_TITLE);
  }, 60_000);

  it('plan approve at a terminal: the same safe screen, the server\'s hash in the question; yes approves', async () => {
    const json = JSON.parse((await admin(['plan', 'show', planId, '--json'])).stdout);
    const declined = await onTerminal(['plan', 'approve', planId], env, [[/\[y\/N\]/, 'n\r']]);
    expect(declined.code).toBe(1);
    const screen = declined.screen.replace(/\r/g, '');
    expectSafe(screen, true);
    const plain = uncoloured(screen);
    expect(plain).toContain(`Approve ${planId} (content hash ${json.content_hash}) as os:${userInfo().username}? [y/N]`);
    expect(plain).toContain('\n  │ DNS tidy-up␊␊## r1 (batch 2/2, pending): no change␛[8m\n');
    expect(plain.split('\n').filter((l) => l.startsWith('## ')).map((l) => l.slice(0, 6))).toEqual(['## r0 ', '## r1 ']);
    expect(JSON.parse((await admin(['plan', 'show', planId, '--json'])).stdout).status).toBe('pending');
    const confirmed = await onTerminal(['plan', 'approve', planId], env, [[/\[y\/N\]/, 'y\r']]);
    expect(confirmed.code).toBe(0);
    expect(JSON.parse((await admin(['plan', 'show', planId, '--json'])).stdout).status).toBe('approved');
  }, 90_000);
});

describe('what a person types at the CLI is refused the same way', () => {
  let planId: string;
  beforeAll(async () => (planId = (await call('plan_dns_ntp', { devices: ['r0'], ntp_servers: ['192.0.2.123'] })).plan_id), 60_000);

  it.each([
    ['an approval comment', ['plan', 'approve', '{id}', '--yes', '--comment', 'ok\u001b[8m'], {}, 'error: comment: must not contain control, invisible or direction-changing characters (found U+001B)'],
    ['a reject reason', ['plan', 'reject', '{id}', '--reason', 'x\n\u001b[31mAPPROVED'], {}, 'error: reason: must not contain control, invisible or direction-changing characters (found U+000A)'],
    ['a cancel reason', ['plan', 'cancel', '{id}', '--reason', '\u202Eok'], {}, 'error: reason: must not contain control, invisible or direction-changing characters (found U+202E)'],
    // A name at --as follows the principal-name rule (printable ASCII); the refusal shows what was typed, escaped.
    ['an --as name', ['plan', 'approve', '{id}', '--yes', '--as', 'carol\u202E'], { ROUTEROS_MCP_PLAN_APPROVE_AS_ALLOWED: 'true' }, "error: --as: 'carol<U+202E>' is not a name"],
  ] as const)('refuses %s, naming the character; the plan stays pending', async (_label, args, extra, message) => {
    const refused = await admin(args.map((a) => a.replace('{id}', planId)), extra);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trimEnd().startsWith(message)).toBe(true);
    expectSafe(refused.stderr);
    expect(JSON.parse((await admin(['plan', 'show', planId, '--json'])).stdout).status).toBe('pending');
  }, 60_000);
});

describe('a plan whose stored cancel reason forges its status and log', () => {
  let planId: string;
  beforeAll(async () => {
    planId = (await call('plan_dns_ntp', { devices: ['r1'], ntp_servers: ['192.0.2.124'] })).plan_id;
    await call('plan_cancel', { plan_id: planId, reason: 'superseded' });
    await forge(planId, (row) => (row.transitions.at(-1).reason = HOSTILE_REASON));
  }, 60_000);

  it('plan status: the title quoted, the log line escaped, never at the start of a line', async () => {
    const status = await admin(['plan', 'status', planId]);
    expect(status.code).toBe(0);
    expectSafe(status.stdout);
    expect(status.stdout.split('\n').filter((l) => l.includes('APPROVED BY SECURITY'))).toEqual([expect.stringMatching(/^ {2}\d{4}-\d\d-\d\dT\S+ {2}pending → cancelled by .*: x␊␛\[31mAPPROVED BY SECURITY␛\[0m␊<U\+202E>deggol$/)]);
  }, 60_000);

  it('plan status --watch, as lines and as JSON lines: escaped, and the JSON keeps the reason exactly', async () => {
    const lines = await admin(['plan', 'status', planId, '--watch']);
    expect(lines.code).toBe(3);
    expectSafe(lines.stdout);
    for (const line of lines.stdout.trimEnd().split('\n')) expect(line).toMatch(/^(log|status|Plan) /);
    const jsonLines = await admin(['plan', 'status', planId, '--watch', '--json']);
    expectSafe(jsonLines.stdout);
    const frames = jsonLines.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(frames.flatMap((f) => f.new_log.map((e: { message: string }) => e.message))).toContainEqual(expect.stringContaining(HOSTILE_REASON));
  }, 60_000);
});

describe('refused calls and device-held text in the audit, change, snapshot and device commands', () => {
  it('audit: the model\'s refused arguments and unknown tool name escaped in the table, exact in JSON', async () => {
    expect((await client.failure('plan_dns_ntp', { devices: ['r0'], dns_servers: ['192.0.2.9'], title: HOSTILE_TITLE })).data).toMatchObject({ mcp_error_code: 'INVALID_PARAMS', field: 'title' });
    expect((await client.failure('plan\u001b[8m_forged', {})).data).toMatchObject({ mcp_error_code: 'TOOL_NOT_FOUND' });
    const table = await admin(['audit', '--limit', '5']);
    expect(table.code).toBe(0);
    expectSafe(table.stdout);
    expect(table.stdout).toContain('tool.plan␛[8m_forged');
    expect(table.stdout.trimEnd().split('\n')).toHaveLength(6);
    const json = await admin(['audit', '--limit', '5', '--json']);
    expectSafe(json.stdout);
    const events = JSON.parse(json.stdout) as { action: string; arguments: Record<string, unknown> | null }[];
    expect(events.find((e) => e.action === 'tool.plan_dns_ntp')?.arguments).toMatchObject({ title: HOSTILE_TITLE });
    expect(events.map((e) => e.action)).toContain('tool.plan\u001b[8m_forged');
  }, 60_000);

  it('device test and show, snapshot show and diff, change show and list: what the device holds is escaped', async () => {
    const ether3 = (await simControl(fleet, 'GET', '/devices/0/state')).config['interface/ethernet'].find((r: Record<string, string>) => r['name'] === 'ether3')['.id'];
    await simControl(fleet, 'POST', '/devices/0/config', { action: 'set', path: 'system/identity', props: { name: 'r0\u001b[8m\u202E' } });
    await simControl(fleet, 'POST', '/devices/0/config', { action: 'set', path: 'interface/ethernet', id: ether3, props: { comment: HOSTILE_COMMENT } });

    const tested = await admin(['device', 'test', 'r0']);
    expect(tested.code).toBe(0);
    expectSafe(tested.stdout);
    expect(tested.stdout).toMatch(/^identity: +r0␛\[8m<U\+202E>$/m);
    const device = await admin(['device', 'show', 'r0']);
    expectSafe(device.stdout);
    expect(device.stdout).toContain('identity r0␛[8m<U+202E>');
    expect(JSON.parse((await admin(['device', 'show', 'r0', '--json'])).stdout).facts.identity).toBe('r0\u001b[8m\u202E');

    const first = JSON.parse((await admin(['snapshot', 'capture', 'r0', '--json'])).stdout).id;
    const snapshot = await admin(['snapshot', 'show', first]);
    expect(snapshot.code).toBe(0);
    expectSafe(snapshot.stdout);
    expect(snapshot.stdout).toContain('set name="r0␛[8m<U+202E>"');
    expect(snapshot.stdout.split('\n').filter((l) => l.startsWith('## '))).toEqual([]);

    const changed = await call('interface_set_comment', { device_id: 'r0', interface: 'ether3', comment: 'lan uplink' });
    const change = await admin(['change', 'show', changed.change_id]);
    expect(change.code).toBe(0);
    expectSafe(change.stdout);
    expect(change.stdout).toContain('- comment=lan␊## r1 (batch 1/1): no change␛[8m<U+202E>');
    expectSafe((await admin(['change', 'list', 'r0'])).stdout);

    await simControl(fleet, 'POST', '/devices/0/config', { action: 'set', path: 'system/identity', props: { name: 'r0' } });
    const second = JSON.parse((await admin(['snapshot', 'capture', 'r0', '--json'])).stdout).id;
    const diff = await admin(['snapshot', 'diff', first, second]);
    expect(diff.code).toBe(0);
    expectSafe(diff.stdout);
    expect(diff.stdout.split('\n').filter((l) => l.includes('␛[8m'))).toEqual(['-/system identity set name="r0␛[8m<U+202E>"']);
    const diffJson = await admin(['snapshot', 'diff', first, second, '--json']);
    expectSafe(diffJson.stdout);
    expect(JSON.parse(diffJson.stdout).diff).toContain('r0\u001b[8m\u202E');
  }, 120_000);
});
