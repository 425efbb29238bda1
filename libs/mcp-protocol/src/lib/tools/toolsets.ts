import { closest } from 'fastest-levenshtein';
import type { ToolDefinition, ToolTier } from './define-tool';

/** What selecting and describing the tool sets needs of a tool: no schema, so a server can say it before loading them. */
export type ToolFacts = Pick<ToolDefinition, 'name' | 'topic' | 'tier' | 'readOnly' | 'deepDiveMenu'>;

export const TIERS: readonly ToolTier[] = ['fundamental', 'advanced', 'professional'];

/**
 * The topics a write-enabled deployment lists by default: the everyday network topics, reads and single-device
 * writes, within the 6,000-token budget of a default tools/list. Off by default: the deep-dive reads (bridge,
 * wireless, logs, diagnostics, config history, audit, the service's own health), DHCP, and the professional tier
 * (plans need the admin or approver role and devices that opt in, so few deployments use them on every turn).
 * Within these topics, the deep-dive reads of one whole menu (ARP, DNS cache, sensors) are off too: menu_print reads
 * those menus just as well. A read-only deployment lists every read topic (the read tier alone fits the budget).
 */
export const DEFAULT_WRITE_TOPICS: readonly string[] = ['device', 'fleet', 'system', 'interface', 'ip', 'dns', 'ntp', 'routing', 'firewall', 'change', 'menu'];

/** What a deployment lists: the tiers and topics selected; a tool is listed when both its tier and its topic are. */
export interface ToolsetSelection {
  tiers: readonly ToolTier[];
  topics: readonly string[];
  /** Tools of those tiers and topics left out: the write-enabled default's deep-dive reads whose topic was not named. */
  leftOut?: readonly string[];
}

const unique = <T>(values: readonly T[]) => [...new Set(values)];

/** Every name ROUTEROS_MCP_TOOLSETS accepts: the topics, the tiers, `default` and `all`. */
export function toolsetNames(all: readonly ToolFacts[]): string[] {
  return [...unique(all.map((t) => t.topic)), ...TIERS, 'default', 'all'];
}

/** Names in a toolsets setting that are no topic, tier, `default` or `all`, each with what it was probably meant to be. */
export function unknownToolsetNames(names: readonly string[], all: readonly ToolFacts[]): string[] {
  const known = toolsetNames(all);
  return names.filter((name) => !known.includes(name)).map((name) => `'${name}' (did you mean '${closest(name, known)}'?)`);
}

/**
 * The selection of a `ROUTEROS_MCP_TOOLSETS` setting (names separated by commas) for a deployment:
 * - unset or empty: the defaults (read-only: every read topic; otherwise reads and writes of DEFAULT_WRITE_TOPICS);
 * - `all`: every tier and topic;
 * - tiers (`fundamental`, `advanced`, `professional`) and topics, freely mixed: the named tiers plus the reads (or the
 *   deployment's default tiers when no tier is named), on the named topics (every topic when only tiers are named);
 *   a named topic whose tools all belong to one tier (`plan`: professional, `change`: advanced) brings that tier,
 *   and a named tier brings such topics;
 * - `default` with other names: the defaults widened by them (`default,professional` adds plans to the defaults;
 *   `default,dns` adds the deep-dive reads of dns).
 * The write-enabled default leaves out the deep-dive reads menu_print covers (ToolDefinition.deepDiveMenu).
 * Read-only (`ROUTEROS_MCP_READ_ONLY`) always wins: only the fundamental tier.
 */
export function selectToolsets(names: readonly string[] | undefined, readOnly: boolean, all: readonly ToolFacts[]): ToolsetSelection {
  const topicsOfAll = unique(all.map((t) => t.topic));
  // The default's deep-dive reads come back when their topic is named (`default,dns` lists dns_get_cache).
  const deepDivesBut = (named: readonly string[]) => (readOnly ? [] : all.filter((t) => t.deepDiveMenu && !named.includes(t.topic)).map((t) => t.name));
  const defaults: ToolsetSelection = readOnly
    ? { tiers: ['fundamental'], topics: topicsOfAll }
    : { tiers: ['fundamental', 'advanced'], topics: DEFAULT_WRITE_TOPICS.filter((t) => topicsOfAll.includes(t)), leftOut: deepDivesBut([]) };
  const given = (names ?? []).filter(Boolean);
  let selection: ToolsetSelection;
  if (given.length === 0) selection = defaults;
  else if (given.includes('all')) selection = { tiers: TIERS, topics: topicsOfAll };
  else {
    const tiers = given.filter((n): n is ToolTier => (TIERS as readonly string[]).includes(n));
    const topics = given.filter((n) => topicsOfAll.includes(n));
    // A topic that lives in one tier only is asked for with that tier (`plan` is the professional tier).
    const implied = topics.flatMap((topic) => {
      const of = unique(all.filter((t) => t.topic === topic).map((t) => t.tier));
      return of.length === 1 ? of : [];
    });
    // And a tier brings the topics that live in it alone (`professional` is the plan topic).
    const own = tiers.flatMap((tier) => topicsOfAll.filter((topic) => all.filter((t) => t.topic === topic).every((t) => t.tier === tier)));
    const widen = given.includes('default');
    selection = {
      tiers: unique([...(widen || tiers.length === 0 ? defaults.tiers : ['fundamental' as const]), ...tiers, ...implied]),
      topics: unique([...(widen ? defaults.topics : topics.length === 0 ? topicsOfAll : []), ...topics, ...own]),
      ...(widen ? { leftOut: deepDivesBut(topics) } : {}),
    };
  }
  return readOnly ? { ...selection, tiers: selection.tiers.filter((t) => t === 'fundamental') } : selection;
}

/** Whether a tool is listed under a selection. */
export function isSelected(tool: Pick<ToolDefinition, 'name' | 'tier' | 'topic'>, selection: ToolsetSelection): boolean {
  return selection.tiers.includes(tool.tier) && selection.topics.includes(tool.topic) && !selection.leftOut?.includes(tool.name);
}
