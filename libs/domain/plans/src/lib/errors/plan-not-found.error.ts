import { DomainError } from '@routeros-mcp/domain-kernel';

export class PlanNotFoundError extends DomainError {
  readonly code = 'PLAN.NOT_FOUND';
  constructor(readonly planId: string) {
    super(`plan '${planId}' does not exist`);
  }
  override details(): Record<string, unknown> {
    return { plan_id: this.planId, resource_type: 'plan' };
  }
}
