import type { MenuCatalog } from '@routeros-mcp/application-use-cases';
import type { Device } from '@routeros-mcp/domain-devices';
import { InternalError } from '@routeros-mcp/domain-kernel';
import { z } from 'zod';
import { DeviceIdSchema, FieldsSchema, PageMetaSchema, PageSchema, RowSchema, WhereSchema, whereQuery } from '../common-schemas';
import { defineTool, type ToolContext } from '../define-tool';
import { assertKnownProperties } from '../menu-list-tool';
import { paginate } from '../pagination';
import { pageFooter, tsvText } from '../render-text';
import { typedRow } from '../typed-row';

export const MenuPathSchema = z.string().min(1).max(200).describe('e.g. /ip/firewall/nat');

/** What most menus' rows are known by, shown first when the caller names no fields. */
const LEADING = ['name', 'address', 'interface', 'chain', 'action', 'list', 'dst-address', 'gateway', 'disabled', 'comment'];

/** The device and its RouterOS version: the one it last reported, else read from it once (MenuCatalog keeps it). */
export async function deviceVersion(ctx: ToolContext, menus: MenuCatalog, deviceId: string): Promise<{ device: Device; version?: string }> {
  const device = await ctx.registry.get(deviceId);
  const version = await menus.versionFrom(device, ctx.reader, ctx.signal);
  return { device, ...(version ? { version } : {}) };
}

export const menuPrint = defineTool({
  name: 'menu_print',
  title: 'Print a RouterOS menu',
  description: 'Rows of any RouterOS menu, typed, secrets redacted.',
  input: z.object({ device_id: DeviceIdSchema, path: MenuPathSchema, where: WhereSchema, fields: FieldsSchema, ...PageSchema }),
  output: PageMetaSchema.extend({ device_id: z.string(), path: z.string(), tree_version: z.string(), singleton: z.boolean(), items: z.array(RowSchema) }),
  deviceArgument: 'device_id',
  async run(args, ctx) {
    if (!ctx.menus) throw new InternalError('the menu tools are not wired on this server');
    const { device, version } = await deviceVersion(ctx, ctx.menus, args.device_id);
    const { path, treeVersion, properties } = await ctx.menus.printable(device, args.path, version);
    const fields = args.fields ? [...new Set(['.id', ...args.fields])] : undefined;
    const query = whereQuery(args.where);
    const { data } = await ctx.reader.print(args.device_id, path, { fields, query, signal: ctx.signal });
    // A full print is the menu's count and property names for menu_describe.
    if (!args.where && !args.fields) ctx.menus.contents.observe(args.device_id, treeVersion, path, data);
    const singleton = !Array.isArray(data);
    const rows = (singleton ? [data] : data).map(typedRow);
    if (rows.length === 0 && args.where) await assertKnownProperties(ctx, args.device_id, path, properties, args.where);
    const page = paginate(rows, args, `menu_print:${args.device_id}:${path}:${query.join('&')}`);
    const columns = args.fields ?? LEADING.filter((c) => page.items.some((r) => c in r)).slice(0, 5);
    return {
      structured: { device_id: args.device_id, path: `/${path}`, tree_version: treeVersion, singleton, ...page },
      text: `${args.device_id} /${path}\n${tsvText(page.items, singleton ? columns : ['.id', ...columns], { more: !args.fields })}${pageFooter(page, page.items.length)}`,
      meta: { total_count: page.total_count, has_more: page.has_more, ...(page.next_cursor ? { next_cursor: page.next_cursor, pagination_hint: 'call again with cursor=next_cursor for the next page' } : {}) },
    };
  },
});
