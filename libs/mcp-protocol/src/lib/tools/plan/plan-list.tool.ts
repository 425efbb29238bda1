import { PLAN_STATUSES } from '@routeros-mcp/domain-plans';
import { z } from 'zod';
import { DeviceIdSchema, PageSchema } from '../common-schemas';
import { defineTool } from '../define-tool';
import { paginate } from '../pagination';
import { tsvText } from '../render-text';
import { plansOf } from './plan-services';
import { planSummary, PlanSummarySchema } from './plan-view';

/** How many plans one listing looks through (newest first) before it pages them. */
const PLAN_LIST_WINDOW = 500;

export const planList = defineTool({
  name: 'plan_list',
  title: 'Plans',
  description: 'Plans, newest first; filter by status, creator or device.',
  tier: 'professional',
  openWorld: false,
  input: z.object({ status: z.enum(PLAN_STATUSES).optional(), created_by: z.string().min(1).max(200).optional().describe('Only plans by this principal'), device_id: DeviceIdSchema.optional(), ...PageSchema, limit: z.number().int().min(1).max(100).default(20) }),
  output: z.object({ items: z.array(PlanSummarySchema) }),
  async run(args, ctx) {
    // A narrowed principal is listed only plans whose every device is within its reach (plan_get refuses the others).
    const plans = await plansOf(ctx).list({ ...(args.status ? { status: args.status } : {}), ...(args.created_by ? { createdBy: args.created_by } : {}), ...(args.device_id ? { deviceId: args.device_id } : {}), limit: PLAN_LIST_WINDOW }, ctx.principal);
    const page = paginate(plans.map(planSummary), args, `plan_list ${args.status ?? ''} ${args.created_by ?? ''} ${args.device_id ?? ''}`);
    const text = page.items.length ? tsvText(page.items.map((p) => ({ ...p, progress: `${p.progress.done}/${p.progress.total}`, approval: p.approval?.approved_by ?? '' })), ['plan_id', 'created_at', 'status', 'topic', 'environment', 'devices', 'progress', 'created_by', 'approval', 'title']) : 'no plans';
    return { structured: page, text };
  },
});
