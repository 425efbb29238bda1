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
  /** A deep-dive read menu_print covers: off in the write-enabled default (see ToolDefinition.deepDiveMenu). */
  deepDive?: boolean;
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
 * row): refused with the names that exist, from RouterOS's command tree (`known`) and the rows the device holds.
 */
export async function assertKnownProperties(ctx: ToolContext, deviceId: string, menu: string, known: Iterable<string>, where: Where): Promise<void> {
  const names = new Set(['.id', ...known]);
  const unknown = () => Object.keys(where).filter((name) => !names.has(name));
  if (unknown().length === 0) return;
  const { data } = await ctx.reader.print(deviceId, menu, { signal: ctx.signal });
  for (const row of Array.isArray(data) ? data : [data]) for (const name of Object.keys(row)) names.add(name);
  const missing = unknown();
  if (missing.length === 0 || (Array.isArray(data) && data.length === 0)) return;
  throw ValidationError.single(`where.${missing[0]}`, `is not a property of /${menu}; use one of: ${[...names].sort().join(', ')}`);
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
    ...(spec.deepDive ? { deepDiveMenu: spec.menu } : {}),
    async run(args, ctx) {
      const fields = args.fields ? [...new Set(['.id', ...args.fields])] : undefined;
      const query = [...(spec.query ?? []), ...whereQuery(args.where)];
      const { data } = await ctx.reader.list(args.device_id, spec.menu, { fields, query, signal: ctx.signal });
      if (data.length === 0 && args.where) await assertKnownProperties(ctx, args.device_id, spec.menu, MENU_PROPERTIES[spec.menu] ?? [], args.where);
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
