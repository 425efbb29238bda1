import {
  Approval,
  canTransition,
  NewPlanInput,
  Plan,
  PLAN_STATUSES,
  PLAN_TRANSITIONS,
  PlanExpiredError,
  PlanIllegalTransitionError,
  PlanNotApprovedError,
  PlanSelfApprovalError,
  PlanStatus,
  planRolloutBatches,
  executionLogOf,
} from '../index';

const t0 = new Date('2026-03-01T10:00:00Z');
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
const approval = (by = 'alice') => Approval.of({ approvedBy: by, approvedAt: at(1) });

function newPlan(overrides: Partial<NewPlanInput> = {}): Plan {
  return Plan.create(
    {
      id: 'plan-dns-0001',
      title: 'DNS rollout',
      toolName: 'dns_plan_rollout',
      createdBy: 'bob',
      environment: 'lab',
      riskLevel: 'medium',
      summary: 'set DNS servers',
      targets: ['r1', 'r2', 'r3'].map((deviceId) => ({ deviceId, change: { servers: ['192.0.2.53'] } })),
      batches: { canarySize: 1, batchSize: 2 },
      ...overrides,
    },
    t0,
  );
}

function runAllSteps(plan: Plan, ok = true): void {
  for (const step of plan.steps) {
    plan.startStep(step.id, at(3));
    plan.finishStep(step.id, ok ? { ok: true } : { ok: false, error: 'boom' }, at(3));
    if (!ok) return;
  }
}

/** Drives a real plan through public methods into each status. */
function planIn(status: PlanStatus): Plan {
  const plan = newPlan();
  const approveAndStart = () => {
    plan.approve(approval(), at(1));
    plan.start('alice', at(2));
  };
  switch (status) {
    case 'pending':
      break;
    case 'approved':
      plan.approve(approval(), at(1));
      break;
    case 'executing':
      approveAndStart();
      break;
    case 'completed':
      approveAndStart();
      runAllSteps(plan);
      plan.complete(at(4));
      break;
    case 'failed':
      approveAndStart();
      runAllSteps(plan, false);
      plan.fail('canary failed', at(4));
      break;
    case 'cancelled':
      plan.cancel('bob', 'not needed', at(1));
      break;
    case 'rejected':
      plan.reject('carol', 'too risky', at(1));
      break;
    case 'expired':
      plan.expireIfDue(at(25 * 60));
      break;
    case 'rolling_back':
      approveAndStart();
      runAllSteps(plan, false);
      plan.beginRollback('alice', 'health gate', at(4));
      break;
    case 'rolled_back':
      approveAndStart();
      runAllSteps(plan, false);
      plan.beginRollback('alice', 'health gate', at(4));
      for (const step of plan.stepsToRollBack()) plan.recordRollback(step.id, true, at(5));
      plan.finishRollback(at(5));
      break;
  }
  expect(plan.status).toBe(status);
  return plan;
}

/** Each operation and the status it moves a plan into. */
const operations: Record<string, { to: PlanStatus; run: (plan: Plan) => void }> = {
  approve: { to: 'approved', run: (p) => p.approve(approval(), at(2)) },
  cancel: { to: 'cancelled', run: (p) => p.cancel('bob', 'changed mind', at(2)) },
  reject: { to: 'rejected', run: (p) => p.reject('carol', 'no', at(2)) },
  start: { to: 'executing', run: (p) => p.start('alice', at(2)) },
  fail: { to: 'failed', run: (p) => p.fail('stop', at(6)) },
  beginRollback: { to: 'rolling_back', run: (p) => p.beginRollback('alice', 'undo', at(6)) },
  finishRollback: { to: 'rolled_back', run: (p) => p.finishRollback(at(6)) },
  complete: { to: 'completed', run: (p) => p.complete(at(6)) },
};

describe('plan lifecycle table', () => {
  it('allows exactly the documented transitions', () => {
    const legal = PLAN_STATUSES.flatMap((from) => PLAN_STATUSES.filter((to) => canTransition(from, to)).map((to) => `${from}>${to}`));
    expect(legal.sort()).toEqual(
      [
        'pending>approved', 'pending>rejected', 'pending>cancelled', 'pending>expired',
        'approved>executing', 'approved>cancelled', 'approved>expired',
        'executing>completed', 'executing>failed', 'executing>rolling_back', 'executing>cancelled',
        'completed>rolling_back', 'failed>rolling_back', 'rolling_back>rolled_back', 'rolling_back>failed',
      ].sort(),
    );
  });

  const cases = PLAN_STATUSES.flatMap((from) => Object.entries(operations).map(([name, op]) => [from, name, op] as const));
  // A cancel while executing is only asked (the runner ends the plan `cancelled` at a step boundary): see below.
  it.each(cases.filter(([from, name]) => !(from === 'executing' && name === 'cancel')))('from %s, %s is refused unless the table allows it', (from, _name, op) => {
    const plan = planIn(from);
    const legal = PLAN_TRANSITIONS[from].includes(op.to);
    let error: unknown;
    try {
      op.run(plan);
    } catch (e) {
      error = e;
    }
    if (error === undefined) {
      expect(legal).toBe(true);
      expect(plan.status === op.to || (op.to === 'rolled_back' && plan.status === 'failed')).toBe(true);
      expect(plan.transitions.at(-1)?.from).toBe(from);
    } else {
      // The only legal edge a freshly reached state refuses is completing before any step ran.
      expect(legal).toBe(`${from}>${_name}` === 'executing>complete');
      expect([PlanIllegalTransitionError, PlanNotApprovedError].some((cls) => error instanceof cls)).toBe(true);
      expect(plan.status).toBe(from);
    }
  });

  it('reaches every status through public methods', () => {
    for (const status of PLAN_STATUSES) expect(planIn(status).status).toBe(status);
  });
});

describe('expiry', () => {
  it('expires pending and approved plans only after their ttl', () => {
    const plan = newPlan({ ttlMs: 60 * 60_000 });
    expect(plan.expireIfDue(at(59))).toBe(false);
    expect(plan.expireIfDue(at(60))).toBe(true);
    expect(plan.status).toBe('expired');
    expect(plan.transitions.at(-1)).toMatchObject({ from: 'pending', to: 'expired', by: 'system' });
  });

  it('refuses to approve or start an expired plan with PLAN.EXPIRED', () => {
    const plan = newPlan({ ttlMs: 10 * 60_000 });
    expect(() => plan.approve(approval(), at(10))).toThrow(PlanExpiredError);
    plan.approve(approval(), at(5));
    expect(() => plan.start('alice', at(11))).toThrow(PlanExpiredError);
    expect(plan.status).toBe('approved');
  });

  it('does not expire a running plan', () => {
    expect(planIn('executing').expireIfDue(at(10_000))).toBe(false);
  });
});

describe('approval', () => {
  it('refuses starting an unapproved plan with PLAN.NOT_APPROVED', () => {
    const error = (() => { try { newPlan().start('bob', at(1)); } catch (e) { return e; } })();
    expect(error).toBeInstanceOf(PlanNotApprovedError);
    expect((error as PlanNotApprovedError).code).toBe('PLAN.NOT_APPROVED');
  });

  it('refuses self-approval of a prod plan, allows it in lab', () => {
    expect(() => newPlan({ environment: 'prod' }).approve(approval('bob'), at(1))).toThrow(PlanSelfApprovalError);
    const lab = newPlan();
    lab.approve(approval('bob'), at(1));
    expect(lab.approval?.approvedBy).toBe('bob');
  });

  it('refuses a prod approval by the same person under a namespaced id when the author was recorded before namespaces', () => {
    expect(() => newPlan({ environment: 'prod', createdBy: 'root' }).approve(approval('os:root'), at(1))).toThrow(PlanSelfApprovalError);
    expect(() => newPlan({ environment: 'prod', createdBy: 'os:root' }).approve(approval('os:root'), at(1))).toThrow(PlanSelfApprovalError);
    expect(() => newPlan({ environment: 'prod', createdBy: 'os:root' }).approve(approval('token:root'), at(1))).not.toThrow();
  });

  it('rejects only pending plans and records the reason', () => {
    const plan = newPlan();
    plan.reject('carol', 'too risky', at(1));
    expect(plan.status).toBe('rejected');
    expect(plan.transitions.at(-1)).toMatchObject({ to: 'rejected', by: 'carol', reason: 'too risky' });
    expect(() => planIn('approved').reject('carol', 'late', at(2))).toThrow(PlanIllegalTransitionError);
  });

  it('validates the approver', () => expect(() => Approval.of({ approvedBy: ' ', approvedAt: t0 })).toThrow('approved_by'));
});

describe('steps and batches', () => {
  it('puts a canary first, then batches of the configured size', () => {
    const plan = newPlan();
    expect(plan.batches().map((b) => b.map((s) => s.deviceId))).toEqual([['r1'], ['r2', 'r3']]);
    expect(planRolloutBatches([1, 2, 3, 4, 5], { canarySize: 0, batchSize: 2 })).toEqual([[1, 2], [3, 4], [5]]);
    expect(() => planRolloutBatches([1], { canarySize: 1, batchSize: 0 })).toThrow('batch_size');
  });

  it('runs a batch only after every earlier batch succeeded', () => {
    const plan = planIn('executing');
    const [canary, second] = plan.steps;
    expect(() => plan.startStep(second.id, at(3))).toThrow('batch 2 waits for batch 1 to succeed');
    plan.startStep(canary.id, at(3));
    expect(() => plan.startStep(canary.id, at(3))).toThrow(PlanIllegalTransitionError);
    plan.finishStep(canary.id, { ok: true }, at(3));
    expect(() => plan.startStep(second.id, at(3))).not.toThrow();
  });

  it('refuses to fail, roll back or complete while a step runs', () => {
    const plan = planIn('executing');
    plan.startStep(plan.steps[0].id, at(3));
    expect(() => plan.fail('x', at(4))).toThrow('a step is still running');
    expect(() => plan.beginRollback('a', 'x', at(4))).toThrow('a step is still running');
    expect(() => plan.complete(at(4))).toThrow('3 step(s) have not succeeded');
  });

  it('skips unrun steps on failure and rolls back what ran, newest first', () => {
    const plan = planIn('executing');
    plan.startStep(plan.steps[0].id, at(3));
    plan.finishStep(plan.steps[0].id, { ok: true }, at(3));
    plan.startStep(plan.steps[1].id, at(3));
    plan.finishStep(plan.steps[1].id, { ok: false, error: 'health gate: cpu 100%' }, at(3));
    plan.fail('health gate', at(4));
    expect(plan.steps.map((s) => s.status)).toEqual(['succeeded', 'failed', 'skipped']);
    plan.beginRollback('alice', 'restore', at(5));
    expect(plan.stepsToRollBack().map((s) => s.deviceId)).toEqual(['r2', 'r1']);
    plan.recordRollback(plan.steps[1].id, true, at(5));
    plan.recordRollback(plan.steps[0].id, false, at(5));
    plan.finishRollback(at(6));
    expect(plan.status).toBe('failed');
    expect(plan.failureReason).toBe('rollback incomplete');
    plan.beginRollback('alice', 'retry', at(7));
    plan.recordRollback(plan.steps[0].id, true, at(7));
    plan.finishRollback(at(8));
    expect(plan.status).toBe('rolled_back');
    expect(() => plan.recordRollback(plan.steps[2].id, true, at(9))).toThrow(PlanIllegalTransitionError);
  });

  it('records a cancel asked while executing; the runner ends the plan cancelled once no step runs', () => {
    const plan = planIn('executing');
    const [canary] = plan.steps;
    plan.startStep(canary.id, at(3), 'change-1');
    expect(plan.steps[0].changeId).toBe('change-1');
    plan.cancel('bob', 'wrong servers', at(3));
    expect(plan.status).toBe('executing');
    expect(plan.cancelRequested).toEqual({ by: 'bob', at: at(3), reason: 'wrong servers' });
    expect(plan.executionLog.at(-1)?.message).toMatch(/cancel asked by bob/);
    expect(() => plan.finishCancelled(at(4))).toThrow('a step is still running');
    plan.finishStep(canary.id, { ok: true }, at(4));
    plan.finishCancelled(at(4));
    expect(plan.status).toBe('cancelled');
    expect(plan.transitions.at(-1)).toMatchObject({ from: 'executing', to: 'cancelled', by: 'bob', reason: 'wrong servers' });
    expect(plan.steps.map((s) => s.status)).toEqual(['succeeded', 'skipped', 'skipped']);
    expect(() => planIn('executing').finishCancelled(at(4))).toThrow('no cancel was asked');
  });

  it('retries a running step under a new change id and notes the undo id of a rollback step', () => {
    const plan = planIn('executing');
    const [canary] = plan.steps;
    plan.startStep(canary.id, at(3), 'change-1');
    plan.retryStep(canary.id, 'change-2', at(4));
    expect(plan.steps[0]).toMatchObject({ status: 'running', changeId: 'change-2', startedAt: at(4) });
    plan.finishStep(canary.id, { ok: true }, at(4));
    expect(() => plan.retryStep(canary.id, 'change-3', at(5))).toThrow(PlanIllegalTransitionError);
    plan.beginRollback('alice', 'undo', at(5));
    plan.startRollbackStep(canary.id, 'undo-1');
    expect(plan.steps[0].rollbackChangeId).toBe('undo-1');
    expect(() => plan.startRollbackStep(plan.steps[1].id, 'undo-2')).toThrow(PlanIllegalTransitionError);
  });

  it('under the continue policy, a failed batch does not block the next', () => {
    const plan = newPlan({ rollout: { canarySize: 1, batchSize: 2, pauseSeconds: 0, health: { maxCpuPercent: 90, maxMemoryPercent: 90 }, haltPolicy: 'continue' } });
    plan.approve(approval(), at(1));
    plan.start('alice', at(2));
    plan.startStep(plan.steps[0].id, at(3));
    plan.finishStep(plan.steps[0].id, { ok: false, error: 'boom' }, at(3));
    expect(() => plan.startStep(plan.steps[1].id, at(3))).not.toThrow();
  });

  it('keeps an execution log and merges it with the transitions in time order', () => {
    const plan = planIn('executing');
    plan.log({ at: at(3), kind: 'gate', message: 'batch 1/2: health gate passed', ok: true, batch: 0 });
    const lines = executionLogOf({ transitions: plan.transitions, executionLog: plan.executionLog });
    expect(lines.map((l) => l.kind)).toEqual(['transition', 'transition', 'gate']);
    expect(lines[1].message).toBe('approved → executing by alice');
    expect(Plan.restore(plan.toProps()).executionLog).toEqual(plan.executionLog);
  });

  it('names an unknown step', () => expect(() => planIn('executing').startStep('nope', at(3))).toThrow("has no step 'nope'"));
});

describe('Plan.create validation', () => {
  it.each([
    ['plan_id', { id: 'x' }],
    ['devices', { targets: [] }],
    ['devices', { targets: [{ deviceId: 'a', change: {} }, { deviceId: 'a', change: {} }] }],
    ['devices', { targets: Array.from({ length: 51 }, (_, i) => ({ deviceId: `d${i}`, change: {} })) }],
    ['ttl', { ttlMs: 1000 }],
    ['title', { title: '' }],
  ] as const)('rejects a bad %s', (field, patch) => {
    expect(() => newPlan(patch as Partial<NewPlanInput>)).toThrow(`${field}:`);
  });

  it.each([
    ['a line break that fakes a heading', 'DNS tidy-up\n\n## phome (batch 1/1): no change', 'U+000A'],
    ['an escape that conceals what follows', 'DNS tidy-up\u001b[8m', 'U+001B'],
    ['a right-to-left override', 'DNS \u202Epu-ydit', 'U+202E'],
    ['a C1 control', 'DNS\u0085tidy', 'U+0085'],
  ])('refuses a title holding %s, naming the character', (_label, title, character) => {
    expect(() => newPlan({ title })).toThrow(`title: must not contain control, invisible or direction-changing characters (found ${character})`);
  });

  it('restores a stored plan whose title predates the check (rendering escapes it)', () => {
    const props = { ...newPlan().toProps(), title: 'old\n\u001b[8mtitle' };
    expect(Plan.restore(props).title).toBe('old\n\u001b[8mtitle');
  });

  it('round-trips through props', () => {
    const plan = planIn('rolled_back');
    expect(Plan.restore(plan.toProps()).toProps()).toEqual(plan.toProps());
  });
});
