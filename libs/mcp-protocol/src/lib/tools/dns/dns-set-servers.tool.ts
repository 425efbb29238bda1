import { dnsServersPlanner } from '@routeros-mcp/domain-changes';
import { z } from 'zod';
import { defineWriteTool } from '../change/define-write-tool';
import { IpAddressArg } from '../change/write-schemas';

export const dnsSetServers = defineWriteTool({
  name: 'dns_set_servers',
  title: 'Set DNS servers',
  description: 'Set the static DNS servers, in order.',
  input: z.object({ servers: z.array(IpAddressArg).min(1).max(3) }),
  planner: dnsServersPlanner,
});
