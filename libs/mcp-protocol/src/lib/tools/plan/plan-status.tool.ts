import { z } from 'zod';
import { defineTool } from '../define-tool';
import { PlanIdSchema } from './plan-inputs';
import { plansOf } from './plan-services';
import { ApprovalViewSchema, executionLog, nextStep, planSummary } from './plan-view';

/** The newest log entries a status answer carries; the whole log is plan://{plan_id}/execution-log. */
const STATUS_LOG_TAIL = 10;

export const PlanStatusSchema = z.object({
  plan_id: z.string(),
  status: z.string(),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  approval: ApprovalViewSchema.nullable(),
  devices: z.array(z.object({ device_id: z.string(), batch: z.number().int(), status: z.string(), error: z.string().optional() })),
  log: z.array(z.object({ at: z.string(), event: z.string(), device_id: z.string().optional(), status: z.string().optional(), by: z.string().optional(), reason: z.string().optional() })),
  failure_reason: z.string().nullable(),
  next_step: z.string(),
});

export const planStatus = defineTool({
  name: 'plan_status',
  title: 'Plan progress',
  description: "A plan's rollout: status, progress, each device's step, latest log entries, next step.",
  tier: 'professional',
  openWorld: false,
  input: z.object({ plan_id: PlanIdSchema }),
  output: PlanStatusSchema,
  async run(args, ctx) {
    const plan = await plansOf(ctx).get(args.plan_id);
    const p = plan.toProps();
    const summary = planSummary(plan);
    const structured: z.infer<typeof PlanStatusSchema> = {
      plan_id: p.id,
      status: p.status,
      progress: summary.progress,
      approval: summary.approval,
      devices: p.steps.map((s) => ({ device_id: s.deviceId, batch: s.batch, status: s.status, ...(s.error ? { error: s.error } : {}) })),
      log: executionLog(plan).entries.slice(-STATUS_LOG_TAIL),
      failure_reason: p.failureReason ?? null,
      next_step: nextStep(p),
    };
    const batches = Math.max(0, ...p.steps.map((s) => s.batch)) + 1;
    const lines = [`${p.id} ${p.status}: ${summary.progress.done}/${summary.progress.total} steps settled`, ...structured.devices.map((d) => `${d.device_id}\tbatch ${d.batch + 1}/${batches}\t${d.status}${d.error ? `\t${d.error}` : ''}`)];
    if (structured.failure_reason) lines.push(`failure: ${structured.failure_reason}`);
    lines.push(`next: ${structured.next_step}`);
    return { structured, text: lines.join('\n') };
  },
});
