import { z } from 'zod';
import { DeviceIdSchema, RowSchema } from '../common-schemas';
import { defineTool } from '../define-tool';
import { aliased, tsvText } from '../render-text';
import { readWireless } from './wireless-sources';
import { typedRows } from '../typed-row';

export const wirelessListInterfaces = defineTool({
  name: 'wireless_list_interfaces',
  title: 'Wireless interfaces',
  description: 'Wi-Fi interfaces (wifi, legacy wireless, CAPsMAN) and the CAPs this device manages.',
  input: z.object({ device_id: DeviceIdSchema }),
  output: z.object({ device_id: z.string(), sources: z.array(z.string()), items: z.array(RowSchema), remote_caps: z.array(RowSchema) }),
  deviceArgument: 'device_id',
  async run(args, ctx) {
    const { sources, rows, caps } = await readWireless(ctx, args.device_id, 'interfaces');
    // Secret properties (passphrases) arrive redacted by the device reader, as for every tool.
    const items = typedRows(rows);
    const structured = { device_id: args.device_id, sources, items, remote_caps: typedRows(caps) };
    if (!items.length && !caps.length) return { structured, text: 'this device has no wireless interfaces' };
    const text = [
      tsvText(items.map((r) => aliased(aliased(r, 'ssid', ['ssid', 'configuration.ssid']), 'band', ['band', 'channel.band', 'current-channel'])), ['source', '.id', 'name', 'ssid', 'band', 'running', 'disabled'], { more: true }),
      ...(caps.length ? ['', `managed CAPs: ${caps.length}`, tsvText(structured.remote_caps.map((r) => aliased(r, 'board', ['board-name', 'board'])), ['source', 'identity', 'address', 'board', 'version', 'state'], { more: true })] : []),
    ].join('\n');
    return { structured, text };
  },
});
