import { displayAlteringMessage, findDisplayAltering } from '@routeros-mcp/domain-kernel';
import { protocolError } from '../errors/map-domain-error';
import type { ToolDefinition } from '../tools/define-tool';
import { RpcError } from '../errors/rpc-error';

/**
 * Refuses tool arguments holding a control, escape, bidirectional, zero-width or separator character in any string
 * or property name: INVALID_PARAMS naming the field and the character (`title: … (found U+001B)`). No argument of
 * any tool has a use for them (titles, reasons, comments, names, filters, addresses), and each may later be shown to
 * a person (the approval screen, an audit table, a log line), where they would move the cursor, hide the real diff
 * or fake a line. One check for every tool, on every transport and revision; it walks without recursion, so
 * nesting cannot exhaust the stack. A tool whose argument must carry line breaks and tabs (a script's source) names
 * it in `multilineText`: there those two are let through, and nothing else.
 */
export function refuseDisplayAlteringArguments(tool: ToolDefinition, raw: unknown): void {
  const found = findDisplayAltering(raw, tool.multilineText);
  if (!found) return;
  const field = found.path.join('.') || '(arguments)';
  const message = displayAlteringMessage(found.character, found.inKey);
  throw new RpcError(
    protocolError('INVALID_PARAMS', `${tool.name}: ${field}: ${message}`, { tool: tool.name, field, errors: [{ field, message }] }, 'Remove the named character (line breaks, escapes, direction and zero-width marks have no place in tool arguments) and call the tool again.'),
  );
}

