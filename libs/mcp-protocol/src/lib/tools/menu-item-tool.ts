import { z } from 'zod';
import { isDomainError } from '@routeros-mcp/domain-kernel';
import { protocolError } from '../errors/map-domain-error';
import { RpcError } from '../errors/rpc-error';
import { DeviceIdSchema, FieldsSchema, RowSchema } from './common-schemas';
import { defineTool, ToolDefinition } from './define-tool';
import { keyValueText } from './render-text';
import { typedRow } from './typed-row';

export interface MenuItemSpec {
  name: string;
  title: string;
  description: string;
  menu: string;
  /** The argument naming the row, and what it accepts (a RouterOS .id, or a name too). */
  idArgument: string;
  idSchema: z.ZodString;
  /** The list tool that shows the menu's rows, named when the row does not exist. */
  listTool: string;
  /** The property a non-.id argument is looked up by (`name` for interfaces). */
  byName?: string;
  /** Offer `fields` (mapped to `.proplist`). */
  withFields?: boolean;
}

const output = z.object({ device_id: z.string(), item: RowSchema });

/** A RouterOS `.id` (`*1`, `*80000001`) rather than a name. */
export const ROUTEROS_ID = /^\*[0-9A-F]{1,8}$/;

/** The row does not exist: NOT_FOUND naming it and the list tool that shows what does. */
export function objectNotFound(spec: Pick<MenuItemSpec, 'menu' | 'listTool'>, deviceId: string, id: string): RpcError {
  return new RpcError(
    protocolError('NOT_FOUND', `device '${deviceId}' has no /${spec.menu} entry '${id}'; call ${spec.listTool} to see them`, { device_id: deviceId, menu: `/${spec.menu}`, id, next_steps: [spec.listTool] }, `Call ${spec.listTool} and use an id or name it returns.`),
  );
}

/** RouterOS's 404 for an item (a menu it lacks is DEVICE.UNSUPPORTED instead). */
const isMissingItem = (error: unknown) =>
  isDomainError(error) && (error.code === 'DEVICE.OBJECT_NOT_FOUND' || (error.code === 'DEVICE.ERROR' && (error.details()['routeros_error'] as { status?: number } | undefined)?.status === 404));

/** A read-only tool returning one row of one RouterOS menu, as aligned `key: value` lines. */
export function menuItemTool(spec: MenuItemSpec): ToolDefinition<z.ZodObject, typeof output> {
  const input = z.object({ device_id: DeviceIdSchema, [spec.idArgument]: spec.idSchema, ...(spec.withFields ? { fields: FieldsSchema } : {}) });
  return defineTool({
    name: spec.name,
    title: spec.title,
    description: spec.description,
    input,
    output,
    deviceArgument: 'device_id',
    async run(args, ctx) {
      const values = args as { device_id: string; fields?: string[] } & Record<string, string>;
      const id = values[spec.idArgument];
      const fields = values.fields?.length ? [...new Set(['.id', ...values.fields])] : undefined;
      let row: Record<string, string> | undefined;
      if (spec.byName && !ROUTEROS_ID.test(id)) {
        // By name through a query: any name RouterOS allows, never a URL segment.
        const { data } = await ctx.reader.list(values.device_id, spec.menu, { fields, query: [`${spec.byName}=${id}`], signal: ctx.signal });
        row = data[0];
      } else {
        row = await ctx.reader.get(values.device_id, spec.menu, id, { fields, signal: ctx.signal }).then(
          ({ data }) => data,
          (error: unknown) => {
            if (isMissingItem(error)) return undefined;
            throw error;
          },
        );
      }
      if (!row) throw objectNotFound(spec, values.device_id, id);
      const item = typedRow(row);
      return { structured: { device_id: values.device_id, item }, text: keyValueText(item) };
    },
  });
}
