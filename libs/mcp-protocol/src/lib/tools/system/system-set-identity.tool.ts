import { systemIdentityPlanner } from '@routeros-mcp/domain-changes';
import { z } from 'zod';
import { defineWriteTool } from '../change/define-write-tool';

export const systemSetIdentity = defineWriteTool({
  name: 'system_set_identity',
  title: 'Set identity',
  description: "Set the device's identity (its name).",
  input: z.object({ name: z.string().min(1).max(64).regex(/^\P{Cc}+$/u, 'no control characters') }),
  planner: systemIdentityPlanner,
});
