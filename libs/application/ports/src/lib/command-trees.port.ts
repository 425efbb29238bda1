import type { CommandTree } from '@routeros-mcp/domain-changes';

export const CommandTrees = Symbol.for('CommandTrees');

/** RouterOS's command trees the service knows, by version; each read once, when first asked for. */
export interface CommandTrees {
  /** The versions there is a tree for, oldest first. */
  versions(): readonly string[];
  tree(version: string): Promise<CommandTree>;
}
