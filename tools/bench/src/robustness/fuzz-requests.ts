import type { SeededRandom } from './seeded-random';
import { oddString } from './fuzz-values';

export const DEVICE = 'dev-0';
const d = { device_id: DEVICE };

/** Real tools with arguments they accept against the simulated device (a home-profile router). */
export const TOOL_CALLS: Record<string, Record<string, unknown>> = {
  device_list: {},
  device_get: d,
  device_check_connectivity: d,
  fleet_get_health_summary: {},
  service_get_health: {},
  system_get_overview: d,
  system_get_packages: { ...d, limit: 5 },
  system_get_clock: d,
  system_get_health: d,
  interface_list: { ...d, where: { disabled: false }, fields: ['name', 'type'] },
  interface_get: { ...d, interface: 'ether1' },
  interface_get_traffic: { ...d, interfaces: ['ether1'] },
  bridge_list: d,
  bridge_list_ports: d,
  ip_list_addresses: d,
  ip_get_arp_table: d,
  dns_get_status: d,
  dns_get_cache: d,
  ntp_get_status: d,
  dhcp_get_server_status: d,
  dhcp_list_leases: d,
  routing_get_summary: d,
  routing_list_routes: { ...d, limit: 3 },
  firewall_list_filter_rules: d,
  firewall_list_nat_rules: d,
  firewall_list_address_lists: d,
  logs_get_recent: { ...d, limit: 5 },
  logs_get_config: d,
  wireless_list_interfaces: d,
  wireless_list_clients: d,
  diagnostics_ping: { ...d, address: '127.0.0.1', count: 1 },
  config_get_export: { ...d, sections: ['/ip firewall filter'] },
  audit_list_events: { limit: 5 },
};

const URIS = ['fleet://health-summary', 'fleet://devices', 'audit://events/recent', `device://${DEVICE}/overview`, `device://${DEVICE}/health`, `device://${DEVICE}/interfaces`, `device://${DEVICE}/logs`, 'fleet://devices/lab', 'device://nope/overview', 'nope://x'];
const LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/** Valid params for every method the server answers (and a few it does not know). */
export function validParams(rng: SeededRandom, method: string): Record<string, unknown> | undefined {
  switch (method) {
    case 'tools/call': {
      const name = rng.pick(Object.keys(TOOL_CALLS));
      return { name, arguments: structuredClone(TOOL_CALLS[name]) };
    }
    case 'resources/read':
    case 'resources/subscribe':
    case 'resources/unsubscribe':
      return { uri: rng.pick(URIS) };
    case 'prompts/get':
      return rng.pick([{ name: 'security-audit', arguments: d }, { name: 'fleet-health-review', arguments: {} }, { name: 'troubleshoot-device', arguments: { ...d, symptom: oddString(rng) } }, { name: 'no-such-prompt', arguments: {} }]);
    case 'completion/complete':
      return rng.pick([
        { ref: { type: 'ref/prompt', name: 'security-audit' }, argument: { name: 'device_id', value: 'de' } },
        { ref: { type: 'ref/resource', uri: 'device://{device_id}/overview' }, argument: { name: 'device_id', value: '' } },
      ]);
    case 'logging/setLevel':
      return { level: rng.pick(LEVELS) };
    case 'initialize':
      return { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'again', version: '1' } };
    case 'ping':
      return rng.chance(0.5) ? undefined : {};
    default:
      return rng.chance(0.5) ? undefined : {};
  }
}

export const METHODS = ['ping', 'tools/list', 'tools/call', 'tools/call', 'tools/call', 'resources/list', 'resources/templates/list', 'resources/read', 'resources/subscribe', 'resources/unsubscribe', 'prompts/list', 'prompts/get', 'completion/complete', 'logging/setLevel', 'initialize', 'no/such/method', 'notifications/initialized'];
