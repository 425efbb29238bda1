import type { Environment } from '@routeros-mcp/domain-kernel';

export const SERVER_NAME = 'routeros-mcp';
export const SUPPORTED_ROUTEROS_VERSIONS = '7.x (tested against 7.15 and 7.20 command trees)';

/** What the instructions need to know of the exposed catalog. */
export interface ExposedTools {
  /** Tiers of the listed tools. */
  tiers: readonly string[];
  /** Topics listed. */
  topics: readonly string[];
  /** Tiers and topics that exist but are switched off (ROUTEROS_MCP_TOOLSETS, ROUTEROS_MCP_READ_ONLY). */
  hiddenTiers?: readonly string[];
  hiddenTopics: readonly string[];
  /** Tools of listed topics left out all the same (deep-dive reads menu_print covers). */
  hiddenTools?: readonly string[];
  readOnly?: boolean;
}

const TIER_TEXT: Record<string, string> = {
  fundamental: 'read-only tools: they look, never change a device',
  advanced:
    'single-device writes with dry-run diffs (devices opt in per capability flag; dry_run=true shows the change and writes nothing; every write answers changed, dry_run, change_id, summary, risk, diff, touched rows before/after, safety verdicts, protection and verification)',
  professional:
    'multi-device plans (plan_<topic> makes a plan: a dry run per device; every plan tool answers plan_id, status, content_hash, per-device diff, risk and verdicts, excluded devices, approval (approver, time, expiry), progress and next_step). A human reviews and approves a plan outside this conversation (routeros-mcp-admin plan show/approve ID); no tool can approve. Then plan_apply starts it (the plan id is the handle: follow it with plan_status or the plan://{plan_id}/execution-log resource)',
};

/** What a switched-off tier holds, for the sentence that says how to turn it on. */
const HIDDEN_TIER_TEXT: Record<string, string> = {
  fundamental: 'reads',
  advanced: 'single-device writes',
  professional: 'multi-device plans',
};

/** The sentence naming the tool sets that are off, and how to turn them on; empty when everything is listed. */
function hiddenSets(exposed: ExposedTools): string {
  const tiers = (exposed.hiddenTiers ?? []).map((t) => `${t} (${HIDDEN_TIER_TEXT[t] ?? t})`);
  const deepDives = exposed.hiddenTools ?? [];
  const parts = [
    tiers.length ? `tiers ${tiers.join(', ')}` : '',
    exposed.hiddenTopics.length ? `topics ${exposed.hiddenTopics.join(', ')}` : '',
    deepDives.length ? `deep-dive reads ${deepDives.join(', ')} (menu_print reads their menus; naming their topic lists them)` : '',
  ].filter(Boolean);
  if (!parts.length) return '';
  const how = exposed.readOnly
    ? 'writes stay off while ROUTEROS_MCP_READ_ONLY=true; topics come on with ROUTEROS_MCP_TOOLSETS'
    : 'an operator turns them on with ROUTEROS_MCP_TOOLSETS (e.g. default,professional,bridge, or all) and a restart';
  return `Tool sets switched off here (ROUTEROS_MCP_TOOLSETS): ${parts.join('; ')}; ${how}.`;
}

/** The server's instructions: what this instance really offers, so a model never looks for tools it does not have. */
export function serverInstructions(environment: Environment, exposed: ExposedTools): string {
  const tiers = exposed.tiers.map((tier) => TIER_TEXT[tier] ?? tier).join('; ');
  return [
    `RouterOS MCP manages MikroTik RouterOS v7 devices enrolled for the ${environment} environment.`,
    `This server offers ${tiers}.`,
    hiddenSets(exposed),
    'Usual first calls: device_list (it gives the device_id every device tool takes), then fleet_get_health_summary',
    'or system_get_overview for one device. List tools page with limit (default 50, at most 500) and cursor (pass',
    'next_cursor back) or offset; every list answer has total_count, has_more and next_cursor, and a listing of a',
    'RouterOS menu has items: its rows, objects of RouterOS properties. Keep matching rows',
    'with where, equal values ({"type":"ether","disabled":false}; booleans match yes/no too), and return some',
    'properties only with fields (property names). Values are typed: booleans, numbers (bytes, MTU, counters) and',
    'RouterOS text. Answers also echo the device_id they read. Tools refuse arguments they do not take.',
    exposed.topics.includes('menu')
      ? "Prefer a specific tool where one exists; for any other RouterOS menu (paths as RouterOS writes them, /ip/firewall/nat), menu_describe says what it holds, what its values accept and whether you may write there, and menu_print reads it." +
        (exposed.tiers.includes('advanced')
          ? ' menu_change writes it (operations applied together; dry_run first, then the same call without it; rows by id, or by where with expect_count; change_revert undoes it).'
          : '') +
        (exposed.tiers.includes('professional') ? ' plan_menu_changes makes the same operations a plan for many devices.' : '')
      : '',
  ]
    .filter(Boolean)
    .join(' ');
}
