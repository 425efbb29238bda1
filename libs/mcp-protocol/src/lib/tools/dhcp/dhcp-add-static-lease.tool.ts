import { leaseAddPlanner } from '@routeros-mcp/domain-changes';
import { z } from 'zod';
import { defineWriteTool } from '../change/define-write-tool';
import { CommentArg, Ipv4Arg, MacArg, NameArg } from '../change/write-schemas';

export const dhcpAddStaticLease = defineWriteTool({
  name: 'dhcp_add_static_lease',
  title: 'Add static lease',
  description: 'Reserve an IPv4 address for a MAC on a DHCP server.',
  input: z.object({ address: Ipv4Arg, 'mac-address': MacArg, server: NameArg, comment: CommentArg.optional() }),
  requiresFlag: 'allow_dhcp_writes',
  planner: leaseAddPlanner,
});
