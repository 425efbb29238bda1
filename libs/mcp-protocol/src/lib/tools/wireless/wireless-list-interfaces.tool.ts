import { z } from 'zod';
import { DeviceIdSchema, RowSchema } from '../common-schemas';
import { defineTool } from '../define-tool';
import { tsvText } from '../render-text';
import { readWireless } from './wireless-sources';

export const wirelessListInterfaces = defineTool({
  name: 'wireless_list_interfaces',
  title: 'Wireless interfaces',
  description: 'Wi-Fi interfaces (wifi or legacy wireless package); secrets never shown.',
  input: z.object({ device_id: DeviceIdSchema }),
  output: z.object({ device_id: z.string(), sources: z.array(z.string()), items: z.array(RowSchema) }),
  deviceArgument: 'device_id',
  async run(args, ctx) {
    const { sources, rows } = await readWireless(ctx, args.device_id, 'interfaces');
    // Passphrases are configuration secrets: dropped here, whatever the menu calls them.
    const items = rows.map((row) => Object.fromEntries(Object.entries(row).filter(([k]) => !/passphrase|pre-shared-key|password/.test(k))));
    const text = tsvText(items.map((r) => ({ ...r, ssid: r['ssid'] ?? r['configuration.ssid'], band: r['band'] ?? r['channel.band'] })), ['source', '.id', 'name', 'ssid', 'band', 'running', 'disabled']);
    return { structured: { device_id: args.device_id, sources, items }, text: sources.length ? text : 'this device has no wireless interfaces' };
  },
});
