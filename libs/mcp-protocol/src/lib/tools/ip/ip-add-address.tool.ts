import { ipAddAddressPlanner } from '@routeros-mcp/domain-changes';
import { z } from 'zod';
import { defineWriteTool } from '../change/define-write-tool';
import { CommentArg, Ipv4Arg, NameArg } from '../change/write-schemas';

export const ipAddAddress = defineWriteTool({
  name: 'ip_add_address',
  title: 'Add IP address',
  description: 'Add an IPv4 address to an interface; overlap with another interface is refused.',
  input: z.object({ address: Ipv4Arg.describe('With prefix, e.g. 192.0.2.1/24'), interface: NameArg, comment: CommentArg.optional() }),
  // Only adds: nothing existing is replaced or removed.
  destructive: false,
  planner: ipAddAddressPlanner,
});
