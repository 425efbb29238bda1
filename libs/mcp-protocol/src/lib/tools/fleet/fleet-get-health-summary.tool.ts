import { isDomainError } from '@routeros-mcp/domain-kernel';
import { z } from 'zod';
import { defineTool } from '../define-tool';
import { tsvText } from '../render-text';

const Row = z.object({ device_id: z.string(), reachable: z.boolean(), cpu_load_percent: z.number().nullable(), memory_used_percent: z.number().nullable(), uptime: z.string().nullable(), version: z.string().nullable(), error: z.string().nullable() });

/** How many devices are read at once; the adapter's global and per-device limits apply on top. */
export const FLEET_FAN_OUT = 32;

export const fleetGetHealthSummary = defineTool({
  name: 'fleet_get_health_summary',
  title: 'Fleet health',
  description: 'Every device of this environment: reachable, CPU, memory, uptime.',
  input: z.object({ tag: z.record(z.string(), z.string()).optional().describe('Only devices with all these tags') }),
  output: z.object({ environment: z.string(), total: z.number(), reachable: z.number(), unreachable: z.number(), devices: z.array(Row) }),
  async run(args, ctx) {
    const devices = (await ctx.registry.list({ environment: ctx.environment, tags: args.tag })).filter((d) => d.status !== 'decommissioned');
    const rows: z.infer<typeof Row>[] = [];
    let next = 0;
    const worker = async () => {
      while (next < devices.length) {
        const device = devices[next++];
        try {
          const { data } = await ctx.reader.singleton(device.id, 'system/resource', { fields: ['cpu-load', 'free-memory', 'total-memory', 'uptime', 'version'], signal: ctx.signal });
          const total = Number(data['total-memory']);
          rows.push({ device_id: device.id, reachable: true, cpu_load_percent: Number(data['cpu-load'] ?? NaN) || 0, memory_used_percent: total ? Math.round((1 - Number(data['free-memory']) / total) * 100) : null, uptime: data['uptime'] ?? null, version: data['version'] ?? null, error: null });
        } catch (error) {
          if (!isDomainError(error)) throw error;
          rows.push({ device_id: device.id, reachable: false, cpu_load_percent: null, memory_used_percent: null, uptime: null, version: null, error: error.code });
        }
        const done = rows.length; // read now: other workers push while this one reports
        await ctx.progress(done, devices.length, `${done}/${devices.length} devices read`);
      }
    };
    await Promise.all(Array.from({ length: Math.min(FLEET_FAN_OUT, devices.length) }, worker));
    rows.sort((a, b) => a.device_id.localeCompare(b.device_id));
    const reachable = rows.filter((r) => r.reachable).length;
    const structured = { environment: ctx.environment, total: rows.length, reachable, unreachable: rows.length - reachable, devices: rows };
    return { structured, text: `${reachable}/${rows.length} reachable in ${ctx.environment}\n${tsvText(rows, ['device_id', 'reachable', 'cpu_load_percent', 'memory_used_percent', 'uptime', 'version', 'error'])}` };
  },
});
