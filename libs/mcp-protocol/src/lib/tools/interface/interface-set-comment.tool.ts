import { interfaceSetCommentPlanner } from '@routeros-mcp/domain-changes';
import { z } from 'zod';
import { defineWriteTool } from '../change/define-write-tool';
import { CommentArg, NameArg } from '../change/write-schemas';

export const interfaceSetComment = defineWriteTool({
  name: 'interface_set_comment',
  title: 'Set interface comment',
  description: 'Set an interface comment ("" clears it).',
  input: z.object({ interface: NameArg, comment: CommentArg.describe('New comment; "" clears it') }),
  planner: interfaceSetCommentPlanner,
});
