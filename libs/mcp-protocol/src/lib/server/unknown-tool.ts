import { protocolError } from '../errors/map-domain-error';
import type { ToolCatalog } from '../tools/catalog';
import { RpcError } from '../errors/rpc-error';

/**
 * The refusal of a tools/call naming no listed tool: a tool this deployment switched off says so and what turns it
 * on (an operator's setting: the model cannot, so it is told to ask); any other name is unknown, with the closest
 * listed names.
 */
export function unlistedToolError(catalog: ToolCatalog, name: string): RpcError {
  const off = catalog.switchedOff(name);
  if (off) {
    const settings = Object.entries(off.enableWith).map(([key, value]) => `${key}=${value}`).join(' ');
    return new RpcError(
      protocolError(
        'TOOL_NOT_ENABLED',
        `'${off.tool.name}' ${off.reason}; an operator enables it with ${settings} and a restart`,
        { tool: off.tool.name, tier: off.tool.tier, topic: off.tool.topic, enable_with: off.enableWith },
        `Tell the user that ${off.tool.name} is not enabled on this server and that an operator can enable it with ${settings}; meanwhile use the tools this server lists.`,
      ),
    );
  }
  const suggestions = catalog.closestNames(name);
  return new RpcError(protocolError('TOOL_NOT_FOUND', `'${name}' is not a tool of this server; did you mean ${suggestions.join(', ')}?`, { tool: name, closest_tools: suggestions }, `Call one of: ${suggestions.join(', ')}.`));
}
