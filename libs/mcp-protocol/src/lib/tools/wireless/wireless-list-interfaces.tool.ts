import { z } from 'zod';
import { DeviceIdSchema, RowSchema } from '../common-schemas';
import { defineTool } from '../define-tool';
import { tsvText } from '../render-text';
import { readWireless } from './wireless-sources';

export const wirelessListInterfaces = defineTool({
  name: 'wireless_list_interfaces',
  title: 'Wireless interfaces',
  description: 'Wi-Fi interfaces (wifi, legacy wireless, CAPsMAN) and the CAPs this device manages.',
  input: z.object({ device_id: DeviceIdSchema }),
  output: z.object({ device_id: z.string(), sources: z.array(z.string()), items: z.array(RowSchema), remote_caps: z.array(RowSchema) }),
  deviceArgument: 'device_id',
  async run(args, ctx) {
    const { sources, rows, caps } = await readWireless(ctx, args.device_id, 'interfaces');
    // Passphrases are configuration secrets: dropped here, whatever the menu calls them.
    const items = rows.map((row) => Object.fromEntries(Object.entries(row).filter(([k]) => !/passphrase|pre-shared-key|password/.test(k))));
    const structured = { device_id: args.device_id, sources, items, remote_caps: caps };
    if (!items.length && !caps.length) return { structured, text: 'this device has no wireless interfaces' };
    const text = [
      tsvText(items.map((r) => ({ ...r, ssid: r['ssid'] ?? r['configuration.ssid'], band: r['band'] ?? r['channel.band'] ?? r['current-channel'] })), ['source', '.id', 'name', 'ssid', 'band', 'running', 'disabled']),
      ...(caps.length ? ['', `managed CAPs: ${caps.length}`, tsvText(caps.map((r) => ({ ...r, board: r['board-name'] ?? r['board'] })), ['source', 'identity', 'address', 'board', 'version', 'state'])] : []),
    ].join('\n');
    return { structured, text };
  },
});
