import type { Environment } from '@routeros-mcp/domain-kernel';

export const SERVER_NAME = 'routeros-mcp';
export const SUPPORTED_ROUTEROS_VERSIONS = '7.x (tested against 7.15 and 7.20 command trees)';

export function serverInstructions(environment: Environment): string {
  return [
    `RouterOS MCP manages MikroTik RouterOS v7 devices enrolled for the ${environment} environment.`,
    'Tools come in tiers: fundamental (read-only), advanced (single-device writes with dry-run diffs) and',
    'professional (multi-device plans a human approves out of band). Devices opt in to writes per capability flag.',
    'Usual first calls: device_list (it gives the device_id every device tool takes), then fleet_get_health_summary',
    'or system_get_overview for one device. List tools page with limit (default 50, at most 500) and cursor (pass',
    'next_cursor back) or offset,',
    'keep only matching rows with where ({"type": "ether"}) and return only some properties with fields.',
  ].join(' ');
}
