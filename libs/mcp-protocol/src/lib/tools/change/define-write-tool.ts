import type { ChangePlanner } from '@routeros-mcp/domain-changes';
import type { CapabilityFlag } from '@routeros-mcp/domain-devices';
import { InternalError } from '@routeros-mcp/domain-kernel';
import { z } from 'zod';
import { DeviceIdSchema } from '../common-schemas';
import { defineTool, ToolDefinition } from '../define-tool';
import { changeOutput, ChangeOutputSchema } from './change-output';

export interface WriteToolSpec<I extends z.ZodObject> {
  name: string;
  title: string;
  description: string;
  /** The tool's own arguments; `device_id` and `dry_run` are added here. */
  input: I;
  /** The topic flag needed on top of `allow_advanced_writes`. */
  requiresFlag?: CapabilityFlag;
  /**
   * `false` only for a write that purely adds (MCP's destructiveHint false: "only additive updates"); anything that
   * replaces, moves, disables or removes existing state is destructive, the default.
   */
  destructive?: boolean;
  planner: ChangePlanner<z.infer<I>>;
}

/** `dry_run` in a few words: the server instructions say more, but some clients drop them. */
const Common = { device_id: DeviceIdSchema, dry_run: z.boolean().default(false).describe('Diff, no change') };

/** An advanced-tier write: every one runs through the change pipeline, is idempotent and takes `dry_run`. */
export function defineWriteTool<I extends z.ZodObject>(spec: WriteToolSpec<I>): ToolDefinition {
  return defineTool({
    name: spec.name,
    title: spec.title,
    description: spec.description,
    tier: 'advanced',
    readOnly: false,
    destructive: spec.destructive ?? true,
    idempotent: true,
    input: spec.input.extend(Common),
    output: ChangeOutputSchema,
    deviceArgument: 'device_id',
    async run(args, ctx) {
      if (!ctx.changes) throw new InternalError('the change pipeline is not wired into this server');
      const { device_id, dry_run, ...input } = args as { device_id: string; dry_run: boolean } & Record<string, unknown>;
      const result = await ctx.changes.run({
        principal: ctx.principal,
        correlationId: ctx.correlationId,
        environment: ctx.environment,
        deviceId: device_id,
        tool: spec.name,
        ...(spec.requiresFlag ? { requiresFlag: spec.requiresFlag } : {}),
        planner: spec.planner,
        input: input as z.infer<I>,
        dryRun: dry_run,
        signal: ctx.signal,
      });
      return changeOutput(result);
    },
  }) as unknown as ToolDefinition;
}
