import type { AuditEvent, PlanRepository } from '@routeros-mcp/application-ports';
import { ConcurrentModificationError } from '@routeros-mcp/application-ports';
import { Plan, PlanNotFoundError } from '@routeros-mcp/domain-plans';

type PlanChange = (plan: Plan) => void;
type PlanAudit = (plan: Plan) => AuditEvent | undefined;

interface Pending {
  change: PlanChange;
  audit?: PlanAudit;
  resolve(plan: Plan): void;
  reject(error: unknown): void;
}

/**
 * The runner's copy of one plan and the only way it changes it: each change is applied to the latest copy and
 * committed (PlanRepository.save) before its caller goes on. Commits happen one at a time; changes asked while one is
 * being written (the steps of a batch finish concurrently) are committed together in the next write, each caller
 * still answered only once its change is stored (a group commit: a commit per step made a batch of ten wait on ten
 * writes in a row). Someone else's commit in between (a cancel asked through the plan service) makes the save fail
 * on the version: the plan is read again and the changes applied to it anew. The ledger's copy is the plan as stored
 * at its version, so a save writes only what the changes touched, not every step row again.
 */
export class PlanLedger {
  private chain: Promise<unknown> = Promise.resolve();
  private queued: Pending[] = [];

  private constructor(
    private readonly plans: PlanRepository,
    private current: Plan,
  ) {}

  static async open(plans: PlanRepository, planId: string): Promise<PlanLedger> {
    const plan = await plans.get(planId);
    if (!plan) throw new PlanNotFoundError(planId);
    return new PlanLedger(plans, plan);
  }

  get plan(): Plan {
    return this.current;
  }

  /**
   * Applies `change` to the plan and commits it, with the audit record `audit` makes of the changed plan (if any) in
   * the same transaction; answers the committed plan. A change that throws is not committed (its caller gets the
   * error); the others asked with it are.
   */
  commit(change: PlanChange, audit?: PlanAudit): Promise<Plan> {
    return new Promise<Plan>((resolve, reject) => {
      if (this.queued.push({ change, audit, resolve, reject }) > 1) return;
      this.chain = this.chain.then(() => this.commitQueued()).catch(() => undefined);
    });
  }

  /** Reads the stored plan again (a cancel asked elsewhere shows up here). */
  refresh(): Promise<Plan> {
    const next = this.chain.then(async () => {
      const plan = await this.plans.get(this.current.id);
      if (!plan) throw new PlanNotFoundError(this.current.id);
      return (this.current = plan);
    });
    this.chain = next.catch(() => undefined);
    return next;
  }

  private async commitQueued(): Promise<void> {
    const batch = this.queued;
    this.queued = [];
    let pending = batch;
    for (let attempt = 0; pending.length > 0; attempt++) {
      // Each change runs on its own copy: one that throws leaves the others' work as it was.
      let draft = Plan.restore(this.current.toProps());
      const applied: Pending[] = [];
      const audits: AuditEvent[] = [];
      for (const item of pending) {
        const next = Plan.restore(draft.toProps());
        let event: AuditEvent | undefined;
        try {
          item.change(next);
          event = item.audit?.(next);
        } catch (error) {
          item.reject(error);
          continue;
        }
        draft = next;
        applied.push(item);
        if (event) audits.push(event);
      }
      if (applied.length === 0) return;
      try {
        const saved = (this.current = await this.plans.save(draft, { stored: this.current, audit: audits }));
        for (const item of applied) item.resolve(saved);
        return;
      } catch (error) {
        if (!(error instanceof ConcurrentModificationError) || attempt >= 5) {
          for (const item of applied) item.reject(error);
          return;
        }
        const fresh = await this.plans.get(this.current.id).catch(() => undefined);
        if (!fresh) {
          for (const item of applied) item.reject(new PlanNotFoundError(this.current.id));
          return;
        }
        this.current = fresh;
        pending = applied;
      }
    }
  }
}
