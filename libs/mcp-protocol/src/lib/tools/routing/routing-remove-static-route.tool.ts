import { routeRemovePlanner } from '@routeros-mcp/domain-changes';
import { z } from 'zod';
import { defineWriteTool } from '../change/define-write-tool';
import { Ipv4Arg, NameArg } from '../change/write-schemas';

export const routingRemoveStaticRoute = defineWriteTool({
  name: 'routing_remove_static_route',
  title: 'Remove static route',
  description: 'Remove a static route by destination; gateway if several share it.',
  input: z.object({ 'dst-address': Ipv4Arg, gateway: NameArg.optional().describe('Its gateway, if several'), 'routing-table': NameArg.optional().describe('Default main') }),
  destructive: true,
  requiresFlag: 'allow_routing_writes',
  planner: routeRemovePlanner,
});
