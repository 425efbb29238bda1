import { ipRemoveAddressPlanner } from '@routeros-mcp/domain-changes';
import { z } from 'zod';
import { defineWriteTool } from '../change/define-write-tool';
import { Ipv4Arg, NameArg } from '../change/write-schemas';

export const ipRemoveAddress = defineWriteTool({
  name: 'ip_remove_address',
  title: 'Remove IP address',
  description: 'Remove a static IPv4 address; interface only if it is on several.',
  input: z.object({ address: Ipv4Arg.describe('As listed, e.g. 192.0.2.1/24'), interface: NameArg.optional().describe('Its interface, if several') }),
  destructive: true,
  planner: ipRemoveAddressPlanner,
});
