import { z } from 'zod';
import { DeviceIdSchema } from '../common-schemas';
import { defineTool } from '../define-tool';
import { keyValueText } from '../render-text';

/** NTP client status; 7.15 and 7.20 report it in different fields, both are read here. */
export const ntpGetStatus = defineTool({
  name: 'ntp_get_status',
  title: 'NTP client status',
  description: 'NTP client: enabled, servers, sync status and offset.',
  input: z.object({ device_id: DeviceIdSchema }),
  output: z.object({ device_id: z.string(), enabled: z.boolean(), mode: z.string(), servers: z.array(z.string()), status: z.string(), synced_server: z.string().nullable(), offset: z.string().nullable() }),
  deviceArgument: 'device_id',
  async run(args, ctx) {
    const { data } = await ctx.reader.singleton(args.device_id, 'system/ntp/client', { signal: ctx.signal });
    const structured = {
      device_id: args.device_id,
      enabled: data['enabled'] === 'true',
      mode: data['mode'] ?? '',
      servers: (data['servers'] ?? '').split(',').filter(Boolean),
      status: data['status'] ?? 'unknown',
      synced_server: data['synced-server'] || null,
      offset: data['system-offset'] ?? data['freq-drift'] ?? null,
    };
    return { structured, text: keyValueText(structured) };
  },
});
