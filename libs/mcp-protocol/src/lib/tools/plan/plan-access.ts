import type { Plan } from '@routeros-mcp/domain-plans';
import { assertDeviceAllowed } from '../../server/access-guard';
import { assertDeviceInEnvironment } from '../../server/call-guards';
import type { ToolContext } from '../define-tool';
import type { PlanDevices } from '@routeros-mcp/application-use-cases';

/**
 * The plan's devices as the caller may name them: ids each checked against this server's environment and the
 * principal's reach; a selector passed on as it is, unless the principal is narrowed (environments or tags), when
 * it becomes the ids the principal may see.
 */
export async function reachableDevices(devices: readonly string[] | { environment: 'lab' | 'staging' | 'prod'; tags?: Record<string, string> }, ctx: ToolContext): Promise<PlanDevices> {
  if (Array.isArray(devices)) {
    for (const id of devices as readonly string[]) {
      await assertDeviceInEnvironment(ctx.reader, id, ctx.environment);
      assertDeviceAllowed(ctx.principal, await ctx.reader.device(id));
    }
    return devices;
  }
  const selector = devices as { environment: 'lab' | 'staging' | 'prod'; tags?: Record<string, string> };
  if (!ctx.principal.environments && !ctx.principal.deviceTags) return selector;
  return (await ctx.registry.list({ environment: selector.environment, ...(selector.tags ? { tags: selector.tags } : {}) })).map((d) => d.id);
}

/** Tells subscribers a plan was created or changed state (list_changed, plan:// updates), best effort. */
export async function publishPlanChanged(ctx: ToolContext, plan: Plan): Promise<void> {
  await ctx.events?.publish({ type: 'plan.changed', planId: plan.id, status: plan.status }).catch(() => undefined);
}
