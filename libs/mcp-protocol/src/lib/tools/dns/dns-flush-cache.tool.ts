import { dnsFlushCachePlanner } from '@routeros-mcp/domain-changes';
import { z } from 'zod';
import { defineWriteTool } from '../change/define-write-tool';

export const dnsFlushCache = defineWriteTool({
  name: 'dns_flush_cache',
  title: 'Flush DNS cache',
  description: 'Empty the DNS cache (cannot be reverted).',
  input: z.object({}),
  destructive: true,
  planner: dnsFlushCachePlanner,
});
