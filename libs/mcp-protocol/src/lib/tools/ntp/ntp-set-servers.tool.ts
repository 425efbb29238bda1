import { ntpServersPlanner } from '@routeros-mcp/domain-changes';
import { z } from 'zod';
import { defineWriteTool } from '../change/define-write-tool';

const HOST = z.string().regex(/^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i, 'an IP address or host name');

export const ntpSetServers = defineWriteTool({
  name: 'ntp_set_servers',
  title: 'Set NTP servers',
  description: 'Set the NTP client servers; optionally enable or disable the client.',
  input: z.object({ servers: z.array(z.union([z.ipv4(), z.ipv6(), HOST])).min(1).max(4).describe('IP addresses or host names'), enabled: z.boolean().optional() }),
  planner: ntpServersPlanner,
});
