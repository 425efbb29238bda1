import { leaseRemovePlanner } from '@routeros-mcp/domain-changes';
import { z } from 'zod';
import { defineWriteTool } from '../change/define-write-tool';
import { MacArg, NameArg } from '../change/write-schemas';

export const dhcpRemoveStaticLease = defineWriteTool({
  name: 'dhcp_remove_static_lease',
  title: 'Remove static lease',
  description: "Remove a MAC's static lease; server if it has several.",
  input: z.object({ 'mac-address': MacArg.describe('The lease\'s MAC'), server: NameArg.optional().describe('DHCP server name, if several') }),
  destructive: true,
  requiresFlag: 'allow_dhcp_writes',
  planner: leaseRemovePlanner,
});
