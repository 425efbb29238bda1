import type { AuditEvent, PlanRepository } from '@routeros-mcp/application-ports';
import { ConcurrentModificationError } from '@routeros-mcp/application-ports';
import { Plan, PlanNotFoundError } from '@routeros-mcp/domain-plans';

/**
 * The runner's copy of one plan and the only way it changes it: each change is applied to the latest copy and
 * committed (PlanRepository.save) before the caller goes on, one at a time (steps of a batch finish concurrently).
 * Someone else's commit in between (a cancel asked through the plan service) makes the save fail on the version:
 * the plan is read again and the change applied to it anew. The ledger's copy is the plan as stored at its version,
 * so a save writes only what the change touched (a step of many), not every step row again.
 */
export class PlanLedger {
  private chain: Promise<unknown> = Promise.resolve();

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
   * the same transaction; answers the committed plan.
   */
  commit(change: (plan: Plan) => void, audit?: (plan: Plan) => AuditEvent | undefined): Promise<Plan> {
    const next = this.chain.then(() => this.commitNow(change, audit));
    this.chain = next.catch(() => undefined);
    return next;
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

  private async commitNow(change: (plan: Plan) => void, audit?: (plan: Plan) => AuditEvent | undefined): Promise<Plan> {
    for (let attempt = 0; ; attempt++) {
      // The change runs on a copy: a failed save leaves the ledger's plan as it was stored.
      const draft = Plan.restore(this.current.toProps());
      change(draft);
      try {
        return (this.current = await this.plans.save(draft, { stored: this.current, audit: audit?.(draft) }));
      } catch (error) {
        if (!(error instanceof ConcurrentModificationError) || attempt >= 5) throw error;
        const fresh = await this.plans.get(this.current.id);
        if (!fresh) throw new PlanNotFoundError(this.current.id);
        this.current = fresh;
      }
    }
  }
}
