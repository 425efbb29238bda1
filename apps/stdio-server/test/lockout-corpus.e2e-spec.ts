import { AdminServices, buildContainer, executionLogOf, readServiceConfig, ServerServices } from '@routeros-mcp/composition';
import { ALL_TOOLS, ToolContext } from '@routeros-mcp/mcp-protocol';
import { Fleet, simControl, startFleet, tempDir } from '@routeros-mcp/testing';
import { mkdirSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { request } from 'node:https';
import { join } from 'node:path';
import { Client as SshClient } from 'ssh2';
import { EraClient } from './era-client';
import { connectStdio } from './fleet-setup';
import { Config, ConsoleStep, DEVICE, PipelineSet, Profile, Row, Scenario, SCENARIOS } from './lockout/scenarios';
import { WIFI_SCENARIOS } from './lockout/wifi-scenarios';
import { CORPUS_SSH_KEY, LOGIN_UNDO_SCENARIOS, MENU_SCENARIOS } from './lockout/menu-scenarios';

// The lock-out corpus: dangerous and harmless changes made through the real tools (the SDK client over stdio, the
// built server), through plans (created by their tools, approved by an operator, applied by plan_apply), through undos
// (change_revert, plan_rollback) or, where no tool exists, through the same change pipeline in-process; the
// simulator's own management report is the judge of whether the service can still reach the device.
const dir = tempDir('stdio-lockout-');
const dataDir = join(dir.path, 'data');
const USERS = [{ name: 'admin', password: 'corpus-Pw-1', group: 'full' as const }];
const FLAGS = { allow_advanced_writes: true, allow_firewall_writes: true, allow_routing_writes: true, allow_dhcp_writes: true, allow_professional_workflows: true, allow_wireless_writes: true, allow_bridge_writes: true };
const OPERATOR = { id: 'os:corpus-operator', via: 'admin-cli' as const };
const ALL = [...SCENARIOS, ...WIFI_SCENARIOS, ...MENU_SCENARIOS, ...LOGIN_UNDO_SCENARIOS];
/** The whole corpus on both versions the simulator serves: 7.20.5 (`/safe-mode`) and 7.15.3 (the console's Ctrl+X). */
const VERSIONS = [
  { version: '7.20.5', scenarios: ALL },
  { version: '7.15.3', scenarios: ALL },
];

type Verdict = 'refused' | 'applied' | 'reverted' | 'failed' | 'no-op' | 'error';
interface Outcome {
  version: string;
  scenario: Scenario;
  expected: Verdict;
  outcome: Verdict;
  /** The rule and its reason, the protection used, or the failure. */
  detail: string;
  /** The simulator's verdict after the scenario: `reachable`, or why the client cannot reach the device. */
  simulator: string;
  /** Dangerous scenarios: the simulator's verdict on the same change made directly (it must cut the path). */
  direct?: string;
  lockedOut: boolean;
  leftBehind: string[];
}
const outcomes: Outcome[] = [];

const fleets = new Map<string, Fleet>();
let container: Awaited<ReturnType<typeof buildContainer>>;
let services: ServerServices;
let admin: AdminServices;

const deviceId = (profile: Profile, version: string) => `${profile}-${version.replace(/\./g, '-')}`;
/** The device a scenario writes: its profile's, or the `chr` device enrolled with an SSH key for `login: 'key'`. */
const scenarioDevice = (scenario: Scenario, version: string) => `${deviceId(scenario.profile, version)}${scenario.login === 'key' ? '-key' : ''}`;

type Op = { kind: 'add' | 'set' | 'remove' | 'move' | 'command'; menu: string; id?: string; props: Row; placeBefore?: string; destination?: string; unset?: readonly string[] };
/** The change pipeline's planner contract, as this spec uses it (the app's specs reach the domain only through the server). */
interface Planner<I = any> {
  reads(input: I): readonly string[];
  propose(live: Record<string, readonly Row[]>, input: I): { kind: 'no_change'; reason: string; current: unknown[] } | { kind: 'change'; proposal: { summary: string; operations: readonly Op[]; touched: unknown[]; risk: 'low' | 'medium' | 'high' } };
}

/** Any row `set` by `.id` (found by its values) or `add`: stands in for the tools this issue has not (`/ip/service`, bridge ports, raw). */
const setRowPlanner: Planner<PipelineSet> = {
  reads: (input) => [input.menu],
  propose(live, input) {
    const row = input.find && (live[input.menu] ?? []).find((r) => Object.entries(input.find!).every(([k, v]) => r[k] === v));
    if (input.remove) {
      if (!row) throw new Error(`no ${input.menu} row ${JSON.stringify(input.find)}`);
      return { kind: 'change', proposal: { summary: `remove ${input.menu} ${row['.id']}`, operations: [{ kind: 'remove', menu: input.menu, id: row['.id'], props: {} }], touched: [{ menu: input.menu, id: row['.id'], before: row }], risk: 'high' } };
    }
    if (input.add) {
      const placeBefore = row ? { placeBefore: row['.id'] } : {};
      return { kind: 'change', proposal: { summary: `add to ${input.menu}`, operations: [{ kind: 'add', menu: input.menu, props: input.props, ...placeBefore }], touched: [{ menu: input.menu, after: input.props }], risk: 'high' } };
    }
    if (!row) throw new Error(`no ${input.menu} row ${JSON.stringify(input.find)}`);
    const touched = { menu: input.menu, id: row['.id'], before: row, after: { ...row, ...input.props } };
    if (Object.entries(input.props).every(([k, v]) => row[k] === v)) return { kind: 'no_change', reason: 'already so', current: [touched] };
    return { kind: 'change', proposal: { summary: `set ${input.menu} ${row['.id']}`, operations: [{ kind: 'set', menu: input.menu, id: row['.id'], props: input.props }], touched: [touched], risk: 'high' } };
  },
};

/** What a write tool hands to the change pipeline: its planner and its parsed input. */
interface Planned {
  planner: Planner;
  input: unknown;
}

/** The planner and input a tool hands to the pipeline, taken from the tool itself through a runner that only records. */
async function plannedBy(name: string, args: Record<string, unknown>): Promise<Planned> {
  const tool = ALL_TOOLS.find((t) => t.name === name);
  if (!tool) throw new Error(`no tool ${name}`);
  let planned: Planned | undefined;
  const recorder = { run: async (request: Planned) => { planned = request; throw new Error('recorded, not run'); } };
  await tool.run(tool.input.parse({ device_id: 'recorded', ...args }), { changes: recorder } as unknown as ToolContext).catch(() => undefined);
  if (!planned) throw new Error(`${name} handed nothing to the pipeline`);
  return planned;
}

/**
 * The judge's control: the scenario's change made on the device's own console (the simulator's model: no evaluation,
 * no safe mode), so the simulator shows whether a dangerous scenario really cuts the path. A `refused` the judge
 * would not call a cut would hide a false refusal.
 */
async function writeDirectly(fleet: Fleet, index: number, scenario: Scenario, cfg: Config): Promise<string> {
  const device = fleet.devices[index];
  if (scenario.direct) {
    await consoleSteps(fleet, index, scenario.direct);
    await device.settled();
    return (await reach(fleet, index, scenario, (await state(fleet, index)).management)).text;
  }
  const { planner, input } = scenario.tool === 'pipeline' ? { planner: setRowPlanner, input: scenario.pipeline! } : await plannedBy(scenario.tool, scenario.args!(cfg));
  const live = Object.fromEntries(planner.reads(input).map((menu) => [menu, device.state.list(menu)]));
  const outcome = planner.propose(live, input);
  if (outcome.kind !== 'change') return 'no change';
  for (const op of outcome.proposal.operations) {
    if (op.kind === 'add') device.state.add(op.menu, { ...op.props, ...(op.placeBefore ? { 'place-before': op.placeBefore } : {}) });
    else if (op.kind === 'set' && Object.keys(op.props).length > 0 && op.id === undefined) device.state.setSingleton(op.menu, op.props);
    else if (op.kind === 'set' && Object.keys(op.props).length > 0) device.state.update(op.menu, op.id!, op.props);
    else if (op.kind === 'remove') device.state.remove(op.menu, op.id!);
    else if (op.kind === 'move') device.state.move(op.menu, [op.id!], op.destination);
    if (op.kind === 'set' && op.unset?.length) device.state.unset(op.menu, [op.id!], [...op.unset]);
  }
  await device.settled();
  return (await reach(fleet, index, scenario, (await state(fleet, index)).management)).text;
}

/** The TLS fingerprint each device presented at enrolment: the product pins it. */
const enrolledTls = new Map<Fleet, string[]>();

/** The device's configuration and management report; a REST service presenting another certificate than the pinned one is cut too. */
async function state(fleet: Fleet, index: number): Promise<{ config: Config; management: any }> {
  const s = await simControl(fleet, 'GET', `/devices/${index}/state`);
  const pinned = enrolledTls.get(fleet)?.[index];
  const presents = s.tls_fingerprint_sha256;
  const management = s.management.rest?.verdict === 'ok' && pinned && presents !== pinned
    ? { ...s.management, rest: { verdict: 'another identity', reason: `new TLS sessions present ${presents}, not the certificate pinned at enrolment` } }
    : s.management;
  return { config: s.config, management };
}

function findRow(cfg: Config, path: string, find: Row): Row {
  const row = (cfg[path] ?? []).find((r) => Object.entries(find).every(([k, v]) => r[k] === v));
  if (!row) throw new Error(`setup: no ${path} row ${JSON.stringify(find)}`);
  return row;
}

async function consoleSteps(fleet: Fleet, index: number, steps: readonly ConsoleStep[]): Promise<void> {
  for (const step of steps) {
    const cfg = (await state(fleet, index)).config;
    const id = step.find ? findRow(cfg, step.path, step.find)['.id'] : undefined;
    const before = step.before === 'first' ? cfg[step.path]?.[0]?.['.id'] : step.before ? findRow(cfg, step.path, step.before)['.id'] : undefined;
    await simControl(fleet, 'POST', `/devices/${index}/config`, { action: step.action, path: step.path, ...(id ? { id } : {}), props: { ...(step.props ?? {}), ...(before ? { 'place-before': before } : {}) } });
  }
}

/** What `prepare` made through the product: the change an undo scenario reverts, or the plan it rolls back. */
interface Prepared {
  changeId?: string;
  planId?: string;
}

/**
 * The device as the scenario starts: reset, the console set-up, what `prepare` makes through the product (while the
 * service is still where the seed puts it), then the service placed (on Wi-Fi it associates now, with what it finds).
 */
async function setUp(fleet: Fleet, index: number, scenario: Scenario, client?: EraClient, id?: string): Promise<Prepared> {
  await simControl(fleet, 'POST', `/devices/${index}/reset`);
  await consoleSteps(fleet, index, scenario.setup ?? []);
  let prepared: Prepared = {};
  if (scenario.prepare) {
    const { prepare } = scenario;
    const made = 'pipeline' in prepare ? await pipeline(id!, prepare.pipeline, false) : await planWrite(client!, prepare.plan, prepare.change, id!, false, prepare.approveOnly);
    if (made.outcome !== 'applied') throw new Error(`prepare of '${scenario.name}' was not applied: ${made.outcome} ${made.detail}`);
    prepared = made.prepared;
  }
  if (scenario.management) await simControl(fleet, 'PUT', `/devices/${index}/management`, scenario.management);
  return prepared;
}

/** What differs between two configurations, ignoring what a device changes by itself (log lines, login times). */
function differences(before: Config, after: Config): string[] {
  const volatile = new Set(['log']);
  const clean = (rows: Row[] = []) => rows.map((r) => JSON.stringify(Object.fromEntries(Object.entries(r).filter(([k]) => k !== 'last-logged-in'))));
  const menus = new Set([...Object.keys(before), ...Object.keys(after)].filter((m) => !volatile.has(m)));
  return [...menus].filter((m) => JSON.stringify(clean(before[m])) !== JSON.stringify(clean(after[m])));
}

function access(management: any): { ok: boolean; text: string } {
  const cut = (['rest', 'ssh'] as const).filter((s) => management[s]?.verdict !== 'ok').map((s) => `${s} ${management[s]?.verdict}: ${management[s]?.reason}`);
  return cut.length === 0 ? { ok: true, text: 'reachable' } : { ok: false, text: `LOCKED OUT (${cut.join('; ')})` };
}

/** A new REST request as the service: undefined when the device answers it, else why not. */
function restLogin(fleet: Fleet, index: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const url = new URL('/rest/system/identity', fleet.devices[index].restUrl);
    const req = request(url, { auth: `${USERS[0].name}:${USERS[0].password}`, rejectUnauthorized: false, timeout: 15_000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200 ? undefined : `REST login answered ${res.statusCode}`);
    });
    req.on('timeout', () => req.destroy(new Error('no answer in 15 s')));
    req.on('error', (e) => resolve(`REST login failed: ${e.message}`));
    req.end();
  });
}

/** A new SSH login as the service, by password or by the corpus's key: undefined when it gets in, else why not. */
function sshLogin(fleet: Fleet, index: number, by: 'password' | 'key'): Promise<string | undefined> {
  return new Promise((resolve) => {
    const ssh = new SshClient();
    const auth = by === 'key' ? { privateKey: CORPUS_SSH_KEY.private } : { password: USERS[0].password };
    ssh.on('ready', () => { ssh.end(); resolve(undefined); });
    ssh.on('error', (e) => resolve(`SSH login failed: ${e.message}`));
    ssh.connect({ host: new URL(fleet.devices[index].restUrl).hostname, port: fleet.devices[index].sshPort, username: USERS[0].name, ...auth, readyTimeout: 15_000, hostVerifier: () => true });
  });
}

/** The management report's verdict and, for a scenario on the service's logins, new logins over REST and SSH. */
async function reach(fleet: Fleet, index: number, scenario: Scenario, management: any): Promise<{ ok: boolean; text: string }> {
  const path = access(management);
  if (!path.ok || !scenario.login) return path;
  const refused = [await restLogin(fleet, index), await sshLogin(fleet, index, scenario.login)].filter((r): r is string => r !== undefined);
  return refused.length === 0 ? path : { ok: false, text: `LOCKED OUT (${refused.join('; ')})` };
}

type Written = { outcome: Verdict; detail: string; prepared: Prepared };

/** A refusal or failure, from a domain error of the in-process pipeline (its details) or a tool error (its data). */
function failed(error: unknown): Written {
  const e = error as { details?: () => object; data?: object; message: string };
  const data: Record<string, any> = typeof e.details === 'function' ? { ...e.details(), message: e.message } : { ...(e.data ?? {}), message: e.message };
  const clean = (text: unknown) => String(text).replace(/^MCP error -?\d+: (Unsafe Operation: )?/, '');
  if (data['safety_rule']) return { outcome: 'refused', detail: `${data['safety_rule']}: ${clean(data['message'])}`, prepared: {} };
  // A plan refused at creation: the device and the rule that refused it.
  const refused = data['refused']?.[0];
  if (refused) return { outcome: 'refused', detail: `${String(refused.code).replace(/^SAFETY\./, '')}: ${refused.reason}`, prepared: {} };
  if (data['end_state']) return { outcome: data['end_state'] === 'reverted' ? 'reverted' : 'failed', detail: `${data['step']} → ${data['end_state']}: ${data['outcome'] ?? data['message']}`, prepared: {} };
  return { outcome: 'error', detail: clean(data['message']).slice(0, 300), prepared: {} };
}

/** A row set through the pipeline in-process, as a tool would hand it over. */
async function pipeline(id: string, input: PipelineSet, dryRun: boolean): Promise<Written> {
  try {
    const result = await services.changes.run({
      principal: { id: 'corpus', via: 'e2e' }, correlationId: randomUUID(), environment: 'lab', deviceId: id, tool: 'corpus_set_row',
      // The same contract, typed here without importing the domain (the app's layer rule).
      planner: setRowPlanner as unknown as Parameters<ServerServices['changes']['run']>[0]['planner'], input, dryRun,
    });
    if (result.changed && (dryRun || result.verification.status === 'verified')) return { outcome: 'applied', detail: `protection ${result.protection}`, prepared: { changeId: result.changeId } };
    return { outcome: 'no-op', detail: result.summary, prepared: {} };
  } catch (error) {
    return failed(error);
  }
}

/** Waits for a plan to leave `statuses`, reading it through plan_status as the model would. */
async function planSettled(client: EraClient, planId: string, statuses: readonly string[]): Promise<{ status: string; devices: Array<{ status: string; error?: string }> }> {
  const until = Date.now() + 120_000;
  for (;;) {
    const status = (await client.succeeded('plan_status', { plan_id: planId })).structuredContent;
    if (!statuses.includes(status.status)) return status;
    if (Date.now() > until) throw new Error(`plan ${planId} still ${status.status} after 120 s`);
    await new Promise((next) => setTimeout(next, 200));
  }
}

/**
 * A plan for one device through its creation tool. Its creation is the dry run (a dry run of the step against the
 * live device, refused there if any rule refuses it); the write is the creation, an operator's approval (as
 * routeros-mcp-admin plan approve) and plan_apply, until the rollout settles.
 */
async function planWrite(client: EraClient, tool: string, change: Record<string, unknown>, id: string, dryRun: boolean, approveOnly = false): Promise<Written> {
  let planId: string;
  try {
    const plan = (await client.succeeded(tool, { devices: [id], change, rollout: { pause_seconds: 0 } })).structuredContent;
    planId = plan.plan_id;
    if (dryRun) return plan.devices[0]?.changed ? { outcome: 'applied', detail: 'plan created', prepared: { planId } } : { outcome: 'no-op', detail: plan.summary, prepared: {} };
    await admin.plans.approve(planId, OPERATOR);
  } catch (error) {
    return failed(error);
  }
  if (approveOnly) return { outcome: 'applied', detail: 'plan approved', prepared: { planId } };
  return applyWrite(client, planId);
}

/** plan_apply of an approved plan, until the rollout settles. */
async function applyWrite(client: EraClient, planId: string): Promise<Written> {
  try {
    await client.succeeded('plan_apply', { plan_id: planId });
  } catch (error) {
    return failed(error);
  }
  const settled = await planSettled(client, planId, ['approved', 'executing']);
  const step = settled.devices[0];
  if (settled.status === 'completed' && step?.status === 'succeeded') return { outcome: 'applied', detail: 'plan completed, its step verified', prepared: { planId } };
  return { outcome: step?.error && /PROTECT_MANAGEMENT_PATH|management path/.test(step.error) ? 'refused' : 'failed', detail: `plan ${settled.status}, step ${step?.status}: ${step?.error ?? ''}`, prepared: {} };
}

/** plan_rollback of the prepared plan, until the rollback settles; the rollback's own log line says why it failed. */
async function rollbackWrite(client: EraClient, planId: string): Promise<Written> {
  try {
    await client.succeeded('plan_rollback', { plan_id: planId });
  } catch (error) {
    return failed(error);
  }
  const settled = await planSettled(client, planId, ['rolling_back']);
  const step = settled.devices[0];
  if (settled.status === 'rolled_back' && step?.status === 'rolled_back') return { outcome: 'applied', detail: 'plan rolled back, its step restored and verified', prepared: {} };
  // The operator's view of why (routeros-mcp-admin plan show prints the same lines).
  const plan = (await services.plans.get(planId)).toProps();
  const why = executionLogOf({ transitions: plan.transitions, executionLog: plan.executionLog ?? [] }).map((l) => l.message).filter((m) => m.startsWith('rollback:')).join('; ');
  return { outcome: /PROTECT_MANAGEMENT_PATH|would|cannot be judged/.test(why) ? 'refused' : 'failed', detail: `plan ${settled.status}, step ${step?.status}: ${why}`, prepared: {} };
}

/**
 * The scenario's write (or its dry run, which must meet the same verdict and write nothing): through the tool, the
 * pipeline, a plan, an undo of what `prepare` made, or the apply of the plan it had approved. plan_rollback and
 * plan_apply have no dry run (`undefined`).
 */
async function write(client: EraClient, scenario: Scenario, id: string, cfg: Config, prepared: Prepared, dryRun = false): Promise<Written | undefined> {
  if (scenario.tool === 'pipeline') return pipeline(id, scenario.pipeline!, dryRun);
  if (scenario.tool === 'plan_rollback') return dryRun ? undefined : rollbackWrite(client, prepared.planId!);
  if (scenario.tool === 'plan_apply') return dryRun ? undefined : applyWrite(client, prepared.planId!);
  if (scenario.tool.startsWith('plan_')) return planWrite(client, scenario.tool, scenario.change!, id, dryRun);
  try {
    const args = scenario.tool === 'change_revert' ? { change_id: prepared.changeId } : { device_id: id, ...(scenario.args?.(cfg) ?? {}) };
    const result = await client.succeeded(scenario.tool, { ...args, dry_run: dryRun });
    const out = result.structuredContent;
    if (out.changed && (dryRun || out.verification?.status === 'verified')) return { outcome: 'applied', detail: `protection ${out.protection}`, prepared: {} };
    return { outcome: 'no-op', detail: out.summary, prepared: {} };
  } catch (error) {
    return failed(error);
  }
}

beforeAll(async () => {
  for (const { version } of VERSIONS) fleets.set(version, await startFleet({ devices: 4, profile: 'mixed', version, users: USERS, safeModeRevertMs: 300 }));
  for (const fleet of fleets.values()) enrolledTls.set(fleet, fleet.devices.map((d) => d.keys.tlsFingerprint));
  container = await buildContainer(readServiceConfig({ env: { ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error' } }));
  admin = container.get(AdminServices);
  for (const [version, fleet] of fleets) {
    for (const profile of ['home', 'edge', 'chr', 'legacy-ap'] as const) {
      const device = fleet.devices[DEVICE[profile]];
      const url = new URL(device.restUrl);
      await admin.devices.enroll(
        { id: 'corpus', via: 'admin-cli' },
        { id: deviceId(profile, version), name: deviceId(profile, version), host: url.hostname, restPort: url.port, sshPort: device.sshPort, environment: 'lab', tlsFingerprint: device.keys.tlsFingerprint, sshHostKey: device.keys.sshHostKeyFingerprint, capabilities: FLAGS, critical: false },
        { rest: { username: USERS[0].name, password: USERS[0].password }, ssh: { username: USERS[0].name, password: USERS[0].password } },
      );
    }
    // The cloud router again, its SSH login by key (the key scenarios' set-up gives the user the public half).
    const chr = fleet.devices[DEVICE.chr];
    const url = new URL(chr.restUrl);
    const id = `${deviceId('chr', version)}-key`;
    await admin.devices.enroll(
      { id: 'corpus', via: 'admin-cli' },
      { id, name: id, host: url.hostname, restPort: url.port, sshPort: chr.sshPort, environment: 'lab', tlsFingerprint: chr.keys.tlsFingerprint, sshHostKey: chr.keys.sshHostKeyFingerprint, capabilities: FLAGS, critical: false },
      { rest: { username: USERS[0].name, password: USERS[0].password }, ssh: { username: USERS[0].name, privateKey: CORPUS_SSH_KEY.private } },
    );
  }
  services = container.get(ServerServices);
});

afterAll(async () => {
  await services?.close();
  for (const fleet of fleets.values()) await fleet.stop();
  dir.remove();
});

describe.each(VERSIONS)('lock-out corpus on RouterOS $version', ({ version, scenarios }) => {
  // One server process per version; the corpus makes more calls a minute than the default rate limit allows.
  let client: EraClient;
  beforeAll(async () => {
    client = await connectStdio(dataDir, { ROUTEROS_MCP_RATE_LIMIT_PER_MINUTE: '10000' }, 'legacy');
  });
  afterAll(() => client?.close());

  it.each(scenarios.map((s) => [`${s.kind}: ${s.name}${s.tool === 'menu_change' ? ` [menu_change ${s.menu}]` : ''}`, s] as const))('%s', async (_title, scenario) => {
    const fleet = fleets.get(version)!;
    const index = DEVICE[scenario.profile];
    const id = scenarioDevice(scenario, version);
    const prepared = await setUp(fleet, index, scenario, client, id);
    const before = await state(fleet, index);
    // A scenario whose set-up already cut the path could not tell a lock-out from the change's doing.
    expect((await reach(fleet, index, scenario, before.management)).text).toBe('reachable');

    const dry = await write(client, scenario, id, before.config, prepared, true);
    expect(differences(before.config, (await state(fleet, index)).config)).toEqual([]);
    const { outcome, detail } = (await write(client, scenario, id, before.config, prepared))!;
    const after = await state(fleet, index);
    const verdict = await reach(fleet, index, scenario, after.management);
    const changed = differences(before.config, after.config);
    const expected: Verdict = scenario.kind === 'dangerous' ? 'refused' : 'applied';
    let direct: string | undefined;
    if (scenario.kind === 'dangerous') {
      await setUp(fleet, index, scenario, client, id);
      direct = await writeDirectly(fleet, index, scenario, (await state(fleet, index)).config);
      await simControl(fleet, 'POST', `/devices/${index}/reset`);
    }
    outcomes.push({ version, scenario, expected, outcome, detail, simulator: verdict.text, direct, lockedOut: !verdict.ok, leftBehind: outcome === 'applied' ? [] : changed });

    expect(verdict.text).toBe('reachable');
    // On a mismatch the received detail (the rule's reason, or the failure) shows in the diff.
    expect({ outcome, detail }).toEqual({ outcome: expected, detail: outcome === expected ? expect.any(String) : '' });
    // The dry run met the verdict the write met: the same refusal, or a change it would make.
    if (dry) expect(dry.outcome).toBe(outcome);
    if (dry && outcome === 'refused') expect(dry.detail).toBe(detail);
    if (outcome === 'refused') expect(changed).toEqual([]);
    if (outcome === 'applied') expect(changed.length).toBeGreaterThan(0);
    // The judge calls the same change, made without the product, a lock-out.
    if (direct !== undefined) expect(direct).toMatch(/^LOCKED OUT/);
  });
});

describe('the corpus as a whole', () => {
  it('prints its outcome table: 0 lock-outs, 0 changes left behind on refusal, 0 false refusals', () => {
    const header = ['version', 'kind', 'scenario', 'tool', 'expected', 'outcome', 'rule/reason or protection', 'simulator', 'same change made directly'];
    const rows = outcomes.map((o) => [o.version, o.scenario.kind, o.scenario.name, o.scenario.tool, o.expected, o.outcome, o.detail.replace(/\s+/g, ' ').slice(0, 200) + (o.leftBehind.length ? ` [left behind: ${o.leftBehind.join(', ')}]` : ''), o.simulator, o.direct ?? '-']);
    const lockOuts = outcomes.filter((o) => o.lockedOut).length;
    const leftBehind = outcomes.filter((o) => o.outcome !== 'applied' && o.leftBehind.length > 0).length;
    const falseRefusals = outcomes.filter((o) => o.scenario.kind === 'harmless' && o.outcome !== 'applied').length;
    const count = (kind: string) => outcomes.filter((o) => o.scenario.kind === kind).length;
    const table = [header, ...rows].map((r) => r.join(' | ')).join('\n');
    const through = (test: (tool: string) => boolean) => outcomes.filter((o) => test(o.scenario.tool)).length;
    const wifi = outcomes.filter((o) => WIFI_SCENARIOS.includes(o.scenario)).length;
    // The menu_change family (issue 24): how many, across how many menus, and its own table per version.
    const menuOutcomes = (kind: string) => outcomes.filter((o) => MENU_SCENARIOS.includes(o.scenario) && o.scenario.kind === kind);
    const menusOf = (kind: string) => new Set(menuOutcomes(kind).map((o) => o.scenario.menu));
    const menuTable = VERSIONS.map(({ version }) => {
      const of = outcomes.filter((o) => o.version === version && MENU_SCENARIOS.includes(o.scenario));
      const n = (kind: string) => of.filter((o) => o.scenario.kind === kind).length;
      return `menu_change on ${version}: ${n('dangerous')} dangerous across ${new Set(of.filter((o) => o.scenario.kind === 'dangerous').map((o) => o.scenario.menu)).size} menus, ${n('harmless')} harmless across ${new Set(of.filter((o) => o.scenario.kind === 'harmless').map((o) => o.scenario.menu)).size} menus; lock-outs ${of.filter((o) => o.lockedOut).length}, left behind ${of.filter((o) => o.outcome !== 'applied' && o.leftBehind.length > 0).length}, false refusals ${of.filter((o) => o.scenario.kind === 'harmless' && o.outcome !== 'applied').length}`;
    }).join('\n');
    const summary = `scenarios run: ${outcomes.length} (${count('dangerous')} dangerous, ${count('harmless')} harmless; ${through((t) => t === 'pipeline')} through the pipeline in-process, ${through((t) => /^plan_(?!rollback)/.test(t))} through plans (creation, or apply), ${through((t) => t === 'change_revert' || t === 'plan_rollback')} undos; ${wifi} with the service on Wi-Fi or changing a radio)\n${menuTable}\nlock-outs: ${lockOuts}\nchanges left behind on refusal: ${leftBehind}\nfalse refusals: ${falseRefusals}\nrefused: ${outcomes.filter((o) => o.outcome === 'refused').length}, applied: ${outcomes.filter((o) => o.outcome === 'applied').length}, reverted: ${outcomes.filter((o) => o.outcome === 'reverted').length}`;
    const out = join(__dirname, '..', '..', '..', 'tmp');
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'lockout-corpus.txt'), `${table}\n\n${summary}\n`);
    process.stderr.write(`\nlock-out corpus\n${table}\n\n${summary}\n`);

    expect(outcomes.length).toBe(VERSIONS.reduce((n, v) => n + v.scenarios.length, 0));
    expect(count('dangerous')).toBeGreaterThanOrEqual(40);
    expect(outcomes.filter((o) => WIFI_SCENARIOS.includes(o.scenario) && o.scenario.kind === 'dangerous').length).toBeGreaterThanOrEqual(2 * 20);
    expect(count('harmless')).toBeGreaterThanOrEqual(15);
    expect(menuOutcomes('dangerous').length).toBeGreaterThanOrEqual(2 * 60);
    expect(menusOf('dangerous').size).toBeGreaterThanOrEqual(25);
    expect(menuOutcomes('harmless').length).toBeGreaterThanOrEqual(2 * 40);
    expect(menusOf('harmless').size).toBeGreaterThanOrEqual(30);
    expect({ lockOuts, leftBehind, falseRefusals }).toEqual({ lockOuts: 0, leftBehind: 0, falseRefusals: 0 });
  });
});
