import type { DeviceState, DeviceUser } from '../model/device-state';
import type { Row } from './print-query';
import { errors } from './rest-error';

/** Menus whose writes manage users: RouterOS needs the `policy` policy besides `write` (manual, User: Config Policies). */
const POLICY_MENUS = new Set(['user', 'user/group', 'user/ssh-keys', 'user/settings', 'user/active']);

/** Commands that read or test rather than change the configuration, and the policy each needs instead of `write`. */
const COMMAND_POLICIES: Record<string, string[]> = {
  'tool/ping': ['test'], ping: ['test'], 'tool/traceroute': ['test'], 'tool/flood-ping': ['test'],
  'interface/monitor-traffic': ['read'], 'tool/torch': ['read'], 'file/read': ['read'],
  'system/reboot': ['reboot'], 'system/shutdown': ['reboot'], 'system/check-disk': ['reboot'],
  // Monitors read (rest/monitor-commands.ts).
  'interface/ethernet/monitor': ['read'], 'interface/ethernet/cable-test': ['read'], 'interface/bridge/monitor': ['read'], 'interface/bridge/port/monitor': ['read'],
  'interface/bonding/monitor': ['read'], 'system/resource/monitor': ['read'],
  // Issue 23's last commands: a reset reboots and replaces users (rest/reset-configuration-command.ts); scans and
  // monitors read; configuration exports print private keys, which needs `sensitive` (chosen).
  'system/reset-configuration': ['reboot', 'write', 'policy'],
  'tool/ip-scan': ['read'], 'tool/ping-speed': ['test'], 'tool/profile': ['read'], 'tool/sniffer/quick': ['sniff'], 'interface/mesh/traceroute': ['test'],
  'interface/bonding/monitor-slaves': ['read'], 'routing/stats/info': ['read'], 'routing/nexthop/dump-dot': ['read'], 'console/inspect': ['read'],
  'ip/ssh/export-host-key': ['read', 'sensitive'],
  'interface/wireguard/wg-export': ['read', 'sensitive'], 'interface/wireguard/peers/show-client-config': ['read', 'sensitive'],
  // `/password` needs the `password` policy, not `write` (manual, User: "Change a password").
  password: ['password'],
};

/**
 * The policies a write of `menu` (or the command `menu/command`) needs: `write`, plus `policy` on the user menus;
 * ping and traceroute need `test`, reboot `reboot` (MikroTik manual, User: Config Policies).
 */
export function policiesFor(menu: string, command?: string): string[] {
  const path = command === undefined ? menu : menu ? `${menu}/${command}` : command;
  // Every `monitor` reads (rest/monitor-commands.ts, rest/link-monitor-commands.ts), and so does `recursive-print`.
  return COMMAND_POLICIES[path] ?? (/(^|\/)(monitor(-peers)?|recursive-print)$/.test(path) ? ['read'] : POLICY_MENUS.has(menu) ? ['write', 'policy'] : ['write']);
}

/** Refuses `user` as RouterOS does when its group lacks one of `needed`: 400 `not enough permissions (9)`. */
export function assertPolicies(state: DeviceState, user: DeviceUser, needed: string[]): void {
  const granted = state.policiesOf(user.name);
  if (needed.some((p) => !granted.includes(p))) throw errors.notAllowed();
}

/** Rows as `user` reads them: without the menu's secrets unless its group has `sensitive` (manual, User). */
export function forReader(state: DeviceState, user: DeviceUser, menu: string, rows: Row[]): Row[] {
  const secrets = state.menu(menu)?.sensitive ?? [];
  if (secrets.length === 0 || state.policiesOf(user.name).includes('sensitive')) return rows;
  return rows.map((row) => Object.fromEntries(Object.entries(row).filter(([k]) => !secrets.includes(k))));
}
