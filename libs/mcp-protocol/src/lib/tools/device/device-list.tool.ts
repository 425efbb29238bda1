import { DEVICE_STATUSES } from '@routeros-mcp/domain-devices';
import { ENVIRONMENTS, ValidationError } from '@routeros-mcp/domain-kernel';
import { z } from 'zod';
import { PageMetaSchema, PageSchema } from '../common-schemas';
import { defineTool } from '../define-tool';
import { paginate } from '../pagination';
import { pageFooter, tsvText } from '../render-text';
import { deviceSummary, DeviceSummarySchema } from './device-summary';

export const deviceList = defineTool({
  name: 'device_list',
  title: 'Devices',
  description: 'Devices this server serves (its environment): status, version, tags. Start here.',
  input: z.object({
    environment: z.enum(ENVIRONMENTS).optional().describe('This server\'s; others are refused'),
    status: z.enum(DEVICE_STATUSES).optional(),
    tag: z.record(z.string(), z.string()).optional().describe('All of these tags, e.g. {"site":"ber1"}'),
    ...PageSchema,
  }),
  output: PageMetaSchema.extend({ items: z.array(DeviceSummarySchema) }),
  openWorld: false,
  async run(args, ctx) {
    // A server serves one environment, for reads as for writes: it lists what it may read, as resources/list and the
    // device_id completions do, never a device every call on which would be refused.
    if (args.environment && args.environment !== ctx.environment) {
      throw ValidationError.single('environment', `this server serves ${ctx.environment}; ${args.environment} devices are listed and read by a server configured for ${args.environment} (ROUTEROS_MCP_ENVIRONMENT=${args.environment})`);
    }
    const devices = await ctx.registry.list({ environment: ctx.environment, status: args.status, tags: args.tag });
    const page = paginate(devices.map(deviceSummary), args, `device_list:${JSON.stringify([args.environment, args.status, args.tag])}`);
    const rows = page.items.map((d) => ({ ...d, tags: Object.entries(d.tags).map(([k, v]) => `${k}=${v}`).join(',') }));
    return {
      structured: page,
      text: tsvText(rows, ['id', 'name', 'environment', 'status', 'routeros_version', 'host', 'tags']) + pageFooter(page, page.items.length),
      meta: { total_count: page.total_count, has_more: page.has_more, ...(page.next_cursor ? { next_cursor: page.next_cursor } : {}) },
    };
  },
});
