import { z } from 'zod';
import { DeviceIdSchema, RowSchema } from '../common-schemas';
import { defineTool } from '../define-tool';
import { aliased, tsvText } from '../render-text';
import { readWireless } from './wireless-sources';
import { typedRows } from '../typed-row';

export const wirelessListClients = defineTool({
  name: 'wireless_list_clients',
  title: 'Wireless clients',
  description: 'Associated Wi-Fi clients (CAPsMAN too) with signal, rates and uptime.',
  input: z.object({ device_id: DeviceIdSchema }),
  output: z.object({ device_id: z.string(), sources: z.array(z.string()), items: z.array(RowSchema) }),
  deviceArgument: 'device_id',
  async run(args, ctx) {
    const { sources, rows: raw } = await readWireless(ctx, args.device_id, 'clients');
    const rows = typedRows(raw);
    const text = tsvText(rows.map((r) => aliased(r, 'signal', ['signal', 'signal-strength', 'rx-signal'])), ['source', 'interface', 'mac-address', 'last-ip', 'signal', 'tx-rate', 'rx-rate', 'uptime'], { more: true });
    return { structured: { device_id: args.device_id, sources, items: rows }, text };
  },
});
