import type { LiveRows } from '@routeros-mcp/domain-changes';
import { RuleResult } from '../safety-context';
import { result } from '../safety-rule';

const RULE = { id: 'PROTECT_MANAGEMENT_PATH' };

/** Menus whose rows decide whether the service's connections reach the device. */
export const MANAGEMENT_PATH_DEPENDENCIES: readonly string[] = [
  'ip/address', 'ipv6/address', 'interface', 'interface/bridge', 'interface/bridge/port', 'interface/bridge/vlan',
  'interface/vlan', 'interface/bonding', 'interface/list', 'interface/list/member', 'ip/route', 'routing/rule',
  'routing/table', 'ip/service', 'ip/firewall/filter', 'ip/firewall/raw', 'ip/firewall/address-list',
  'ipv6/firewall/filter', 'ipv6/firewall/address-list',
];

/** Menus that reveal the service's own connection as the device sees it (address, port, interface, bridge port). */
export const MANAGEMENT_PATH_OBSERVATIONS: readonly string[] = ['user/active', 'ip/firewall/connection', 'ip/arp', 'interface/bridge/host'];

/** Everything `evaluateManagementPath` reads: the pipeline reads these live before every write. */
export const MANAGEMENT_PATH_MENUS: readonly string[] = [...MANAGEMENT_PATH_DEPENDENCIES, ...MANAGEMENT_PATH_OBSERVATIONS];

/** Who the service is on the device: its login and the ports it connects to. */
export interface ServiceLogin {
  username: string;
  restPort: number;
  sshPort: number;
}

const differs = (a: LiveRows, b: LiveRows, menu: string) => JSON.stringify(a[menu] ?? []) !== JSON.stringify(b[menu] ?? []);

/**
 * Whether the service's connections (REST and SSH) still reach the device once `after` holds, learning the
 * service's own path from `before`. Pure: no I/O, the same rows always give the same verdict.
 * A change that touches no menu the path depends on passes without further analysis; anything else is
 * `not_evaluated` (fail closed) until the full evaluation lands.
 */
export function evaluateManagementPath(before: LiveRows, after: LiveRows, login: ServiceLogin): RuleResult {
  const touched = MANAGEMENT_PATH_DEPENDENCIES.filter((menu) => differs(before, after, menu));
  if (touched.length === 0) return result(RULE, 'pass', 'the change touches nothing the management path depends on');
  return result(RULE, 'not_evaluated', `the change touches ${touched.join(', ')}, which the management path of '${login.username}' depends on, and that cannot be evaluated yet`, {
    touched_menus: touched,
  });
}
