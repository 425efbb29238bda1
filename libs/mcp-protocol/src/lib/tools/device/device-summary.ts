import type { Device } from '@routeros-mcp/domain-devices';
import { z } from 'zod';

export const DeviceSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  environment: z.string(),
  status: z.string(),
  host: z.string(),
  routeros_version: z.string().nullable(),
  tags: z.record(z.string(), z.string()),
});

/** What a model needs to pick a device; never credentials or pins. */
export function deviceSummary(device: Device): z.infer<typeof DeviceSummarySchema> {
  return { id: device.id, name: device.name, environment: device.environment, status: device.status, host: device.host, routeros_version: device.facts.routerosVersion ?? null, tags: { ...device.tags } };
}
