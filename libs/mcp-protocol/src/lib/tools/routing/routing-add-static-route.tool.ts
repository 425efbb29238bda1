import { routeAddPlanner } from '@routeros-mcp/domain-changes';
import { z } from 'zod';
import { defineWriteTool } from '../change/define-write-tool';
import { CommentArg, Ipv4Arg, NameArg } from '../change/write-schemas';

export const routingAddStaticRoute = defineWriteTool({
  name: 'routing_add_static_route',
  title: 'Add static route',
  description: 'Add a static IPv4 route; gateway is an address or an interface.',
  input: z.object({ 'dst-address': Ipv4Arg.describe('Destination prefix, e.g. 10.0.0.0/8'), gateway: NameArg.describe('Next hop address or interface'), distance: z.number().int().min(1).max(255).optional().describe('Preference, lower wins'), 'routing-table': NameArg.optional().describe('Default main'), comment: CommentArg.optional() }),
  requiresFlag: 'allow_routing_writes',
  // Only adds: nothing existing is replaced or removed.
  destructive: false,
  planner: routeAddPlanner,
});
