import { MANAGEMENT_PATH_DEPENDENCIES } from '../management-path/management-path';
import { ROW_READS } from './menu-commands';

/**
 * How a write to a menu can affect the service's reach to the device:
 * - `none`: it cannot (metadata, time, logging, monitoring, or a menu nothing can be written to);
 * - `modelled`: the management-path evaluation models the menu, so a write there is judged on the after-state;
 * - `unmodelled`: anything else, which may carry traffic or identity; such writes run under protection (safe mode
 *   or a revert timer) with verification over a fresh connection, and on `prod` only through an approved plan.
 */
export type MenuReach = 'none' | 'modelled' | 'unmodelled';

export interface MenuReachVerdict {
  reach: MenuReach;
  why: string;
}

/** Commands that read or watch, never write: a menu with no other command cannot be changed. */
export const READ_COMMANDS: ReadonlySet<string> = new Set([...ROW_READS, 'monitor', 'monitor-traffic']);

/**
 * Menus a write to which cannot change how the service reaches the device, each with the reason. Listed one by one:
 * a menu missing from this list and from the management path's dependencies is `unmodelled`, never `none`.
 */
export const NO_REACH_MENUS: Readonly<Record<string, string>> = {
  'system/identity': "the device's name; the service reaches it by its enrolled address",
  'system/note': 'a note shown at login',
  'system/clock': "the device's time and time zone; the service pins the device's TLS and SSH identities, not their dates",
  'system/clock/manual': "the device's time zone rules",
  'system/ntp/client': "the device's time source",
  'system/ntp/client/servers': "the device's time sources",
  'system/ntp/server': 'the time the device serves to others',
  'system/ntp/key': 'keys of the time service',
  'ip/dns': "the device's resolver; the service resolves the device's host name on its own side",
  'ip/dns/static': "names the device's resolver answers",
  'ip/dns/forwarders': "the device's resolver's upstreams",
  'ip/dns/adlist': "the device's resolver's block lists",
  'ip/dns/cache': "the device's resolver's cache",
  'ip/dns/cache/all': "the device's resolver's cache",
  snmp: 'monitoring by SNMP',
  'snmp/community': 'SNMP communities',
  'system/logging': 'what the device logs, and where',
  'system/logging/action': 'where the device sends its log',
  'system/leds': "the device's LEDs",
  'system/leds/settings': "the device's LEDs",
  'tool/graphing': 'graphs the device draws',
  'tool/graphing/interface': 'graphs the device draws',
  'tool/graphing/queue': 'graphs the device draws',
  'tool/graphing/resource': 'graphs the device draws',
  'tool/e-mail': 'the server the device sends mail through',
  'system/script/environment': "scripts' global variables (the scripts that read them are writes of their own menus)",
};

/**
 * The reach of a write to `menu` (RouterOS's form without the leading slash: `ip/firewall/nat`), given the
 * commands the device's command tree lists for it.
 */
export function menuReach(menu: string, commands: Iterable<string>): MenuReachVerdict {
  if (MANAGEMENT_PATH_DEPENDENCIES.includes(menu)) return { reach: 'modelled', why: 'the management-path evaluation models this menu: a write is judged on the state it leaves' };
  const none = NO_REACH_MENUS[menu];
  if (none !== undefined) return { reach: 'none', why: none };
  if ([...commands].every((c) => READ_COMMANDS.has(c))) return { reach: 'none', why: 'nothing in this menu can be written' };
  return { reach: 'unmodelled', why: 'the management-path evaluation does not model this menu, and a write there may carry traffic or identity' };
}

/**
 * The written menus the management-path evaluation does not model (their reach is `unmodelled`): the pipeline writes
 * to them only under protection, and verifies over new connections before keeping the change.
 */
export function unmodelledMenus(written: Iterable<string>): string[] {
  return [...new Set(written)].filter((menu) => menuReach(menu, ['set']).reach === 'unmodelled');
}
