import { z } from 'zod';
import { DeviceIdSchema, FieldsSchema, PageMetaSchema, PageSchema, RowSchema, WhereSchema, whereQuery } from './common-schemas';
import type { RouterOsRow } from '@routeros-mcp/application-ports';
import { defineTool, ToolContext, ToolDefinition } from './define-tool';
import { paginate } from './pagination';
import { pageFooter, tsvText } from './render-text';

export interface MenuListSpec {
  name: string;
  title: string;
  description: string;
  menu: string;
  /** Columns of the text rendering (and the default `.proplist`, plus `.id`). */
  columns: string[];
  /** Fixed RouterOS query words (e.g. `type=ether`). */
  query?: string[];
  /** Keep each row's position in the menu (firewall rules: order decides). */
  withPosition?: boolean;
}

const input = z.object({ device_id: DeviceIdSchema, where: WhereSchema, fields: FieldsSchema, ...PageSchema });
const output = PageMetaSchema.extend({ device_id: z.string(), items: z.array(RowSchema) });

/**
 * Each row's position in the whole menu (for firewall rules the order decides). With a filter the rows are a
 * subset, so the positions come from a second, `.id`-only read of the whole menu.
 */
async function withPositions(ctx: ToolContext, spec: MenuListSpec, args: { device_id: string; where?: Record<string, string> }, rows: RouterOsRow[]): Promise<RouterOsRow[]> {
  if (!args.where || Object.keys(args.where).length === 0) return rows.map((row, i) => ({ position: String(i), ...row }));
  const { data: all } = await ctx.reader.list(args.device_id, spec.menu, { fields: ['.id'], signal: ctx.signal });
  const index = new Map(all.map((row, i) => [row['.id'], String(i)]));
  return rows.map((row) => ({ position: index.get(row['.id'] ?? '') ?? '?', ...row }));
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
      // Positions count in the filtered list only when there is no filter; with one, ask RouterOS for them.
      const rows = spec.withPosition ? await withPositions(ctx, spec, args, data) : data;
      const page = paginate(rows, args, `${spec.name}:${args.device_id}:${query.join('&')}`);
      const columns = [...(spec.withPosition ? ['position'] : []), '.id', ...(args.fields ?? spec.columns)];
      return {
        structured: { device_id: args.device_id, ...page },
        text: `${args.device_id} ${spec.menu}\n${tsvText(page.items, columns)}${pageFooter(page, page.items.length)}`,
        meta: { total_count: page.total_count, has_more: page.has_more, ...(page.next_cursor ? { next_cursor: page.next_cursor, pagination_hint: 'call again with cursor=next_cursor for the next page' } : {}) },
      };
    },
  });
}
