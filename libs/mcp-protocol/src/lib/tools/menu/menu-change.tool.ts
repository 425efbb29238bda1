import { menuChangePlanner } from '@routeros-mcp/domain-changes';
import { InternalError } from '@routeros-mcp/domain-kernel';
import { menuTopic, TOPIC_WRITE_FLAGS } from '@routeros-mcp/domain-safety-rules';
import { z } from 'zod';
import { changeOutput, ChangeOutputSchema } from '../change/change-output';
import { DeviceIdSchema } from '../common-schemas';
import { defineTool } from '../define-tool';
import { MenuOperationSchema, menuOperation } from './menu-operations';
import { deviceVersion, MenuPathSchema } from './menu-print.tool';

/**
 * Writes to any RouterOS menu through the one change pipeline: planned from the device version's command tree and
 * the live rows, then judged, guarded, verified, recorded and revertible as every specific write tool's change. A
 * write to a topic's menus (firewall, routing, dhcp…) needs that topic's flag on the device, as its tools do.
 */
export const menuChange = defineTool({
  name: 'menu_change',
  title: 'Change a RouterOS menu',
  description: 'Add/set/remove/move rows or run a command in any menu; dry_run first.',
  tier: 'advanced',
  readOnly: false,
  destructive: true,
  idempotent: true,
  input: z.object({
    device_id: DeviceIdSchema,
    path: MenuPathSchema,
    operations: z.array(MenuOperationSchema).min(1).max(50).describe('Applied together'),
    dry_run: z.boolean().default(false).describe('Diff only, no change'),
  }),
  output: ChangeOutputSchema,
  // A script's source (`/system/script`, a scheduler's `on-event`) is lines: values may hold line breaks and tabs.
  multilineText: (path) => path.length === 4 && path[0] === 'operations' && path[2] === 'values',
  deviceArgument: 'device_id',
  async run(args, ctx) {
    if (!ctx.changes || !ctx.menus) throw new InternalError('the menu tools or the change pipeline are not wired on this server');
    const operations = args.operations.map(menuOperation);
    const { device, version } = await deviceVersion(ctx, ctx.menus, args.device_id);
    const shape = await ctx.menus.shape(device, args.path, version);
    const flag = TOPIC_WRITE_FLAGS[menuTopic(shape.path)];
    const result = await ctx.changes.run({
      principal: ctx.principal,
      correlationId: ctx.correlationId,
      environment: ctx.environment,
      deviceId: args.device_id,
      tool: 'menu_change',
      ...(flag ? { requiresFlag: flag } : {}),
      planner: menuChangePlanner(shape),
      input: { operations },
      dryRun: args.dry_run,
      signal: ctx.signal,
    });
    if (!args.dry_run) ctx.menus.contents.forget(args.device_id, shape.path);
    return changeOutput(result);
  },
});
