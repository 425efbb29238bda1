import { interfaceSetEnabledPlanner } from '@routeros-mcp/domain-changes';
import { z } from 'zod';
import { defineWriteTool } from '../change/define-write-tool';
import { NameArg } from '../change/write-schemas';

export const interfaceSetEnabled = defineWriteTool({
  name: 'interface_set_enabled',
  title: 'Enable or disable interface',
  description: 'Enable or disable an interface.',
  input: z.object({ interface: NameArg, enabled: z.boolean() }),
  destructive: true,
  planner: interfaceSetEnabledPlanner,
});
