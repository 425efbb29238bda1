import { z } from 'zod';
import { DeviceIdSchema, RowSchema } from '../common-schemas';
import { defineTool } from '../define-tool';
import { tsvText } from '../render-text';
import { typedRows } from '../typed-row';

export const dhcpGetServerStatus = defineTool({
  name: 'dhcp_get_server_status',
  title: 'DHCP servers',
  description: 'DHCP servers with their networks and address pools.',
  input: z.object({ device_id: DeviceIdSchema }),
  output: z.object({ device_id: z.string(), servers: z.array(RowSchema), networks: z.array(RowSchema), pools: z.array(RowSchema) }),
  deviceArgument: 'device_id',
  async run(args, ctx) {
    const { data } = await ctx.reader.many(args.device_id, {
      servers: { menu: 'ip/dhcp-server' },
      networks: { menu: 'ip/dhcp-server/network' },
      pools: { menu: 'ip/pool' },
    });
    const structured = { device_id: args.device_id, servers: typedRows(data.servers), networks: typedRows(data.networks), pools: typedRows(data.pools) };
    const text = [
      'servers', tsvText(structured.servers, ['.id', 'name', 'interface', 'address-pool', 'lease-time', 'disabled'], { more: true }),
      'networks', tsvText(structured.networks, ['.id', 'address', 'gateway', 'dns-server'], { more: true }),
      'pools', tsvText(structured.pools, ['.id', 'name', 'ranges'], { more: true }),
    ].join('\n');
    return { structured, text };
  },
});
