import type { CapabilityFlag } from '@routeros-mcp/domain-devices';
import type { PlanTopic } from '@routeros-mcp/domain-plans';

/** The topic flag a step's change needs on its device (a menu plan: its menu's topic), as a change request takes it. */
export function requiredFlag<I>(topic: PlanTopic<I>, input: I): { requiresFlag?: CapabilityFlag } {
  const flag = topic.requiresFlagFor?.(input) ?? topic.requiresFlag;
  return flag ? { requiresFlag: flag } : {};
}
