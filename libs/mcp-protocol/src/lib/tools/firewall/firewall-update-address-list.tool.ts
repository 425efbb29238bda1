import { addressListUpdatePlanner } from '@routeros-mcp/domain-changes';
import { z } from 'zod';
import { defineWriteTool } from '../change/define-write-tool';
import { CommentArg, Ipv4Arg } from '../change/write-schemas';

const Timeout = z.string().regex(/^(\d+w)?(\d+d)?(\d+h)?(\d+m)?(\d+s)?$|^\d{1,2}:\d{2}:\d{2}$/, 'a RouterOS time such as 1h30m');

export const firewallUpdateAddressList = defineWriteTool({
  name: 'firewall_update_address_list',
  title: 'Update address list',
  description: 'Add/remove entries of an mcp-* address list; a timeout (1h, 1d) makes one expire.',
  input: z.object({
    list: z.string().max(64).regex(/^mcp-[\w.-]+$/, 'only lists named mcp-*').describe('List name, mcp-*'),
    add: z.array(z.strictObject({ address: Ipv4Arg, timeout: Timeout.optional(), comment: CommentArg.optional() })).max(100).optional().describe('Entries: {address, timeout?, comment?}'),
    remove: z.array(Ipv4Arg).max(100).optional(),
  }),
  destructive: true,
  planner: addressListUpdatePlanner,
});
