import type { AuditEvent, ChangeLock as ChangeLockPort } from '@routeros-mcp/application-ports';
import { AuditChainVerifier, AuditLog, ChangeLock } from '@routeros-mcp/application-ports';
import type { ChangeRecord } from '@routeros-mcp/domain-changes';
import type { Plan } from '@routeros-mcp/domain-plans';
import type { Container } from '@routeros-mcp/inversify';
import { Fleet, simControl } from '@routeros-mcp/testing';
import type { ChildProcess } from 'node:child_process';
import { hostname } from 'node:os';
import type { AdminServices, ServerServices } from '../src/index';
import { pollUntil } from './runner-process';

/*
 * What the rollout kill specs share (SQLite: rollout-kill, PostgreSQL with two replicas: rollout-replicas-kill): the
 * simulated devices read through the control API, the observable states a kill point is reached by (committed rows,
 * a device's request in flight, safe mode held), stopping a process exactly there, and the invariants checked after
 * the plan ended: devices as the plan's record says, no step applied or undone twice (change records and the
 * devices' own write logs), every audit record present, the audit hash chain intact.
 */
export interface KillKitDeps {
  fleet: Fleet;
  admin: AdminServices;
  server: ServerServices;
  /** The spec's own composition (runPlans: false): audit log, chain verifier and device locks read through it. */
  container: Container;
}

/** One REST write a device answered (the simulator's log). */
interface RestWrite {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
}

const DNS = '/ip/dns/set';
const NTP = '/system/ntp/client/set';

/** `deps` is read when a helper runs (the spec fills it in beforeAll). */
export function killKit(deps: () => KillKitDeps, ids: readonly string[]) {
  const fleet = () => deps().fleet;
  const stateOf = (i: number) => simControl(fleet(), 'GET', `/devices/${i}/state`);
  const dnsOf = async (i: number) => ((await stateOf(i)).config['ip/dns'][0] as Record<string, string>)['servers'];
  const ntpOf = async (i: number) => ((await stateOf(i)).config['system/ntp/client'][0] as Record<string, string>)['servers'];
  const inFlight = async (i: number) => ((await stateOf(i)).rest_stats as { inFlight: number }).inFlight > 0;
  const safeModeHeld = async (i: number) => ((await stateOf(i)).management as { safe_mode_holder: string | null }).safe_mode_holder !== null;
  const fault = (i: number, faults: Record<string, unknown>) => simControl(fleet(), 'PUT', `/devices/${i}/faults`, faults);
  const clearFaults = (i: number) => simControl(fleet(), 'DELETE', `/devices/${i}/faults`);
  /** What a plan here writes: `dns|ntp`. */
  const confOf = async (i: number) => `${await dnsOf(i)}|${await ntpOf(i)}`;
  const writesOf = async (i: number) => ((await stateOf(i)).rest_stats as { writes: RestWrite[] }).writes;
  /** Each device's write log length when the test began (its writes since then are the test's). */
  let marks: number[] = [];

  const admin = () => deps().admin;
  const records = async (): Promise<ChangeRecord[]> => (await Promise.all(ids.map((deviceId) => admin().changes.list({ deviceId, limit: 500 })))).flat();
  const ofPlan = (all: ChangeRecord[], planId: string) => all.filter((r) => r.authority.kind === 'approved_plan' && r.authority.planId === planId);
  const planOf = (planId: string) => deps().server.plans.get(planId);
  const stepsOf = (planId: string) => planOf(planId).then((p) => p.steps);
  const changeOf = (changeId: string | undefined) => (changeId ? admin().changes.get(changeId).catch(() => undefined) : Promise.resolve(undefined));
  const lockHolder = (deviceId: string) => deps().container.get<ChangeLockPort>(ChangeLock).holder(deviceId);
  const audit = () => deps().container.get<AuditLog>(AuditLog);

  /** Processes killed (their audit streams end without a closing checkpoint) and closed cleanly (theirs are signed to the end). */
  const killed = new Set<number>();
  const closed = new Set<number>();
  /** Children a failed test left, killed after it: they may have written nothing. */
  const abandoned = new Set<number>();
  const writer = (pid: number) => `${hostname()}:${pid}`;

  /**
   * Reads until `reached` holds; with `freeze`, the child is stopped (SIGSTOP) and the point read again: only a point
   * that still holds is killed at (SIGKILL), else the child goes on. Throws when `bail` names a reason to stop.
   */
  async function stopAt(child: ChildProcess, reached: () => Promise<boolean>, what: () => string, freeze: boolean, bail: () => string | undefined = () => undefined): Promise<void> {
    await pollUntil(async () => {
      const reason = bail();
      if (reason) throw new Error(reason);
      if (!(await reached())) return undefined;
      if (!freeze) return true;
      child.kill('SIGSTOP');
      if (await reached()) return true;
      child.kill('SIGCONT');
      return undefined;
    }, what, 180_000, freeze ? 2 : 50);
    child.kill('SIGKILL');
    killed.add(child.pid!);
  }

  /**
   * The named kill points of issue 26 (device `i`, its step running), each a state read from the database and the
   * simulator. `planned`: what the step writes (`dns` or `dns|ntp`); `before`: the device's `dns|ntp` before.
   */
  const points = {
    /** After the lock: the device's write lock held for the step's change, the change not yet recorded (a slow device read in flight). */
    afterLock: (planId: string, i: number) => async () => {
      const step = (await stepsOf(planId))[i];
      return step.status === 'running' && Boolean(step.changeId) && (await lockHolder(step.deviceId)) === step.changeId && !(await changeOf(step.changeId)) && (await inFlight(i));
    },
    /** After the record: the change committed `proposed` (its audit record `started`), safe mode not yet taken (the device's facts read in flight). */
    afterRecord: (planId: string, i: number) => async () => {
      const step = (await stepsOf(planId))[i];
      return step.status === 'running' && (await changeOf(step.changeId))?.status === 'proposed' && !(await safeModeHeld(i)) && (await inFlight(i));
    },
    /** After safe mode is taken: the device holds safe mode for the step, its write not yet landed. */
    afterSafeMode: (planId: string, i: number, before: string) => async () => {
      const step = (await stepsOf(planId))[i];
      return step.status === 'running' && Boolean(await changeOf(step.changeId)) && (await safeModeHeld(i)) && (await dnsOf(i)) === before.split('|')[0];
    },
    /** Between two writes of one step's change: DNS written, NTP not yet (the device holds the second write). */
    betweenWrites: (planId: string, i: number, planned: string) => async () => {
      const [dns, ntp] = planned.split('|');
      const step = (await stepsOf(planId))[i];
      return step.status === 'running' && (await dnsOf(i)) === dns && (await ntpOf(i)) !== ntp && (await inFlight(i));
    },
    /** After the last write, before verification: every write on the device, the change still `applying`. */
    afterLastWrite: (planId: string, i: number, planned: string) => async () => {
      const step = (await stepsOf(planId))[i];
      return step.status === 'running' && (await confOf(i)) === planned && (await changeOf(step.changeId))?.status === 'applying';
    },
    /** During rollback: the plan rolling back, its first device restored (a rollback entry committed). */
    inRollback: (planId: string) => async () => (await planOf(planId)).executionLog.some((e) => e.kind === 'rollback'),
    /** During rollback, device `i`'s undo written (the device back at `before`), not verified: the undo `applying`. */
    undoLastWrite: (planId: string, i: number, before: string) => async () => {
      const p = await planOf(planId);
      return p.status === 'rolling_back' && (await confOf(i)) === before && (await changeOf(p.steps[i].rollbackChangeId))?.status === 'applying';
    },
    /** During rollback, an undo in flight: device `i`'s undo recorded `applying` (a slow device holds its write). */
    undoInFlight: (planId: string, i: number) => async () => {
      const p = await planOf(planId);
      return p.status === 'rolling_back' && (await changeOf(p.steps[i].rollbackChangeId))?.status === 'applying';
    },
  };

  /** Each device's `dns|ntp` now; marks where the test's writes begin in each device's write log. */
  async function snapshot(): Promise<string[]> {
    marks = await Promise.all(ids.map(async (_d, i) => (await writesOf(i)).length));
    return Promise.all(ids.map((_d, i) => confOf(i)));
  }

  /**
   * No step applied or undone twice, counted on the devices: each write of the planned value was made by a change of
   * its own (at most one per apply record of the step), each write of the value before by an undo of its own; a step
   * that succeeded or was rolled back was written, a rolled-back one undone, a skipped one never touched; nothing else
   * written to those menus.
   */
  async function checkWrites(plan: Plan, planned: string, before: string[], mine: ChangeRecord[]): Promise<void> {
    const [dns, ntp] = planned.split('|');
    for (const [i, step] of plan.steps.entries()) {
      const log = (await writesOf(i)).slice(marks[i]);
      const made = mine.filter((r) => r.authority.kind === 'approved_plan' && r.authority.stepId === step.id);
      const applies = made.filter((r) => !r.revertOf).length;
      const undos = made.filter((r) => r.revertOf).length;
      const [dnsWas, ntpWas] = before[i].split('|');
      const count = (path: string, value: string) => log.filter((w) => w.path === path && w.body?.['servers'] === value).length;
      const menus: [string, string, string][] = [[DNS, dns, dnsWas], ...(ntp ? ([[NTP, ntp, ntpWas]] as [string, string, string][]) : [])];
      for (const [path, value, was] of menus) {
        const applied = count(path, value);
        const undone = count(path, was);
        const wanted = { written: step.status === 'skipped' ? 0 : 1, undone: step.status === 'rolled_back' ? 1 : 0 };
        expect([step.deviceId, path, 'applied', applied >= wanted.written && applied <= applies]).toEqual([step.deviceId, path, 'applied', true]);
        expect([step.deviceId, path, 'undone', undone >= wanted.undone && undone <= undos]).toEqual([step.deviceId, path, 'undone', true]);
        expect([step.deviceId, path, log.filter((w) => w.path === path).length]).toEqual([step.deviceId, path, applied + undone]);
      }
    }
  }

  /**
   * Every device as the plan's record says (succeeded: the planned value; rolled back, skipped: the value before);
   * no step applied or undone twice (change records per step, and the devices' write logs); every change record of
   * the plan audited; the plan's own actions audited once each and its transitions one unbroken chain to its status;
   * the audit hash chain intact. `live`: processes still running (their streams are not signed to the end).
   */
  async function checkInvariants(plan: Plan, planned: string, before: string[], extraActions: string[] = [], live: number[] = []): Promise<void> {
    // `dns` (NTP left as it was) or `dns|ntp`.
    const want = (i: number) => (planned.includes('|') ? planned : `${planned}|${before[i].split('|')[1]}`);
    for (const [i, step] of plan.steps.entries()) {
      expect(step.deviceId).toBe(ids[i]);
      expect(['succeeded', 'rolled_back', 'skipped']).toContain(step.status);
      expect([step.deviceId, step.status, await confOf(i)]).toEqual([step.deviceId, step.status, step.status === 'succeeded' ? want(i) : before[i]]);
    }
    const mine = ofPlan(await records(), plan.id);
    for (const step of plan.steps) {
      const made = mine.filter((r) => r.authority.kind === 'approved_plan' && r.authority.stepId === step.id);
      const applied = made.filter((r) => !r.revertOf && (r.status === 'verified' || (r.status === 'reverted' && r.revertedBy)));
      const undone = made.filter((r) => r.revertOf && r.status === 'verified');
      // Nothing left in flight or unsettled.
      expect(made.filter((r) => !['verified', 'reverted', 'failed'].includes(r.status)).map((r) => [r.id, r.status])).toEqual([]);
      expect([step.deviceId, applied.length]).toEqual([step.deviceId, step.status === 'skipped' ? 0 : 1]);
      expect(undone.length).toBeLessThanOrEqual(1);
      if (step.status === 'succeeded') expect(applied.map((r) => r.id)).toEqual([step.changeId]);
      // A rolled-back step's change was undone once, by its own recorded undo.
      if (step.status === 'rolled_back') expect([step.deviceId, undone.map((r) => r.id), applied[0].revertedBy]).toEqual([step.deviceId, [step.rollbackChangeId], step.rollbackChangeId]);
      if (step.status === 'skipped') expect(made).toEqual([]);
    }
    await checkWrites(plan, planned, before, mine);
    const list = async (action: string) => (await audit().list({ action, limit: 5000 })).filter((e) => e.planId === plan.id || mine.some((r) => r.id === e.arguments?.['change_id']));
    // No audit event lost: every change of the plan has its record in the audit log (applied, undone or recovered).
    const events: AuditEvent[] = (await Promise.all(['change.apply', 'change.revert', 'change.recover'].map(list))).flat();
    const audited = new Set(events.map((e) => e.arguments?.['change_id']));
    for (const record of mine) expect([record.id, record.status, audited.has(record.id)]).toEqual([record.id, record.status, true]);
    // Each change's own record (committed with it before its first write), settled: none left `started`.
    for (const record of mine) {
      const own = events.filter((e) => e.action !== 'change.recover' && e.arguments?.['change_id'] === record.id).map((e) => [e.id, e.outcome]);
      expect([record.id, own.length, own.filter(([, outcome]) => outcome === 'started')]).toEqual([record.id, 1, []]);
    }
    // change.apply with a verified outcome: exactly once per device applied.
    const verifiedApplies = events.filter((e) => e.action === 'change.apply' && e.planId === plan.id && e.arguments?.['status'] === 'verified');
    const perDevice = new Map<string, number>();
    for (const e of verifiedApplies) perDevice.set(e.deviceId!, (perDevice.get(e.deviceId!) ?? 0) + 1);
    for (const [device, count] of perDevice) expect([device, count]).toEqual([device, 1]);
    // The plan's own actions, each done once (a cancel that lost a race on the plan's version was asked again).
    for (const action of ['plan.create', 'plan.approve', 'plan.apply', ...extraActions]) {
      const done = (await list(action)).filter((e) => e.planId === plan.id && e.outcome === 'success');
      expect([action, done.length]).toEqual([action, 1]);
    }
    // Transitions (committed with the state they describe): one chain, no status entered twice, ending where the plan is.
    const chain = plan.transitions;
    // Each move the runner made is audited once, committed with it (a kill cannot part them).
    for (const { to } of chain.slice(chain.findIndex((t) => t.to === 'executing') + 1)) {
      expect([to, (await list(`plan.rollout.${to}`)).length]).toEqual([to, 1]);
    }
    for (const [i, t] of chain.entries()) if (i > 0) expect(t.from).toBe(chain[i - 1].to);
    expect(new Set(chain.map((t) => t.to)).size).toBe(chain.length);
    expect(chain.at(-1)?.to).toBe(plan.status);
    await checkAuditChain(live);
  }

  /**
   * The audit hash chain (what `routeros-mcp-admin audit verify` walks): no finding at all. Links no checkpoint signs
   * yet are those of killed processes (each wrote some: its stream ends there, unsigned, as expected of a writer that
   * never closed), of processes still running (`live`) and of this one; a process stopped cleanly signed its stream
   * to its end.
   */
  async function checkAuditChain(live: number[] = []): Promise<void> {
    const report = await deps().container.get<AuditChainVerifier>(AuditChainVerifier).verify();
    expect(report.findings).toEqual([]);
    expect(report.ok).toBe(true);
    const unsigned = new Map(report.uncovered.map((u) => [u.label, u]));
    for (const pid of killed) expect([pid, unsigned.get(writer(pid))]).toEqual([pid, expect.objectContaining({ from: expect.any(Number), to: expect.any(Number) })]);
    for (const pid of closed) expect([pid, unsigned.has(writer(pid))]).toEqual([pid, false]);
    const known = new Set([...killed, ...abandoned, ...live, process.pid].map(writer));
    expect(report.uncovered.filter((u) => !known.has(u.label))).toEqual([]);
    for (const u of report.uncovered) expect(u.to).toBeGreaterThanOrEqual(u.from);
  }

  /** Right after a kill (the change's process gone, nobody settled it yet): the change in flight has its own audit record, `started`. */
  async function expectStartedRecord(changeId: string | undefined): Promise<void> {
    const events = (await Promise.all(['change.apply', 'change.revert'].map((action) => audit().list({ action, limit: 5000 })))).flat();
    expect([changeId, events.filter((e) => e.arguments?.['change_id'] === changeId).map((e) => e.outcome)]).toEqual([changeId, ['started']]);
  }

  return {
    stateOf, dnsOf, ntpOf, confOf, inFlight, safeModeHeld, fault, clearFaults, writesOf,
    records, ofPlan, planOf, stepsOf, changeOf, lockHolder, audit,
    killed, closed, abandoned, writer,
    stopAt, points, snapshot, checkInvariants, checkAuditChain, expectStartedRecord,
  };
}

export type KillKit = ReturnType<typeof killKit>;
