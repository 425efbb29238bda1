import { z } from 'zod';
import { ValidationError } from '@routeros-mcp/domain-kernel';
import { DeviceIdSchema, FieldsSchema, PageMetaSchema, PageSchema, RowSchema, Where, WhereSchema, whereQuery } from './common-schemas';
import type { RouterOsRow } from '@routeros-mcp/application-ports';
import { defineTool, ToolContext, ToolDefinition } from './define-tool';
import { MENU_PROPERTIES } from './menu-properties';
import { paginate } from './pagination';
import { pageFooter, ruleText, tsvText } from './render-text';
import { typedRow } from './typed-row';

export interface MenuListSpec {
  name: string;
  title: string;
  description: string;
  menu: string;
  /** Columns of the text rendering (and the default `.proplist`, plus `.id`); other properties follow as words. */
  columns: string[];
  /** Fixed RouterOS query words (e.g. `type=ether`). */
  query?: string[];
  /** Keep each row's position in the menu and render rows as rules (firewall: order and every matcher decide). */
  withPosition?: boolean;
}

const input = z.object({ device_id: DeviceIdSchema, where: WhereSchema, fields: FieldsSchema, ...PageSchema });
const output = PageMetaSchema.extend({ device_id: z.string(), items: z.array(RowSchema) });

/**
 * Each row's position in the whole menu (for firewall rules the order decides). With a filter the rows are a
 * subset, so the positions come from a second, `.id`-only read of the whole menu.
 */
async function withPositions(ctx: ToolContext, spec: MenuListSpec, args: { device_id: string; where?: Where }, rows: RouterOsRow[]): Promise<Record<string, unknown>[]> {
  if (!args.where || Object.keys(args.where).length === 0) return rows.map((row, i) => ({ position: i, ...row }));
  const { data: all } = await ctx.reader.list(args.device_id, spec.menu, { fields: ['.id'], signal: ctx.signal });
  const index = new Map(all.map((row, i) => [row['.id'], i]));
  return rows.map((row) => ({ position: index.get(row['.id'] ?? ''), ...row }));
}

/**
 * A filter that matched nothing may name a property the menu does not have (RouterOS then silently matches no
 * row): refused with the names that exist, from RouterOS's command tree and the rows the device holds.
 */
async function assertKnownProperties(ctx: ToolContext, spec: MenuListSpec, deviceId: string, where: Where): Promise<void> {
  const known = new Set(['.id', ...(MENU_PROPERTIES[spec.menu] ?? [])]);
  const unknown = () => Object.keys(where).filter((name) => !known.has(name));
  if (unknown().length === 0) return;
  const { data } = await ctx.reader.list(deviceId, spec.menu, { signal: ctx.signal });
  for (const row of data) for (const name of Object.keys(row)) known.add(name);
  const missing = unknown();
  if (missing.length === 0 || data.length === 0) return;
  throw ValidationError.single(`where.${missing[0]}`, `is not a property of /${spec.menu}; use one of: ${[...known].sort().join(', ')}`);
}

/** A read-only, paginated listing of one RouterOS menu: the shape most fundamental tools share. */
export function menuListTool(spec: MenuListSpec): ToolDefinition<typeof input, typeof output> {
  return defineTool({
    name: spec.name,
    title: spec.title,
    description: spec.description,
    input,
    output,
    deviceArgument: 'device_id',
    async run(args, ctx) {
      const fields = args.fields ? [...new Set(['.id', ...args.fields])] : undefined;
      const query = [...(spec.query ?? []), ...whereQuery(args.where)];
      const { data } = await ctx.reader.list(args.device_id, spec.menu, { fields, query, signal: ctx.signal });
      if (data.length === 0 && args.where) await assertKnownProperties(ctx, spec, args.device_id, args.where);
      // Positions count in the filtered list only when there is no filter; with one, ask RouterOS for them.
      const rows = (spec.withPosition ? await withPositions(ctx, spec, args, data) : data).map(typedRow);
      const page = paginate(rows, args, `${spec.name}:${args.device_id}:${query.join('&')}`);
      const body = spec.withPosition ? ruleText(page.items) : tsvText(page.items, ['.id', ...(args.fields ?? spec.columns)], { more: !args.fields });
      return {
        structured: { device_id: args.device_id, ...page },
        text: `${args.device_id} /${spec.menu}\n${body}${pageFooter(page, page.items.length)}`,
        meta: { total_count: page.total_count, has_more: page.has_more, ...(page.next_cursor ? { next_cursor: page.next_cursor, pagination_hint: 'call again with cursor=next_cursor for the next page' } : {}) },
      };
    },
  });
}
