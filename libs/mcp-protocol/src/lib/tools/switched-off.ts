import type { ToolDefinition } from './define-tool';
import { isSelected, selectToolsets } from './toolsets';

/** A tool of this product that a deployment does not list, and the setting that would list it. */
export interface SwitchedOffTool {
  tool: ToolDefinition;
  /** Why it is off here, for the sentence after its name. */
  reason: string;
  /** The settings that list it (with everything listed now), as an operator would set them. */
  enableWith: Record<string, string>;
}

const TIER_TEXT: Record<string, string> = { fundamental: 'reads', advanced: 'single-device writes', professional: 'multi-device plans' };

/**
 * The smallest ROUTEROS_MCP_TOOLSETS value that lists `tool` and keeps every tool listed now: the current names
 * (`default` when unset) widened by the tool's topic, its tier, both, or else `all`.
 */
function toolsetsListing(tool: ToolDefinition, current: readonly string[] | undefined, listed: readonly ToolDefinition[], all: readonly ToolDefinition[]): string {
  const base = current?.length ? [...current] : ['default'];
  const candidates = [[...base, tool.topic], [...base, tool.tier], [...base, tool.topic, tool.tier]];
  for (const names of candidates) {
    const selection = selectToolsets(names, false, all);
    if (isSelected(tool, selection) && listed.every((t) => isSelected(t, selection))) return [...new Set(names)].join(',');
  }
  return 'all';
}

/**
 * Whether `name` (or its `topic/tool-name` alias) is a tool of this product switched off by the deployment's
 * settings: read-only hides every write, ROUTEROS_MCP_TOOLSETS the topics and tiers it leaves out.
 */
export function switchedOffTool(name: string, settings: { toolsets?: readonly string[]; readOnly: boolean }, listed: readonly ToolDefinition[], all: readonly ToolDefinition[]): SwitchedOffTool | undefined {
  const tool = all.find((t) => t.name === name || t.alias === name);
  if (!tool || listed.includes(tool)) return undefined;
  // Read-only narrows what the tool sets select; with writes on, those are the tools to keep.
  const writable = selectToolsets(settings.toolsets, false, all);
  const toolsets = toolsetsListing(tool, settings.toolsets, settings.readOnly ? all.filter((t) => isSelected(t, writable)) : listed, all);
  const needsToolsets = !isSelected(tool, writable);
  if (settings.readOnly && !tool.readOnly) {
    return {
      tool,
      reason: `is a write tool (${TIER_TEXT[tool.tier]}) and this server is read-only (ROUTEROS_MCP_READ_ONLY=true)`,
      enableWith: { ROUTEROS_MCP_READ_ONLY: 'false', ...(needsToolsets ? { ROUTEROS_MCP_TOOLSETS: toolsets } : {}) },
    };
  }
  const tierOff = !listed.some((t) => t.tier === tool.tier);
  const topicOn = listed.some((t) => t.topic === tool.topic);
  const deepDive = tool.deepDiveMenu && topicOn && listed.some((t) => t.name === 'menu_print');
  return {
    tool,
    reason: deepDive
      ? `is a deep-dive read left out of the default tool list; menu_print with path /${tool.deepDiveMenu} reads the same rows`
      : tierOff
        ? `is switched off here with the rest of the ${tool.tier} tier (${TIER_TEXT[tool.tier]})`
        : `is switched off here with the rest of the ${tool.topic} tools`,
    enableWith: { ROUTEROS_MCP_TOOLSETS: toolsets },
  };
}
