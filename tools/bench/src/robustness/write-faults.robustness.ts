import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { AdminServices, buildContainer, readServiceConfig } from '@routeros-mcp/composition';
import { settleWithin, waitFor } from '@routeros-mcp/testing';
import { PassThrough } from 'node:stream';
import { FAULTS } from './faults.robustness';
import { DEVICE } from './fuzz-requests';
import { SimFleet } from './sim-fleet';
import { connect } from './stdio-client';

/** Each device request (REST or SSH) is bounded at this; a whole write makes many of them. */
const REQUEST_BOUND_MS = 1500;
/** A whole write call (reads, safe mode, writes, verification, undo) must end within this, whatever the device does. */
export const WRITE_BOUND_MS = 45_000;
/** How long a change left `needs_attention` or `revert_pending` may take to settle once the device answers again. */
const SETTLE_MS = 90_000;
/** An interface the service does not reach the device through (the home profile's management port is ether2). */
const INTERFACE = 'ether3';
export const WRITE_CAPABILITIES = { allow_advanced_writes: true, allow_firewall_writes: true, allow_professional_workflows: true };
/** Who approves the plans out of band (as routeros-mcp-admin plan approve): never the server's own principal. */
const OPERATOR = { id: 'os:fault-operator', via: 'admin-cli' as const };

/** The faults of the read matrix, and the ones that bite only a write. */
export const WRITE_FAULTS: Record<string, Record<string, unknown>> = {
  ...FAULTS,
  dropConnectionsAfterWrites: { dropConnectionsAfterWrites: 1 },
  writesDoNotStick: { writesDoNotStick: true },
  freezeAfterWrite: { freezeAfterWrite: true },
};

type Config = Record<string, Record<string, string>[]>;

/** What the preparation made (a change to revert, an approved plan) and the out-of-band approver. */
type Prepared = Record<string, string>;
interface Context {
  client: Client;
  approve(planId: string): Promise<void>;
}

/**
 * A write path: what it does under the fault (after `prepare`, fault-free), and whether the device holds its result.
 * `call` is one tool call; `run` a path of several (a plan applied until its rollout settles) answering its claim.
 */
interface WritePath {
  name: string;
  prepare?(ctx: Context, n: number): Promise<Prepared>;
  call?(n: number, prepared: Prepared): [string, Record<string, unknown>];
  run?(ctx: Context, n: number, prepared: Prepared): Promise<Claim>;
  holds(config: Config, n: number): boolean;
}

interface Claim {
  claimed: string;
  code: string;
  changeId?: string;
  protection?: string;
  /** A plan's path: where it ends once the fault is cleared (it must end: a plan that never does fails the run). */
  settle?(): Promise<{ settled: string; code: string }>;
}

const commentOf = (config: Config) => config['interface/ethernet']?.find((r) => r['name'] === INTERFACE)?.['comment'] ?? '';
const dnsOf = (config: Config) => config['ip/dns']?.[0]?.['servers'] ?? '';
const planned = (n: number) => `192.0.2.${n}`;

interface PlanView {
  status: string;
  devices: { status: string; error?: string; change_id?: string; rollback_change_id?: string }[];
}

const planOf = async (client: Client, planId: string) => (await client.callTool({ name: 'plan_get', arguments: { plan_id: planId } })).structuredContent as PlanView;
const changeStatus = async (client: Client, changeId: string) => String(((await client.callTool({ name: 'change_get', arguments: { change_id: changeId } })).structuredContent as { status?: string } | undefined)?.status);

/** The plan once `left` says it has moved on; a plan that does not within SETTLE_MS fails the run. */
function planWhere(client: Client, planId: string, what: string, left: (plan: PlanView) => boolean | Promise<boolean>): Promise<PlanView> {
  return waitFor(async () => {
    const plan = await planOf(client, planId);
    return (await left(plan)) ? plan : undefined;
  }, `plan ${planId} ${what}`, SETTLE_MS, 500);
}

const MOVING = ['approved', 'executing', 'rolling_back'];
const stepOf = (plan: PlanView) => plan.devices[0]?.status ?? '?';

/** Where a plan path ends once the device answers again: the plan at its end, its step's claim. */
function planEnd(client: Client, planId: string, done: string): () => Promise<{ settled: string; code: string }> {
  return async () => {
    const plan = await planWhere(client, planId, 'to end once the device answers again', (p) => !MOVING.includes(p.status));
    return { settled: stepClaim(stepOf(plan), done), code: `plan ${plan.status}, step ${stepOf(plan)}` };
  };
}

/** A one-device DNS plan, approved out of band: answers its id. */
async function approvedPlan(ctx: Context, n: number): Promise<string> {
  const plan = await ctx.client.callTool({ name: 'plan_dns_ntp', arguments: { devices: [DEVICE], dns_servers: [planned(n)], rollout: { pause_seconds: 0 } } });
  const planId = (plan.structuredContent as { plan_id?: string } | undefined)?.plan_id;
  if (plan.isError || !planId) throw new Error(`the plan was not made: ${JSON.stringify(plan.content)}`);
  await ctx.approve(planId);
  return planId;
}

/**
 * What a plan step's status says of the device: `done` ⇒ applied; `rollback_failed` (written, then not confirmed
 * undone: the device may hold either state, which is what it tells the operator) and needs_attention ⇒ unconfirmed;
 * anything else ⇒ not applied.
 */
function stepClaim(step: string, done: string): string {
  if (step === done) return 'applied';
  return step === 'rollback_failed' || step === 'needs_attention' ? 'unconfirmed' : 'unchanged';
}

/** A tool call of a plan path that failed at once: its error code, nothing made. */
async function planCall(client: Client, tool: string, planId: string): Promise<Claim | undefined> {
  const answer = (await client.callTool({ name: tool, arguments: { plan_id: planId } })) as CallAnswer;
  return answer.isError ? claimOf(answer) : undefined;
}

export const WRITE_PATHS: WritePath[] = [
  {
    name: 'specific tool (interface_set_comment)',
    call: (n) => ['interface_set_comment', { device_id: DEVICE, interface: INTERFACE, comment: `fault ${n}` }],
    holds: (config, n) => commentOf(config) === `fault ${n}`,
  },
  {
    name: 'menu tool (menu_change)',
    call: (n) => ['menu_change', { device_id: DEVICE, path: '/ip/firewall/address-list', operations: [{ op: 'add', values: { list: 'mcp-fault', address: `192.0.2.${n}` } }] }],
    holds: (config, n) => (config['ip/firewall/address-list'] ?? []).some((r) => r['address'] === `192.0.2.${n}`),
  },
  {
    name: 'plan step (plan_apply)',
    prepare: async (ctx, n) => ({ plan_id: await approvedPlan(ctx, n) }),
    async run(ctx, _n, prepared) {
      const planId = prepared['plan_id'];
      const refused = await planCall(ctx.client, 'plan_apply', planId);
      if (refused) return refused;
      // The step's outcome is known once the rollout moves on (a halt's rollback may then wait for the device).
      const plan = await planWhere(ctx.client, planId, 'to finish its step', (p) => !['approved', 'executing'].includes(p.status));
      return { claimed: stepClaim(stepOf(plan), 'succeeded'), code: `plan ${plan.status}, step ${stepOf(plan)}`, settle: planEnd(ctx.client, planId, 'succeeded') };
    },
    holds: (config, n) => dnsOf(config) === planned(n),
  },
  {
    name: 'rollback (plan_rollback)',
    async prepare(ctx, n) {
      const planId = await approvedPlan(ctx, n);
      const refused = await planCall(ctx.client, 'plan_apply', planId);
      const plan = await planWhere(ctx.client, planId, 'to end', (p) => !MOVING.includes(p.status));
      if (refused || plan.status !== 'completed') throw new Error(`the plan to roll back did not complete: ${refused?.code ?? plan.status}`);
      return { plan_id: planId };
    },
    async run(ctx, _n, prepared) {
      const planId = prepared['plan_id'];
      const refused = await planCall(ctx.client, 'plan_rollback', planId);
      if (refused) return refused;
      // The rollback ends, or waits for a device that went silent after its undo and is undoing that by itself.
      const plan = await planWhere(ctx.client, planId, 'to end its rollback or wait for the device', async (p) => {
        const undo = p.devices[0]?.rollback_change_id;
        return p.status !== 'rolling_back' || (undo !== undefined && (await changeStatus(ctx.client, undo)) === 'revert_pending');
      });
      const claimed = plan.status === 'rolling_back' ? 'revert_pending' : stepClaim(stepOf(plan), 'rolled_back');
      return { claimed, code: `plan ${plan.status}, step ${stepOf(plan)}`, settle: planEnd(ctx.client, planId, 'rolled_back') };
    },
    // The rollback's result: the seed's DNS servers again (not the plan's).
    holds: (config, n) => dnsOf(config) !== planned(n),
  },
  {
    name: 'revert (change_revert)',
    async prepare({ client }, n) {
      const applied = await client.callTool({ name: 'interface_set_comment', arguments: { device_id: DEVICE, interface: INTERFACE, comment: `before revert ${n}` } });
      const changeId = (applied.structuredContent as { change_id?: string } | undefined)?.change_id;
      if (applied.isError || !changeId) throw new Error(`the change to revert was not made: ${JSON.stringify(applied.content)}`);
      return { change_id: changeId };
    },
    call: (_n, prepared) => ['change_revert', { change_id: prepared['change_id'] }],
    // The revert's result: the interface back to the seed's (empty) comment.
    holds: (config) => commentOf(config) === '',
  },
];

export interface WriteFaultCall {
  fault: string;
  path: string;
  /** What the call said: applied, or the failed change's end state (unchanged, reverted, revert_pending, needs_attention), refused (no change made), or unconfirmed (a plan step whose undo was not confirmed). */
  claimed: string;
  /** needs_attention and revert_pending once settled (the change's status then), else as claimed. */
  settled: string;
  code: string;
  /** How an applied change was protected (safe_mode, revert_timer…). */
  protection?: string;
  holds: boolean;
  truthful: boolean;
  elapsed_ms: number;
  within: boolean;
}

interface CallAnswer {
  isError?: boolean;
  structuredContent?: { change_id?: string | null; protection?: string; verification?: { status?: string }; error?: { mcp_error_code?: string; end_state?: string; change_id?: string } };
  content?: { text?: string }[];
}

/** A fresh server: short device bounds; a lock of a dead call expires soon, and unsettled changes are swept every second. */
const connectWriter = (dataDir: string) =>
  connect(dataDir, {
    ROUTEROS_MCP_TOOLSETS: 'all',
    ROUTEROS_MCP_RATE_LIMIT_PER_MINUTE: '100000',
    ROUTEROS_MCP_DEVICE_REQUEST_TIMEOUT_MS: String(REQUEST_BOUND_MS),
    ROUTEROS_MCP_DEVICE_EXPORT_TIMEOUT_MS: String(REQUEST_BOUND_MS * 2),
    ROUTEROS_MCP_CHANGE_LOCK_LEASE_MS: '2000',
    ROUTEROS_MCP_CHANGE_RECOVERY_INTERVAL_MS: '1000',
  });

/** What the answer claims about the device: `applied`, the failed change's end state, or `refused` (nothing made). */
function claimOf(answer: CallAnswer): Claim {
  const s = answer.structuredContent;
  if (!answer.isError) return { claimed: s?.verification?.status === 'verified' ? 'applied' : `unverified:${s?.verification?.status ?? '?'}`, code: 'ok', changeId: s?.change_id ?? undefined, ...(s?.protection ? { protection: s.protection } : {}) };
  const error = s?.error;
  return { claimed: error?.end_state ?? 'refused', code: error?.mcp_error_code ?? 'isError', changeId: error?.change_id };
}

/**
 * Issue 26's device fault matrix against the write paths: under every simulator fault, a specific write tool, the
 * menu tool, a plan's step (plan_apply of a plan approved out of band, until its rollout settles), a plan's rollback
 * and a revert, each through the one change pipeline of a fresh stdio server. Each call must end within
 * WRITE_BOUND_MS, and what it says must be what the device holds once the fault is gone: applied ⇒ held; unchanged,
 * reverted or refused ⇒ not held; revert_pending ⇒ not held once the device's timer fired; needs_attention is re-checked
 * by the server when the device answers again, and its settled status must then agree with the device.
 * `only` narrows the faults (CI's bounded run).
 */
export async function runWriteFaults(fleet: SimFleet, only?: readonly string[]): Promise<WriteFaultCall[]> {
  const calls: WriteFaultCall[] = [];
  const approver = (await buildContainer(readServiceConfig({ env: { ROUTEROS_MCP_DATA_DIR: fleet.dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error' } }), { logStream: new PassThrough() })).get(AdminServices);
  try {
    return await runPaths(fleet, approver, calls, only);
  } finally {
    await approver.close();
  }
}

async function callOnce(client: Client, tool: string, args: Record<string, unknown>): Promise<Claim> {
  try {
    return claimOf((await client.callTool({ name: tool, arguments: args }, undefined, { timeout: WRITE_BOUND_MS * 2 })) as CallAnswer);
  } catch (error) {
    return { claimed: 'refused', code: `rpc:${(error as { code?: number }).code ?? (error as Error).message}` };
  }
}

async function runPaths(fleet: SimFleet, approver: AdminServices, calls: WriteFaultCall[], only?: readonly string[]): Promise<WriteFaultCall[]> {
  const config = async () => ((await fleet.control('GET', '/devices/0/state'))['config'] as Config);
  let n = 0;
  // ROBUSTNESS_WRITE_FAULTS and ROBUSTNESS_WRITE_PATHS (comma-separated fault names, and words of path names) narrow a run.
  const faults = only ?? process.env['ROBUSTNESS_WRITE_FAULTS']?.split(',');
  const pathWords = process.env['ROBUSTNESS_WRITE_PATHS']?.split(',');
  const paths = WRITE_PATHS.filter((p) => !pathWords || pathWords.some((w) => p.name.includes(w)));
  for (const [fault, body] of Object.entries(WRITE_FAULTS).filter(([f]) => !faults || faults.includes(f))) {
    // A fresh server per call: the circuit a fault opened belongs to the process that met it.
    for (const path of paths) {
      const client = await connectWriter(fleet.dataDir);
      try {
        n++;
        await fleet.control('POST', '/devices/0/reset');
        const ctx: Context = { client, approve: (planId) => approver.plans.approve(planId, OPERATOR).then(() => undefined) };
        const prepared = (await path.prepare?.(ctx, n)) ?? {};
        await fleet.control('PUT', '/devices/0/faults', body);
        const started = performance.now();
        const claim = await (path.run ? path.run(ctx, n, prepared) : callOnce(client, ...path.call!(n, prepared)));
        const elapsed = performance.now() - started;
        await fleet.control('DELETE', '/devices/0/faults');
        const { claimed, changeId } = claim;
        let { code } = claim;
        let settled = claimed;
        if (claim.settle) {
          const end = await claim.settle();
          settled = end.settled;
          if (end.code !== code) code = `${code} → ${end.code}`;
        } else if (claimed === 'needs_attention' && changeId) {
          // The re-check may keep it needing attention (the device kept the change): a legitimate end, judged below.
          settled = await settleWithin(() => changeStatus(client, changeId), (s) => s !== 'needs_attention', SETTLE_MS);
          if (settled === 'needs_attention') settled = 'needs_attention(kept)';
        } else if (claimed === 'revert_pending') {
          // The device's own revert undoes it: wait for that; a device that still holds it then is a violation below.
          await settleWithin(config, (c) => !path.holds(c, n), SETTLE_MS);
          settled = 'reverted';
        }
        const holds = path.holds(await config(), n);
        const truthful = settled === 'unconfirmed' ? true : settled === 'applied' || settled === 'needs_attention(kept)' ? holds : !holds;
        calls.push({ fault, path: path.name, claimed, settled, code, ...(claim.protection ? { protection: claim.protection } : {}), holds, truthful, elapsed_ms: Math.round(elapsed), within: elapsed <= WRITE_BOUND_MS });
      } finally {
        await fleet.control('DELETE', '/devices/0/faults');
        await client.close();
      }
    }
  }
  return calls;
}

export function writeFaultViolations(calls: readonly WriteFaultCall[]): string[] {
  return calls.flatMap((c) => [
    ...(c.within ? [] : [`${c.fault}: ${c.path} took ${c.elapsed_ms} ms, bound ${WRITE_BOUND_MS} ms`]),
    ...(c.truthful ? [] : [`${c.fault}: ${c.path} said ${c.claimed}${c.settled !== c.claimed ? ` (settled ${c.settled})` : ''} but the device ${c.holds ? 'holds' : 'does not hold'} the change`]),
  ]);
}

/** The matrix as a table: one row per fault, one column per path, each cell `claimed→settled code ms`. */
export function writeFaultTable(calls: readonly WriteFaultCall[]): string {
  const paths = [...new Set(calls.map((c) => c.path))];
  const lines = [`| fault | ${paths.join(' | ')} |`, `|---|${paths.map(() => '---').join('|')}|`];
  for (const fault of [...new Set(calls.map((c) => c.fault))]) {
    const cells = paths.map((p) => {
      const c = calls.find((x) => x.fault === fault && x.path === p);
      return c ? `${c.claimed}${c.settled !== c.claimed ? `→${c.settled}` : ''}${c.protection ? ` (${c.protection})` : ''} ${c.code === 'ok' ? '' : `${c.code} `}${(c.elapsed_ms / 1000).toFixed(1)} s${c.truthful && c.within ? '' : ' **VIOLATION**'}` : '';
    });
    lines.push(`| ${fault} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}
