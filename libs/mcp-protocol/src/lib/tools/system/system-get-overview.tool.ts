import type { RouterOsRow } from '@routeros-mcp/application-ports';
import { z } from 'zod';
import { DeviceIdSchema } from '../common-schemas';
import { defineTool } from '../define-tool';
import { keyValueText } from '../render-text';

const Output = z.object({
  device_id: z.string(),
  identity: z.string(),
  routeros_version: z.string(),
  board: z.string(),
  architecture: z.string(),
  uptime: z.string(),
  cpu_load_percent: z.number().nullable(),
  cpu_count: z.number().nullable(),
  memory_total_bytes: z.number().nullable(),
  memory_free_bytes: z.number().nullable(),
  serial_number: z.string().nullable(),
  firmware: z.string().nullable(),
});

const num = (value: string | undefined) => (value !== undefined && /^\d+$/.test(value) ? Number(value) : null);

export const systemGetOverview = defineTool({
  name: 'system_get_overview',
  title: 'System overview',
  description: 'Identity, version, board, uptime, CPU load and memory.',
  input: z.object({ device_id: DeviceIdSchema }),
  output: Output,
  deviceArgument: 'device_id',
  async run(args, ctx) {
    const { data } = await ctx.reader.many(args.device_id, {
      resource: { menu: 'system/resource', singleton: true },
      identity: { menu: 'system/identity', singleton: true },
      routerboard: { menu: 'system/routerboard', singleton: true, optional: true },
    });
    const r = data.resource as RouterOsRow;
    const rb = data.routerboard as RouterOsRow | undefined;
    const structured = {
      device_id: args.device_id,
      identity: (data.identity as RouterOsRow)['name'] ?? '',
      routeros_version: r['version'] ?? '',
      board: r['board-name'] ?? '',
      architecture: r['architecture-name'] ?? '',
      uptime: r['uptime'] ?? '',
      cpu_load_percent: num(r['cpu-load']),
      cpu_count: num(r['cpu-count']),
      memory_total_bytes: num(r['total-memory']),
      memory_free_bytes: num(r['free-memory']),
      serial_number: rb?.['serial-number'] ?? null,
      firmware: rb?.['current-firmware'] ?? null,
    };
    return { structured, text: keyValueText(structured) };
  },
});
