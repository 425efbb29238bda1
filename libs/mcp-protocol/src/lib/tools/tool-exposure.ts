import type { ToolTier } from './define-tool';
import { isSelected, selectToolsets, TIERS, ToolFacts, ToolsetSelection } from './toolsets';

export interface CatalogOptions {
  /** Tool sets to expose (`ROUTEROS_MCP_TOOLSETS`: topics, tiers, `default`, `all`); the deployment's defaults when unset. */
  toolsets?: string[];
  /** Only the read-only tier (`ROUTEROS_MCP_READ_ONLY`): no write tool, nor the change history of the write tier. */
  readOnly?: boolean;
}

/** What the server instructions say about the tool sets: those listed, and those that exist but are off. */
export interface CatalogExposure {
  tiers: readonly ToolTier[];
  topics: readonly string[];
  hiddenTiers: readonly ToolTier[];
  hiddenTopics: readonly string[];
  /** Tools of listed tiers and topics left out all the same: the default's deep-dive reads menu_print covers. */
  hiddenTools: readonly string[];
  readOnly: boolean;
}

/**
 * The tools a deployment lists and what its instructions say about them, from the tools' facts alone: the catalog
 * applies it to the tool definitions, and a starting server to TOOL_FACTS before the definitions are loaded.
 */
export function toolExposure<T extends ToolFacts>(options: CatalogOptions, all: readonly T[]): { selection: ToolsetSelection; tools: T[]; exposure: CatalogExposure } {
  const selection = selectToolsets(options.toolsets, options.readOnly ?? false, all);
  const tools = all.filter((t) => isSelected(t, selection) && (!options.readOnly || t.readOnly));
  const listedTiers = new Set(tools.map((t) => t.tier));
  const listedTopics = new Set(tools.map((t) => t.topic));
  const exposure: CatalogExposure = {
    tiers: TIERS.filter((t) => listedTiers.has(t)),
    topics: [...listedTopics],
    hiddenTiers: TIERS.filter((t) => !listedTiers.has(t) && all.some((tool) => tool.tier === t)),
    // Topics living only in a switched-off tier are named with that tier, not again as topics.
    hiddenTopics: [...new Set(all.filter((t) => listedTiers.has(t.tier)).map((t) => t.topic))].filter((t) => !listedTopics.has(t)),
    hiddenTools: all.filter((t) => selection.leftOut?.includes(t.name) && listedTiers.has(t.tier) && listedTopics.has(t.topic)).map((t) => t.name),
    readOnly: options.readOnly ?? false,
  };
  return { selection, tools, exposure };
}
