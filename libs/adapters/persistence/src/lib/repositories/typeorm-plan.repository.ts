import type { ApprovalGrantRecord, PlanQuery, PlanRepository } from '@routeros-mcp/application-ports';
import { ConcurrentModificationError } from '@routeros-mcp/application-ports';
import { Plan, PlanNotFoundError } from '@routeros-mcp/domain-plans';
import type { EntityManager } from 'typeorm';
import { Database } from '../database';
import type { PlanApprovalRow, PlanRow, PlanStepRow } from '../records/plan.record';
import { toApprovalRow, toGrantRecord, toPlan, toPlanRows } from './plan.mapper';

const PLAN = 'PlanRow';
const STEP = 'PlanStepRow';
const APPROVAL = 'PlanApprovalRow';

export class TypeOrmPlanRepository implements PlanRepository {
  constructor(private readonly db: Database) {}

  async create(plan: Plan): Promise<Plan> {
    const rows = toPlanRows(plan);
    await this.db.write(async (em) => {
      await em.insert(PLAN, rows.plan);
      if (rows.steps.length > 0) await em.insert(STEP, rows.steps);
    });
    return plan;
  }

  /** A plan and its steps as one committed state: a save made from a torn read would undo what it did not see. */
  async get(id: string): Promise<Plan | undefined> {
    return this.db.readConsistent((em) => this.read(em, id));
  }

  /** Steps are rewritten with their plan, in one transaction, only at the version the plan was read at. */
  async save(plan: Plan): Promise<Plan> {
    const { plan: row, steps } = toPlanRows(plan);
    const { id, version, ...fields } = row;
    return this.db.write(async (em) => {
      const { affected } = await em.createQueryBuilder().update(PLAN).set({ ...fields, version: version + 1 }).where('id = :id AND version = :version', { id, version }).execute();
      if (!affected) {
        const exists = await em.exists(PLAN, { where: { id } });
        throw exists ? new ConcurrentModificationError('plan', id) : new PlanNotFoundError(id);
      }
      for (const step of steps) {
        const { id: stepId, plan_id: _plan, ...stepFields } = step;
        await em.update(STEP, { id: stepId }, stepFields);
      }
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

  async addGrant(grant: ApprovalGrantRecord): Promise<void> {
    await this.db.writeStatement((em) => em.insert(APPROVAL, toApprovalRow(grant)));
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
  async consumeGrant(nonceDigest: string, usedBy: string, usedAt: Date): Promise<boolean> {
    const { affected } = await this.db.writeStatement((em) =>
      em.createQueryBuilder().update(APPROVAL).set({ used_at: usedAt, used_by: usedBy }).where('nonce_digest = :nonceDigest AND used_at IS NULL', { nonceDigest }).execute(),
    );
    return affected === 1;
  }

  private async read(em: EntityManager, id: string): Promise<Plan | undefined> {
    const row = await em.findOneBy<PlanRow>(PLAN, { id });
    if (!row) return undefined;
    return toPlan(row, await em.findBy<PlanStepRow>(STEP, { plan_id: id }));
  }
}
