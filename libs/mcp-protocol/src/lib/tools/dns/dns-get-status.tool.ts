import type { RouterOsRow } from '@routeros-mcp/application-ports';
import { z } from 'zod';
import { DeviceIdSchema } from '../common-schemas';
import { defineTool } from '../define-tool';
import { keyValueText } from '../render-text';
import { sizeInBytes } from '../typed-row';

const list = (value: string | undefined) => (value ?? '').split(',').filter(Boolean);

export const dnsGetStatus = defineTool({
  name: 'dns_get_status',
  title: 'DNS settings',
  description: 'DNS servers (static and dynamic), remote requests, cache size and use.',
  input: z.object({ device_id: DeviceIdSchema }),
  output: z.object({ device_id: z.string(), servers: z.array(z.string()), dynamic_servers: z.array(z.string()), allow_remote_requests: z.boolean(), cache_size_bytes: z.number().nullable(), cache_used_bytes: z.number().nullable(), use_doh_server: z.string() }),
  deviceArgument: 'device_id',
  async run(args, ctx) {
    const { data } = await ctx.reader.singleton(args.device_id, 'ip/dns', { signal: ctx.signal });
    const d: RouterOsRow = data;
    const structured = {
      device_id: args.device_id,
      servers: list(d['servers']),
      dynamic_servers: list(d['dynamic-servers']),
      allow_remote_requests: d['allow-remote-requests'] === 'true',
      cache_size_bytes: sizeInBytes(d['cache-size']),
      cache_used_bytes: sizeInBytes(d['cache-used']),
      use_doh_server: d['use-doh-server'] ?? '',
    };
    return { structured, text: keyValueText(structured) };
  },
});
