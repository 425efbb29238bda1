import { isDomainError } from '@routeros-mcp/domain-kernel';
import { z } from 'zod';
import { DeviceIdSchema, RowSchema } from '../common-schemas';
import { defineTool, ToolContext } from '../define-tool';
import { objectNotFound } from '../menu-item-tool';
import { tsvText } from '../render-text';
import { typedRows } from '../typed-row';

/** After RouterOS refused a monitor: the requested interfaces it does not have, if that was why. */
async function missingInterfaces(ctx: ToolContext, deviceId: string, names: string[]): Promise<string[]> {
  const { data } = await ctx.reader.list(deviceId, 'interface', { fields: ['name'], signal: ctx.signal });
  const existing = new Set(data.map((row) => row['name']));
  return names.filter((name) => !existing.has(name));
}

export const interfaceGetTraffic = defineTool({
  name: 'interface_get_traffic',
  title: 'Interface traffic now',
  description: 'Current rx/tx rates of up to 10 interfaces (one sample).',
  input: z.object({ device_id: DeviceIdSchema, interfaces: z.array(z.string().regex(/^(?!\.\.?$)[\w.+-]{1,64}$/, 'an interface name')).min(1).max(10).describe('Interface names') }),
  output: z.object({ device_id: z.string(), items: z.array(RowSchema) }),
  deviceArgument: 'device_id',
  async run(args, ctx) {
    const { data } = await ctx.reader.run(args.device_id, 'interface/monitor-traffic', { interface: args.interfaces.join(','), once: '' }, { idempotent: true }).catch(async (error: unknown) => {
      if (!isDomainError(error) || error.code !== 'DEVICE.ERROR') throw error;
      const missing = await missingInterfaces(ctx, args.device_id, args.interfaces);
      if (missing.length) throw objectNotFound({ menu: 'interface', listTool: 'interface_list' }, args.device_id, missing.join(', '));
      throw error;
    });
    const items = typedRows(data);
    return { structured: { device_id: args.device_id, items }, text: tsvText(items, ['name', 'rx-bits-per-second', 'tx-bits-per-second', 'rx-packets-per-second', 'tx-packets-per-second'], { more: true }) };
  },
});
