import { NOT_KEPT_VALUE } from '@routeros-mcp/domain-kernel';
import { PLAN_TOPICS, withoutUnknownFields } from '@routeros-mcp/domain-plans';
import { z } from 'zod';
import { defineTool, ToolDefinition } from '../define-tool';
import { publishPlanChanged } from './plan-access';
import { PLAN_COMMON_SHAPE, rolloutInput } from './plan-inputs';
import { plansOf } from './plan-services';
import { genericTopicInput, PLAN_TOPIC_INPUTS, PlanTopicInput } from './plan-topic-inputs';
import { planText, planView, PlanViewSchema } from './plan-view';

/** `plan_<topic>`: a plan of one topic for many devices, made by a dry run on each against its live state. */
export function planCreationTool(topic: string, input: PlanTopicInput = PLAN_TOPIC_INPUTS[topic] ?? genericTopicInput(topic)): ToolDefinition {
  const schema = z.object({ ...PLAN_COMMON_SHAPE, ...input.shape });
  return defineTool({
    name: `plan_${topic}`,
    title: `Plan: ${topic.replace(/_/g, ' ')}`,
    description: input.description,
    tier: 'professional',
    readOnly: false,
    // Nothing is written to a device: the plan waits for a human's approval and plan_apply.
    destructive: false,
    idempotent: false,
    input: schema,
    output: PlanViewSchema,
    // The change's own multi-line strings (a script's source), where the tool takes the topic's change as it stores it.
    ...(PLAN_TOPICS[topic]?.multilineText ? { multilineText: PLAN_TOPICS[topic].multilineText.bind(PLAN_TOPICS[topic]) } : {}),
    // A topic taking its change as one object refuses unknown fields itself: its audit record keeps only their names.
    ...(input.shape['change'] ? { auditable: (args: Record<string, unknown>) => ({ ...args, change: withoutUnknownFields(PLAN_TOPICS[topic], args['change'], NOT_KEPT_VALUE) }) } : {}),
    async run(args, ctx) {
      const a = args as z.infer<typeof schema> & Record<string, unknown>;
      const plan = await plansOf(ctx).create(
        topic,
        {
          // The plan service checks them against this server's environment and the principal's reach.
          devices: a.devices,
          change: input.toChange(a),
          ...(a.rollout ? { rollout: rolloutInput(a.rollout) } : {}),
          ...(a.ttl_hours !== undefined ? { ttlMs: Math.round(a.ttl_hours * 3_600_000) } : {}),
          ...(a.exclude ? { exclude: a.exclude.map((e) => ({ deviceId: e.device_id, ...(e.reason ? { reason: e.reason } : {}) })) } : {}),
          ...(a.title ? { title: a.title } : {}),
          correlationId: ctx.correlationId,
        },
        ctx.principal,
      );
      await publishPlanChanged(ctx, plan);
      const view = planView(plan);
      return { structured: view, text: planText(view) };
    },
  }) as unknown as ToolDefinition;
}

/** One creation tool per topic of the registry, in its order: a new topic brings its tool (and, ideally, an input entry). */
export const PLAN_CREATION_TOOLS: readonly ToolDefinition[] = Object.keys(PLAN_TOPICS).map((topic) => planCreationTool(topic));
