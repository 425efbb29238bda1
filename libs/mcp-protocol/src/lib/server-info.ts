import type { Environment } from '@routeros-mcp/domain-kernel';

export const SERVER_NAME = 'routeros-mcp';
export const SUPPORTED_ROUTEROS_VERSIONS = '7.x (tested against 7.15 and 7.20 command trees)';

/** What the instructions need to know of the exposed catalog. */
export interface ExposedTools {
  /** Tiers of the listed tools (only `fundamental` while the write tiers are not built). */
  tiers: readonly string[];
  /** Topics listed, and topics that exist but are switched off by ROUTEROS_MCP_TOOLSETS. */
  topics: readonly string[];
  hiddenTopics: readonly string[];
}

const TIER_TEXT: Record<string, string> = {
  fundamental: 'read-only tools: they look, never change a device',
  advanced:
    'single-device writes with dry-run diffs (devices opt in per capability flag; dry_run=true shows the change and writes nothing; every write answers changed, dry_run, change_id, summary, risk, diff, touched rows before/after, safety verdicts, protection and verification)',
  professional: 'multi-device plans a human approves out of band',
};

/** The server's instructions: what this instance really offers, so a model never looks for tools it does not have. */
export function serverInstructions(environment: Environment, exposed: ExposedTools): string {
  const tiers = exposed.tiers.map((tier) => TIER_TEXT[tier] ?? tier).join('; ');
  return [
    `RouterOS MCP manages MikroTik RouterOS v7 devices enrolled for the ${environment} environment.`,
    `This server offers ${tiers}.`,
    exposed.hiddenTopics.length ? `Tool sets switched off here (ROUTEROS_MCP_TOOLSETS): ${exposed.hiddenTopics.join(', ')}.` : '',
    'Usual first calls: device_list (it gives the device_id every device tool takes), then fleet_get_health_summary',
    'or system_get_overview for one device. List tools page with limit (default 50, at most 500) and cursor (pass',
    'next_cursor back) or offset; every list answer has total_count, has_more and next_cursor. Keep matching rows',
    'with where, equal values ({"type":"ether","disabled":false}; booleans match yes/no too), and return some',
    'properties only with fields (property names). Values are typed: booleans, numbers (bytes, MTU, counters) and',
    'RouterOS text. Answers also echo the device_id they read.',
  ]
    .filter(Boolean)
    .join(' ');
}
