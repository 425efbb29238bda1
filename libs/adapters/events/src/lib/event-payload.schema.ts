import type { DomainEvent } from '@routeros-mcp/application-ports';
import { z } from 'zod';

const DeviceId = z.string().min(1).max(63);
const PlanId = z.string().min(1).max(64);
const Count = z.number().int().min(0).max(10_000);

/** What may arrive on the channel: exactly the domain events, nothing more (unknown fields are refused too). */
const EventPayload = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('device.config.changed'),
    deviceId: DeviceId,
    source: z.enum(['snapshot', 'change']),
    snapshotId: z.string().max(64).optional(),
    changeId: z.string().max(64).optional(),
  }),
  z.strictObject({ type: z.literal('device.health.changed'), deviceId: DeviceId, etag: z.string().min(1).max(128) }),
  z.strictObject({ type: z.literal('plan.changed'), planId: PlanId, status: z.string().min(1).max(32) }),
  z.strictObject({ type: z.literal('plan.progress'), planId: PlanId, progress: Count, total: Count, message: z.string().max(1000) }),
  z.strictObject({ type: z.literal('request.cancelled'), key: z.string().regex(/^[0-9a-f]{64}$/) }),
]);

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const MAX_PAYLOAD_BYTES = 7999;

/** The event a payload carries, or undefined when it is not JSON or not one of ours. */
export function parseEventPayload(payload: string | undefined): DomainEvent | undefined {
  if (!payload) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return undefined;
  }
  const parsed = EventPayload.safeParse(json);
  return parsed.success ? (parsed.data as DomainEvent) : undefined;
}
