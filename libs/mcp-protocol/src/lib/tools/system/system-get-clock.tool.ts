import { z } from 'zod';
import { DeviceIdSchema } from '../common-schemas';
import { defineTool } from '../define-tool';
import { keyValueText } from '../render-text';

export const systemGetClock = defineTool({
  name: 'system_get_clock',
  title: 'Clock',
  description: 'Date, time, time zone and UTC offset of a device.',
  input: z.object({ device_id: DeviceIdSchema }),
  output: z.object({ device_id: z.string(), date: z.string(), time: z.string(), time_zone: z.string(), gmt_offset: z.string(), time_zone_autodetect: z.boolean() }),
  deviceArgument: 'device_id',
  async run(args, ctx) {
    const { data } = await ctx.reader.singleton(args.device_id, 'system/clock', { signal: ctx.signal });
    const structured = { device_id: args.device_id, date: data['date'] ?? '', time: data['time'] ?? '', time_zone: data['time-zone-name'] ?? '', gmt_offset: data['gmt-offset'] ?? '', time_zone_autodetect: data['time-zone-autodetect'] === 'true' };
    return { structured, text: keyValueText(structured) };
  },
});
