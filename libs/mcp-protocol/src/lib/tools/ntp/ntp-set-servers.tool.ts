import { ntpServersPlanner } from '@routeros-mcp/domain-changes';
import { z } from 'zod';
import { defineWriteTool } from '../change/define-write-tool';

const HOST = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const isIp = (value: string) => z.ipv4().safeParse(value).success || z.ipv6().safeParse(value).success;
const Server = z.string().refine((value) => isIp(value) || HOST.test(value), 'an IP address or host name');

export const ntpSetServers = defineWriteTool({
  name: 'ntp_set_servers',
  title: 'Set NTP servers',
  description: 'Set the NTP client servers; optionally enable or disable the client.',
  input: z.object({ servers: z.array(Server).min(1).max(4).describe('IP addresses or host names'), enabled: z.boolean().optional() }),
  planner: ntpServersPlanner,
});
