import type { ApprovalGrantRecord, AuditEvent, PlanQuery, PlanRepository, PlanSaveOptions } from '@routeros-mcp/application-ports';
import { ConcurrentModificationError } from '@routeros-mcp/application-ports';
import { Plan, PlanApprovalUsedError, PlanNotFoundError } from '@routeros-mcp/domain-plans';
import type { EntityManager } from '@routeros-mcp/typeorm';
import { Database } from '../database';
import type { PlanApprovalRow, PlanRow, PlanStepRow } from '../records/plan.record';
import { insertAuditRows } from './typeorm-audit.log';
import { toApprovalRow, toGrantRecord, toPlan, toPlanRows, toStepRow } from './plan.mapper';

const PLAN = 'PlanRow';
const STEP = 'PlanStepRow';
const APPROVAL = 'PlanApprovalRow';

export class TypeOrmPlanRepository implements PlanRepository {
  constructor(private readonly db: Database) {}

  async create(plan: Plan, audit?: AuditEvent): Promise<Plan> {
    const rows = toPlanRows(plan);
    await this.db.write(async (em) => {
      await em.insert(PLAN, rows.plan);
      if (rows.steps.length > 0) await em.insert(STEP, rows.steps);
      // Last: the chain link locks this process's stream head only until commit.
      if (audit) await insertAuditRows(em, this.db.auditChain, [audit]);
    });
    return plan;
  }

  /** A plan and its steps as one committed state: a save made from a torn read would undo what it did not see. */
  async get(id: string): Promise<Plan | undefined> {
    return this.db.readConsistent((em) => this.read(em, id));
  }

  /**
   * The plan row and its steps in one transaction, only at the version the plan was read at. Given the plan as
   * stored at that version, only what differs from it is written: a runner's commit touches one step of many, and
   * rewriting every step row at each commit made a rollout's writes grow with the square of its devices. The
   * version check makes `stored` exact: no other write can have landed at that version. A grant given or consumed and
   * the audit record commit in the same transaction.
   */
  async save(plan: Plan, options: PlanSaveOptions = {}): Promise<Plan> {
    const { stored, addGrant, consumeGrant, audit } = options;
    // The sealed data key is written at creation and re-sealed by key rotations only: a save from a plan read
    // before a rotation must not put back the data key sealed with a retired master key.
    const { id, version, sealed_key: _sealedKey, ...fields } = toPlanRow(plan);
    const known = stored && stored.id === id && stored.version === version ? stored : undefined;
    const changedFields = known ? changedColumns(toPlanRow(known), fields) : fields;
    const knownSteps = new Map(known?.steps.map((s) => [s.id, s]));
    const changedSteps = plan.steps.flatMap((step) => {
      const previous = knownSteps.get(step.id);
      // A step whose fields are the very same values (a copy of the stored one) is not even serialized.
      if (previous && sameFields(previous, step)) return [];
      const { id: stepId, plan_id: _plan, ...stepFields } = toStepRow(id, step);
      const changed = previous ? changedColumns(toStepRow(id, previous), stepFields) : stepFields;
      return Object.keys(changed).length > 0 ? [{ stepId, changed }] : [];
    });
    return this.db.write(async (em) => {
      // The grant first: of two racing applies the second waits on its row and then finds it used.
      if (consumeGrant && !(await this.consumeIn(em, consumeGrant.nonceDigest, consumeGrant.usedBy, consumeGrant.usedAt))) throw new PlanApprovalUsedError(id);
      const { affected } = await em.createQueryBuilder().update(PLAN).set({ ...changedFields, version: version + 1 }).where('id = :id AND version = :version', { id, version }).execute();
      if (!affected) {
        const exists = await em.exists(PLAN, { where: { id } });
        throw exists ? new ConcurrentModificationError('plan', id) : new PlanNotFoundError(id);
      }
      for (const { stepId, changed } of changedSteps) await em.update(STEP, { id: stepId }, changed);
      if (addGrant) await em.insert(APPROVAL, toApprovalRow(addGrant));
      const audits = audit === undefined ? [] : Array.isArray(audit) ? audit : [audit as AuditEvent];
      await insertAuditRows(em, this.db.auditChain, audits);
      return plan.withVersion(version + 1);
    });
  }

  async list(query: PlanQuery): Promise<Plan[]> {
    return this.db.readConsistent((em) => this.listIn(em, query));
  }

  private async listIn(em: EntityManager, query: PlanQuery): Promise<Plan[]> {
    const q = em.createQueryBuilder<PlanRow>(PLAN, 'p').orderBy('p.created_at', 'DESC').addOrderBy('p.id', 'DESC').take(query.limit);
    if (query.status) q.andWhere('p.status = :status', { status: query.status });
    if (query.createdBy) q.andWhere('p.created_by = :createdBy', { createdBy: query.createdBy });
    if (query.deviceId) q.andWhere('EXISTS (SELECT 1 FROM plan_steps s WHERE s.plan_id = p.id AND s.device_id = :deviceId)', { deviceId: query.deviceId });
    const plans = await q.getMany();
    if (plans.length === 0) return [];
    const steps = await em.createQueryBuilder<PlanStepRow>(STEP, 's').where('s.plan_id IN (:...ids)', { ids: plans.map((p) => p.id) }).getMany();
    return plans.map((p) => toPlan(p, steps.filter((s) => s.plan_id === p.id)));
  }

  async grantsFor(planId: string): Promise<ApprovalGrantRecord[]> {
    const rows = await this.db.manager
      .createQueryBuilder<PlanApprovalRow>(APPROVAL, 'a')
      .where('a.plan_id = :planId AND a.decision = :decision', { planId, decision: 'approved' })
      .orderBy('a.decided_at', 'DESC')
      .addOrderBy('a.id', 'DESC')
      .getMany();
    return rows.map(toGrantRecord);
  }

  /** One conditional UPDATE: the database decides which of several racing callers flips `used_at`. */
  private async consumeIn(em: EntityManager, nonceDigest: string, usedBy: string, usedAt: Date): Promise<boolean> {
    const { affected } = await em.createQueryBuilder().update(APPROVAL).set({ used_at: usedAt, used_by: usedBy }).where('nonce_digest = :nonceDigest AND used_at IS NULL', { nonceDigest }).execute();
    return affected === 1;
  }

  private async read(em: EntityManager, id: string): Promise<Plan | undefined> {
    const row = await em.findOneBy<PlanRow>(PLAN, { id });
    if (!row) return undefined;
    return toPlan(row, await em.findBy<PlanStepRow>(STEP, { plan_id: id }));
  }
}

/** The columns of `next` whose values differ from `previous` (dates by instant, the rest by value: JSON is text here). */
function changedColumns<T extends object>(previous: T, next: Partial<T>): Partial<T> {
  const same = (a: unknown, b: unknown) => (a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b);
  return Object.fromEntries(Object.entries(next).filter(([key, value]) => !same((previous as Record<string, unknown>)[key], value))) as Partial<T>;
}

const toPlanRow = (plan: Plan): PlanRow => toPlanRows(plan, { steps: false }).plan;

/** Every field the same value or the same object: the aggregate replaces a step's fields, never edits them in place. */
function sameFields(a: object, b: object): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => (a as Record<string, unknown>)[k] === (b as Record<string, unknown>)[k]);
}
