import type { ApprovalGrantRecord, AuditEvent, SealedValueVisitor } from '@routeros-mcp/application-ports';
import { ConcurrentModificationError } from '@routeros-mcp/application-ports';
import { Approval, Plan, PlanApprovalUsedError, rolloutPolicyOf } from '@routeros-mcp/domain-plans';
import { useTestDatabases } from '@routeros-mcp/testing';
import { Database, DatabaseTarget, RegistryReadCache, TypeOrmAuditLog, TypeOrmPlanRepository, TypeOrmSchemaMigrator, TypeOrmSealedValueStore } from '../../index';

const t0 = new Date('2026-11-23T10:00:00.000Z');
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

function newPlan(id = 'plan-dns-0001', devices = ['r1', 'r2', 'r3'], createdBy = 'bob'): Plan {
  return Plan.create(
    {
      id, title: 'DNS rollout', toolName: 'plan_dns_ntp', topic: 'dns_ntp', createdBy, environment: 'lab', riskLevel: 'low', summary: 'set DNS servers',
      targets: devices.map((deviceId) => ({
        deviceId, change: { dns: { servers: ['192.0.2.53'] } },
        preview: { summary: 'set the DNS servers to 192.0.2.53', changed: true, diff: ['/ip dns set servers=192.0.2.53'], risk: 'low', verdicts: [{ ruleId: 'PROTECT_MANAGEMENT_PATH', status: 'pass', message: 'ok' }], touched: [{ menu: 'ip/dns', before: { servers: '' }, after: { servers: '192.0.2.53' } }], stateHash: 'a'.repeat(64), sections: { 'ip/dns': 'b'.repeat(64) } },
      })),
      rollout: rolloutPolicyOf({ canarySize: 1, batchSize: 2, haltPolicy: 'halt_and_hold' }),
      excluded: [{ deviceId: 'r9', reason: 'excluded by the caller' }],
    },
    t0,
  );
}

const grant = (planId: string, nonceDigest: string, patch: Partial<ApprovalGrantRecord> = {}): ApprovalGrantRecord => ({
  id: `g-${nonceDigest.slice(0, 8)}`, planId, contentHash: 'c'.repeat(64), approver: 'os:alice', basis: 'admin-cli', approvedAt: at(1), expiresAt: at(61), nonceDigest, sealed: 'v1.sealed', comment: 'ok', ...patch,
});

const audit = (action: string, id: string): AuditEvent => ({ id, occurredAt: at(Number(id.slice(2))), principal: { id: 'os:alice', via: 'admin-cli' }, action, planId: 'plan-dns-0001', outcome: 'success' });

const databases = useTestDatabases();
const engines: [string, () => Promise<DatabaseTarget>][] = [
  ['SQLite', async () => ({ kind: 'sqlite', file: databases.sqliteFile() })],
  ['PostgreSQL', async () => ({ kind: 'postgres', url: await databases.postgresUrl() })],
];

describe.each(engines)('plan repository on %s', (_engine, newTarget) => {
  let db: Database;
  let other: Database;

  beforeEach(async () => {
    const target = await newTarget();
    db = await Database.open(target);
    await new TypeOrmSchemaMigrator(db).migrate();
    other = await Database.open(target);
  });
  const auditIds = async () => (await new TypeOrmAuditLog(db).list({ limit: 10 })).map((e) => e.id).reverse();

  afterEach(async () => {
    await other.close();
    await db.close();
  });

  it('stores a plan with its steps and previews and reads it back exactly, content hash included', async () => {
    const repo = new TypeOrmPlanRepository(db);
    const plan = newPlan();
    await repo.create(plan);
    const read = (await new TypeOrmPlanRepository(other).get(plan.id))!;
    expect(read.toProps()).toEqual(plan.toProps());
    expect(read.currentContentHash()).toBe(plan.contentHash);
    expect(await repo.get('plan-none-0000')).toBeUndefined();
  });

  it('saves at the version read and refuses a stale save', async () => {
    const repo = new TypeOrmPlanRepository(db);
    const created = await repo.create(newPlan());
    const a = (await repo.get(created.id))!;
    const b = (await new TypeOrmPlanRepository(other).get(created.id))!;
    a.approve(Approval.of({ approvedBy: 'os:alice', approvedAt: at(1), comment: 'fine' }), at(1));
    const saved = await repo.save(a);
    expect(saved.version).toBe(1);
    b.cancel('bob', 'no longer needed', at(2));
    await expect(new TypeOrmPlanRepository(other).save(b)).rejects.toBeInstanceOf(ConcurrentModificationError);
    const now = (await repo.get(created.id))!;
    expect(now.status).toBe('approved');
    expect(now.approval).toMatchObject({ approvedBy: 'os:alice', comment: 'fine' });
    now.start('os:alice', at(3));
    await repo.save(now);
    expect((await repo.get(created.id))!.toProps()).toEqual({ ...now.toProps(), version: 2 });
  });

  it('given the plan as stored, a save writes only the step rows it changed and reads back exactly', async () => {
    const repo = new TypeOrmPlanRepository(db);
    const created = await repo.create(newPlan());
    const approved = Plan.restore(created.toProps());
    approved.approve(Approval.of({ approvedBy: 'os:alice', approvedAt: at(1) }), at(1));
    approved.start('os:alice', at(2));
    const stored = await repo.save(approved);
    const [first, second] = stored.steps;
    // Another step's row changed behind the repository's back: a save that rewrote every row would undo this.
    await db.manager.query(`UPDATE plan_steps SET error = 'untouched' WHERE id = ${db.dialect === 'postgres' ? '$1' : '?'}`, [second.id]);
    const draft = Plan.restore(stored.toProps());
    draft.startStep(first.id, at(3), 'change-1');
    draft.finishStep(first.id, { ok: true }, at(4));
    draft.log({ at: at(4), kind: 'step', message: 'r1 applied', ok: true, batch: 0, stepId: first.id, deviceId: 'r1' });
    const saved = await repo.save(draft, { stored });
    expect(saved.version).toBe(2);
    const read = (await new TypeOrmPlanRepository(other).get(created.id))!;
    expect(read.steps[1].error).toBe('untouched');
    expect({ ...read.toProps(), steps: read.toProps().steps.filter((s) => s.id !== second.id) }).toEqual({ ...saved.toProps(), steps: saved.toProps().steps.filter((s) => s.id !== second.id) });
    // A `stored` of another version than the plan's is not trusted: every row is written.
    const again = Plan.restore(read.toProps());
    again.startStep(second.id, at(5), 'change-2');
    await repo.save(again, { stored });
    expect((await repo.get(created.id))!.toProps()).toEqual({ ...again.toProps(), version: 3 });
  });

  it('lists by status, creator and device, newest first', async () => {
    const repo = new TypeOrmPlanRepository(db);
    await repo.create(newPlan('plan-aaaa-0001', ['r1', 'r2']));
    await repo.create(Plan.restore({ ...newPlan('plan-aaaa-0002', ['r3'], 'carol').toProps(), createdAt: at(5) }));
    const third = Plan.restore({ ...newPlan('plan-aaaa-0003', ['r2']).toProps(), createdAt: at(10) });
    third.cancel('bob', 'x', at(11));
    await repo.create(third);
    expect((await repo.list({ limit: 10 })).map((p) => p.id)).toEqual(['plan-aaaa-0003', 'plan-aaaa-0002', 'plan-aaaa-0001']);
    expect((await repo.list({ status: 'pending', limit: 10 })).map((p) => p.id)).toEqual(['plan-aaaa-0002', 'plan-aaaa-0001']);
    expect((await repo.list({ createdBy: 'carol', limit: 10 })).map((p) => p.id)).toEqual(['plan-aaaa-0002']);
    expect((await repo.list({ deviceId: 'r2', limit: 10 })).map((p) => p.id)).toEqual(['plan-aaaa-0003', 'plan-aaaa-0001']);
    expect((await repo.list({ deviceId: 'r2', limit: 10 }))[1].steps.map((s) => s.deviceId)).toEqual(['r1', 'r2']);
  });

  it('keeps a grant and an audit record with the save that gives them, and lets exactly one of two racing applies use a grant', async () => {
    const repo = new TypeOrmPlanRepository(db);
    const created = await repo.create(newPlan(), audit('plan.create', 'e-1'));
    const approve = (minute: number, version: number) => {
      const plan = Plan.restore({ ...created.toProps(), version });
      plan.approve(Approval.of({ approvedBy: 'os:alice', approvedAt: at(minute) }), at(minute));
      return plan;
    };
    const approved = await repo.save(approve(1, 0), { addGrant: grant(created.id, '1'.repeat(64), { approvedAt: at(1) }), audit: audit('plan.approve', 'e-2') });
    // A grant that cannot be stored (its nonce again) takes the save with it.
    await expect(repo.save(approve(2, 1), { addGrant: grant(created.id, '1'.repeat(64), { id: 'g-dup' }), audit: audit('plan.approve', 'e-3') })).rejects.toThrow();
    expect((await repo.get(created.id))!.version).toBe(1);
    expect((await repo.grantsFor(created.id)).map((g) => g.id)).toEqual(['g-11111111']);
    expect((await repo.grantsFor(created.id))[0]).toEqual(grant(created.id, '1'.repeat(64), { approvedAt: at(1) }));
    expect(await auditIds()).toEqual(['e-1', 'e-2']);

    const start = (by: string) => {
      const plan = Plan.restore(approved.toProps());
      plan.start(by, at(3));
      return plan;
    };
    const results = await Promise.allSettled([
      repo.save(start('p1'), { consumeGrant: { nonceDigest: '1'.repeat(64), usedBy: 'p1', usedAt: at(3) }, audit: audit('plan.apply', 'e-4') }),
      new TypeOrmPlanRepository(other).save(start('p2'), { consumeGrant: { nonceDigest: '1'.repeat(64), usedBy: 'p2', usedAt: at(3) }, audit: audit('plan.apply', 'e-5') }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!;
    expect(lost.reason).toBeInstanceOf(PlanApprovalUsedError);
    const used = (await repo.grantsFor(created.id))[0];
    expect(used.usedAt).toEqual(at(3));
    const winner = results[0].status === 'fulfilled' ? 'p1' : 'p2';
    expect(used.usedBy).toBe(winner);
    expect((await repo.get(created.id))!).toMatchObject({ status: 'executing', version: 2 });
    expect(await auditIds()).toEqual(['e-1', 'e-2', winner === 'p1' ? 'e-4' : 'e-5']);
    // A grant never given is not used either, and nothing of that save is written.
    const again = Plan.restore((await repo.get(created.id))!.toProps());
    again.cancel('p3', 'stop', at(4));
    await expect(repo.save(again, { consumeGrant: { nonceDigest: '9'.repeat(64), usedBy: 'p3', usedAt: at(4) } })).rejects.toBeInstanceOf(PlanApprovalUsedError);
    expect((await repo.get(created.id))!.version).toBe(2);
  });

  it('keeps a plan\'s sealed data key out of saves: only creation and a re-seal write it, all or nothing', async () => {
    const repo = new TypeOrmPlanRepository(db);
    const legacy = await repo.create(newPlan('plan-old-0001'));
    const fresh = await repo.create(Plan.restore({ ...newPlan('plan-new-0002').toProps(), sealedDataKey: 'v1.k1.sealed-data-key' }));
    fresh.approve(Approval.of({ approvedBy: 'os:alice', approvedAt: at(1) }), at(1));
    const created = await repo.save(fresh, { addGrant: grant(fresh.id, '3'.repeat(64), { sealed: 'v1.k1.sealed-grant' }) });
    const store = new TypeOrmSealedValueStore(db, new RegistryReadCache(db));
    const seen: string[] = [];
    const visitor: SealedValueVisitor = {
      credential: (c) => c,
      grant: (g) => g.sealed.replace('k1', 'k2'),
      changeInverse: (c) => c.inverse,
      planDataKey: (p) => {
        seen.push(`${p.id}:${p.sealedDataKey ?? `legacy(${p.stepChanges?.length})`}`);
        return p.sealedDataKey?.replace('k1', 'k2');
      },
    };
    // A failure before the commit leaves every row as it was.
    await expect(store.reseal({ ...visitor, beforeCommit: () => { throw new Error('refused'); } })).rejects.toThrow('refused');
    expect((await repo.get(created.id))!.sealedDataKey).toBe('v1.k1.sealed-data-key');
    expect((await repo.grantsFor(created.id))[0].sealed).toBe('v1.k1.sealed-grant');
    expect(seen.sort()).toEqual([`${created.id}:v1.k1.sealed-data-key`, `${legacy.id}:legacy(3)`]);

    expect(await store.reseal(visitor)).toEqual({ credentials: 0, approvalGrants: 1, changeInverses: 0, planDataKeys: 1 });
    expect((await repo.get(created.id))!.sealedDataKey).toBe('v1.k2.sealed-data-key');
    expect((await repo.grantsFor(created.id))[0].sealed).toBe('v1.k2.sealed-grant');
    // A save from the plan as read before the re-seal does not put the old sealed key back.
    const cancelled = Plan.restore(created.toProps());
    cancelled.cancel('os:alice', 'not today', at(2));
    await repo.save(cancelled);
    expect((await new TypeOrmPlanRepository(other).get(created.id))!.sealedDataKey).toBe('v1.k2.sealed-data-key');
  });
});
