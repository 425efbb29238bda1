import { z } from 'zod';
import { DeviceIdSchema, FieldsSchema, RowSchema } from './common-schemas';
import { defineTool, ToolDefinition } from './define-tool';
import { keyValueText } from './render-text';

export interface MenuItemSpec {
  name: string;
  title: string;
  description: string;
  menu: string;
  /** The argument naming the row, and what it accepts (a RouterOS .id, or a name too). */
  idArgument: string;
  idSchema: z.ZodString;
  /** Offer `fields` (mapped to `.proplist`). */
  withFields?: boolean;
}

const output = z.object({ device_id: z.string(), item: RowSchema });

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
      const { data } = await ctx.reader.get(values.device_id, spec.menu, values[spec.idArgument], { fields: values.fields, signal: ctx.signal });
      return { structured: { device_id: values.device_id, item: data }, text: keyValueText(data) };
    },
  });
}
