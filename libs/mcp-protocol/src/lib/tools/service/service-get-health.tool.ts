import { z } from 'zod';
import { defineTool } from '../define-tool';
import { keyValueText } from '../render-text';

export const serviceGetHealth = defineTool({
  name: 'service_get_health',
  title: 'Service health',
  description: 'Health of this MCP server: registry, devices by status, uptime.',
  input: z.object({}),
  output: z.object({ status: z.string(), environment: z.string(), uptime_seconds: z.number(), devices_total: z.number(), devices_by_status: z.record(z.string(), z.number()) }),
  openWorld: false,
  async run(_args, ctx) {
    const devices = await ctx.registry.list({});
    const byStatus: Record<string, number> = {};
    for (const d of devices) byStatus[d.status] = (byStatus[d.status] ?? 0) + 1;
    const structured = { status: 'ok', environment: ctx.environment, uptime_seconds: Math.round(process.uptime()), devices_total: devices.length, devices_by_status: byStatus };
    return { structured, text: keyValueText({ ...structured, devices_by_status: Object.entries(byStatus).map(([k, v]) => `${k}=${v}`) }) };
  },
});
