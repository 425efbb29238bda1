import { InternalError } from '@routeros-mcp/domain-kernel';
import { z } from 'zod';
import { DeviceIdSchema } from '../common-schemas';
import { defineTool } from '../define-tool';
import { deviceVersion, MenuPathSchema } from './menu-print.tool';

const output = z.object({
  device_id: z.string(),
  path: z.string(),
  tree_version: z.string(),
  device_version: z.string().optional(),
  tree_note: z.string().optional(),
  submenus: z.array(z.string()),
  printable: z.boolean(),
  item_count: z.number().int().optional(),
  counted_at: z.string().optional(),
  read_only: z.array(z.string()),
  contents_note: z.string().optional(),
  row_commands: z.array(z.string()),
  arguments: z.array(z.object({ name: z.string(), accepts: z.string().optional(), on: z.array(z.string()) })),
  actions: z.array(z.object({ command: z.string(), verdict: z.enum(['allowed', 'plan_only', 'refused', 'not_a_change']), why: z.string() })),
  writes: z.object({
    reach: z.enum(['none', 'modelled', 'unmodelled']),
    reach_why: z.string(),
    allowed: z.boolean(),
    refusal: z.string().optional(),
    protection: z.string(),
    plan_only: z.boolean(),
    plan_why: z.string().optional(),
  }),
});

export const menuDescribe = defineTool({
  name: 'menu_describe',
  title: 'Describe a RouterOS menu',
  description:
    'Any RouterOS menu: commands, arguments, accepted values, read-only properties, items, write rules.',
  input: z.object({ device_id: DeviceIdSchema, path: MenuPathSchema }),
  output,
  deviceArgument: 'device_id',
  async run(args, ctx) {
    if (!ctx.menus) throw new InternalError('the menu tools are not wired on this server');
    const { device, version } = await deviceVersion(ctx, ctx.menus, args.device_id);
    const menu = await ctx.menus.describe(ctx.principal, device, args.path, version);
    const contents = await ctx.menus.contentsOf(device, args.path, version, async (path) => (await ctx.reader.print(args.device_id, path, { signal: ctx.signal })).data);
    const structured = {
      device_id: args.device_id,
      ...menu,
      ...(contents?.item_count !== undefined ? { item_count: contents.item_count, counted_at: contents.counted_at } : {}),
      read_only: contents?.read_only ?? [],
      ...(contents?.unavailable ? { contents_note: contents.unavailable } : {}),
    };
    const lines = [
      `${args.device_id} ${menu.path} (RouterOS ${menu.tree_version} command tree${menu.tree_note ? `; ${menu.tree_note}` : ''})`,
      `writes: ${menu.writes.allowed ? 'allowed' : `refused: ${menu.writes.refusal}`}${menu.writes.plan_only ? ` (plan only: ${menu.writes.plan_why})` : ''}`,
      `reach: ${menu.writes.reach}: ${menu.writes.reach_why}`,
      `protection: ${menu.writes.protection}`,
      ...(contents ? [`items: ${contents.item_count ?? `unknown (${contents.unavailable})`}${contents.counted_at ? ` (counted ${contents.counted_at})` : ''}`] : []),
      ...(contents?.read_only.length ? [`read-only: ${contents.read_only.join(' ')}`] : []),
      ...(menu.row_commands.length ? [`row commands: ${menu.row_commands.join(' ')}`] : []),
      ...(menu.arguments.length ? [`arguments: ${menu.arguments.map((a) => `${a.name}${a.on.length === 1 ? ` (${a.on[0]} only)` : ''}${a.accepts ? ` = ${a.accepts}` : ''}`).join('; ')}`] : []),
      ...menu.actions.map((a) => `action ${a.command}: ${a.verdict.replace(/_/g, ' ')}: ${a.why}`),
      ...(menu.submenus.length ? [`submenus: ${menu.submenus.join(' ')}`] : []),
    ];
    return { structured, text: lines.join('\n') };
  },
});
