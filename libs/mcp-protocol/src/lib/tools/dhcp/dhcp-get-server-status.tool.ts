import { z } from 'zod';
import { DeviceIdSchema, RowSchema } from '../common-schemas';
import { defineTool } from '../define-tool';
import { tsvText } from '../render-text';

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
    const structured = { device_id: args.device_id, servers: data.servers as Record<string, string>[], networks: data.networks as Record<string, string>[], pools: data.pools as Record<string, string>[] };
    const text = [
      'servers', tsvText(structured.servers, ['.id', 'name', 'interface', 'address-pool', 'lease-time', 'disabled']),
      'networks', tsvText(structured.networks, ['.id', 'address', 'gateway', 'dns-server']),
      'pools', tsvText(structured.pools, ['.id', 'name', 'ranges']),
    ].join('\n');
    return { structured, text };
  },
});
