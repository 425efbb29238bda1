import { leaseAddPlanner } from '@routeros-mcp/domain-changes';
import { z } from 'zod';
import { defineWriteTool } from '../change/define-write-tool';
import { CommentArg, Ipv4Arg, MacArg, NameArg } from '../change/write-schemas';

export const dhcpAddStaticLease = defineWriteTool({
  name: 'dhcp_add_static_lease',
  title: 'Add static lease',
  description: 'Reserve an IPv4 address for a MAC on a DHCP server.',
  input: z.object({ address: Ipv4Arg.describe('IPv4 address to reserve'), 'mac-address': MacArg.describe('Client MAC'), server: NameArg.describe('DHCP server name'), comment: CommentArg.optional() }),
  requiresFlag: 'allow_dhcp_writes',
  // Only adds: nothing existing is replaced or removed.
  destructive: false,
  planner: leaseAddPlanner,
});
