import { ENVIRONMENTS } from '@routeros-mcp/domain-kernel';
import { HALT_POLICIES, PLAN_LIMITS } from '@routeros-mcp/domain-plans';
import { z } from 'zod';
import { DeviceIdValue } from '../common-schemas';

export const PlanIdSchema = z.string().regex(/^plan-[a-z0-9-]{4,60}$/, 'a plan id (see plan_list)').describe('From plan_list');

/** Device ids, or every device of an environment carrying all the given tags. */
export const PlanDevicesSchema = z.union([
  z.array(DeviceIdValue).min(1).max(PLAN_LIMITS.maxDevices),
  z.strictObject({ environment: z.enum(ENVIRONMENTS), tags: z.record(z.string(), z.string()).optional() }),
]).describe('Ids, or {environment, tags}');

/**
 * A whole number within bounds, enforced here (a value outside is refused naming them) but not listed as JSON
 * Schema `minimum`/`maximum`: eight plan tools list the same rollout, and the defaults suit nearly every plan.
 */
const within = (min: number, max: number) => z.number().int().refine((n) => n >= min && n <= max, `from ${min} to ${max}`);

/**
 * Rollout options; each omitted one takes the default (canary 1, batches of 5, 30 s pause, 90 % CPU and memory,
 * halt_and_rollback). Their names say what they are.
 */
export const RolloutSchema = z
  .strictObject({
    canary_size: within(0, 50),
    batch_size: within(1, 50),
    pause_seconds: within(0, 3600),
    max_cpu_percent: within(1, 100),
    max_memory_percent: within(1, 100),
    halt_policy: z.enum(HALT_POLICIES),
  })
  .partial();

/** The arguments every plan_<topic> tool takes beside its topic's own. */
export const PLAN_COMMON_SHAPE = {
  devices: PlanDevicesSchema,
  exclude: z.array(z.strictObject({ device_id: DeviceIdValue, reason: z.string().max(200).optional() })).max(PLAN_LIMITS.maxDevices).optional().describe('Left out (why)'),
  rollout: RolloutSchema.optional().describe('Canary, batches, health caps'),
  ttl_hours: z
    .number()
    .refine((h) => h >= PLAN_LIMITS.minTtlMs / 3_600_000 && h <= PLAN_LIMITS.maxTtlMs / 3_600_000, `from ${PLAN_LIMITS.minTtlMs / 60_000} minutes to ${PLAN_LIMITS.maxTtlMs / 3_600_000} hours`)
    .optional()
    .describe('Unapplied lifetime'),
  title: z.string().min(1).max(200).optional().describe('For approvers'),
};

export function rolloutInput(r: z.infer<typeof RolloutSchema> | undefined) {
  if (!r) return undefined;
  const health = { ...(r.max_cpu_percent !== undefined ? { maxCpuPercent: r.max_cpu_percent } : {}), ...(r.max_memory_percent !== undefined ? { maxMemoryPercent: r.max_memory_percent } : {}) };
  return {
    ...(r.canary_size !== undefined ? { canarySize: r.canary_size } : {}),
    ...(r.batch_size !== undefined ? { batchSize: r.batch_size } : {}),
    ...(r.pause_seconds !== undefined ? { pauseSeconds: r.pause_seconds } : {}),
    ...(r.halt_policy !== undefined ? { haltPolicy: r.halt_policy } : {}),
    ...(Object.keys(health).length ? { health } : {}),
  };
}
