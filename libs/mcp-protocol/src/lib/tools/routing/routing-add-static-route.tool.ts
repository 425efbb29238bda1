import { routeAddPlanner } from '@routeros-mcp/domain-changes';
import { z } from 'zod';
import { defineWriteTool } from '../change/define-write-tool';
import { CommentArg, Ipv4Arg, NameArg } from '../change/write-schemas';

export const routingAddStaticRoute = defineWriteTool({
  name: 'routing_add_static_route',
  title: 'Add static route',
  description: 'Add a static IPv4 route; gateway is an address or an interface.',
  input: z.object({ 'dst-address': Ipv4Arg, gateway: NameArg, distance: z.number().int().min(1).max(255).optional(), 'routing-table': NameArg.optional(), comment: CommentArg.optional() }),
  requiresFlag: 'allow_routing_writes',
  planner: routeAddPlanner,
});
