import type { ChangeAuthority } from '@routeros-mcp/domain-changes';
import type { Device } from '@routeros-mcp/domain-devices';
import type { RuleResult, SafetyContext } from '@routeros-mcp/domain-safety-rules';
import { evaluateSafety, SAFETY_RULES, SafetyViolationError } from '@routeros-mcp/domain-safety-rules';
import type { ChangeRequest } from './change-runner';

/** Rules that judge who may act and with what input; the rest need the device's live state. */
export const NEEDS_DEVICE_STATE = new Set(SAFETY_RULES.filter((r) => r.needsDeviceState).map((r) => r.id));
const isBlocking = (r: RuleResult) => r.status === 'fail' || r.status === 'not_evaluated';

export function safetyContext<I>(request: ChangeRequest<I>, device: Device, authority: ChangeAuthority): SafetyContext {
  const input = request.planner.safetyInput?.(request.input);
  return {
    serviceEnvironment: request.environment,
    operation: { tool: request.tool, tier: request.tier ?? 'advanced', topic: request.tool.split('_')[0], writes: true, ...(request.requiresFlag ? { requiresFlag: request.requiresFlag } : {}) },
    device: { id: device.id, environment: device.environment, capabilities: device.capabilities, critical: device.critical },
    // A plan's preview is judged as its step will be once approved (it writes nothing).
    ...(authority.kind === 'approved_plan' || (authority.kind === 'plan_preview' && request.dryRun) ? { approvedPlanId: authority.planId } : {}),
    ...(input ? { input } : {}),
  };
}

/** Who may act and with what input, before the device is contacted: every rule that needs no live state. */
export function authorize(context: SafetyContext): void {
  const report = evaluateSafety(context);
  const blocking = report.results.find((r) => isBlocking(r) && !NEEDS_DEVICE_STATE.has(r.ruleId));
  if (blocking) throw new SafetyViolationError(blocking, report.results);
}
