import type { LiveRows, Row } from '@routeros-mcp/domain-changes';
import { RuleResult } from '../safety-context';
import { result } from '../safety-rule';
import { Check } from './check';
import { learnEndpoint, ServiceLogin } from './endpoint';
import { LOGIN_DEPENDENCIES, loginCut } from './login-check';
import { bondCheck, linkCheck, typedRemovalCheck, vrfCheck, wireguardCheck } from './carrier-checks';
import { ethernetLinkCheck } from './ethernet-link-check';
import { rpFilterCheck } from './rp-filter-check';
import { mangleRouteCheck } from './mangle-check';
import { firewallCheck } from './firewall-check';
import { addressCheck, interfaceCheck, vlanCheck } from './interface-checks';
import { routeCheck } from './route-check';
import { serviceCheck } from './service-check';
import { ownAddressCheck } from './own-address-check';
import { interfaceRenames, parseSnapshot } from './snapshot';
import { RULE, judge } from './verdict';
import { wirelessCheck } from './wireless-check';
import { stackMenus, stackOfMenu, WIRELESS_DEPENDENCIES, WIRELESS_SINGLETONS, WIRELESS_STACKS } from './wireless-stacks';

export type { ServiceLogin } from './endpoint';

/**
 * Menus of addressing, interfaces (with the Ethernet ports' link settings), routing, services (and the certificate
 * www-ssl presents), the firewall and the bridge settings (whether input rules see the client's bridge port) that
 * decide whether the path holds.
 */
const CORE_DEPENDENCIES: readonly string[] = [
  'ip/address', 'ipv6/address', 'interface', 'interface/ethernet', 'interface/bridge', 'interface/bridge/port', 'interface/bridge/vlan', 'interface/bridge/settings',
  'interface/vlan', 'interface/bonding', 'interface/list', 'interface/list/member', 'ip/dhcp-client', 'ip/route', 'routing/rule',
  'routing/table', 'ip/service', 'certificate', 'ip/firewall/filter', 'ip/firewall/raw', 'ip/firewall/nat', 'ip/firewall/address-list',
  'ipv6/firewall/filter', 'ipv6/firewall/address-list',
];

/**
 * Menus whose rows decide whether the service's connections reach the device: the core ones, and every menu that
 * decides what a radio offers its clients (wifi, wifiwave2, wireless and CAPsMAN interfaces, profiles, access lists,
 * provisioning), since the path may cross a radio.
 */
/**
 * Menus read only when a change writes them (a change that does not leaves them as they are): the users' menus,
 * static ARP entries, VRFs, the IP settings (rp-filter), mangle (routing marks) and WireGuard.
 */
const ON_WRITE_DEPENDENCIES: readonly string[] = [...LOGIN_DEPENDENCIES, 'ip/arp', 'ip/vrf', 'ip/settings', 'ip/firewall/mangle', 'interface/wireguard', 'interface/wireguard/peers'];

export const MANAGEMENT_PATH_DEPENDENCIES: readonly string[] = [...CORE_DEPENDENCIES, ...WIRELESS_DEPENDENCIES, ...ON_WRITE_DEPENDENCIES];

/** Menus that reveal the service's own connection as the device sees it (address, port, interface, bridge port). */
export const MANAGEMENT_PATH_OBSERVATIONS: readonly string[] = ['user/active', 'ip/firewall/connection', 'ip/arp', 'interface/bridge/host'];

/** The core menus `evaluateManagementPath` reads for any change that touches the path (see `managementPathReads`). */
export const MANAGEMENT_PATH_MENUS: readonly string[] = [...CORE_DEPENDENCIES, ...MANAGEMENT_PATH_OBSERVATIONS];

/** Wireless menus that hold one row. */
export const MANAGEMENT_PATH_SINGLETONS: readonly string[] = WIRELESS_SINGLETONS;

/**
 * What the pipeline reads live before a change writing `written` (none when it touches nothing the path depends
 * on): the core menus and observations, and the menus of every wireless stack it writes, with the stack's
 * registration table. Writing `/interface` (which can disable a CAPsMAN radio) adds the registration tables.
 * A stack the change does not write reads the same before and after, so it is left out rather than read.
 */
export function managementPathReads(written: readonly string[]): string[] {
  if (!written.some((menu) => MANAGEMENT_PATH_DEPENDENCIES.includes(menu))) return [];
  const stacks = WIRELESS_STACKS.filter((s) => written.some((menu) => stackOfMenu(menu) === s));
  const registrations = written.includes('interface') ? WIRELESS_STACKS.map((s) => s.registration) : [];
  // The users' menus (all three, which decide a login together) and the other on-write menus only when written.
  const logins = written.some((menu) => LOGIN_DEPENDENCIES.includes(menu)) ? LOGIN_DEPENDENCIES : [];
  const onWrite = ON_WRITE_DEPENDENCIES.filter((menu) => written.includes(menu));
  // A peer is judged with its interface: whether the client's interface is a WireGuard one.
  const wireguard = written.some((menu) => menu.startsWith('interface/wireguard')) ? ['interface/wireguard', 'interface/wireguard/peers'] : [];
  return [...new Set([...MANAGEMENT_PATH_MENUS, ...stacks.flatMap((s) => [...stackMenus(s), s.registration]), ...registrations, ...logins, ...onWrite, ...wireguard])];
}

const sameRow = (a: Row, b: Row): boolean => {
  if (a === b) return true;
  let keys = 0;
  for (const key in a) {
    if (a[key] !== b[key]) return false;
    keys++;
  }
  for (const _ in b) keys--;
  return keys === 0;
};

/** Whether a menu's rows differ between the states (order included), without serialising them. */
function differs(a: LiveRows, b: LiveRows, menu: string): boolean {
  const x = a[menu] ?? [];
  const y = b[menu] ?? [];
  return x !== y && (x.length !== y.length || x.some((row, i) => !sameRow(row, y[i])));
}

/**
 * Whether the service's connections (REST and SSH) still reach the device once `after` holds, learning the
 * service's own path from `before` (its session, connection tracking, ARP and bridge hosts). Pure: no I/O, the
 * same rows always give the same verdict. A change that touches no menu the path depends on passes at once; a path
 * that cannot be learned, or an answer resting on a construct this evaluation does not model, is `not_evaluated`.
 */
export function evaluateManagementPath(before: LiveRows, after: LiveRows, login: ServiceLogin): RuleResult {
  const touched = MANAGEMENT_PATH_DEPENDENCIES.filter((menu) => differs(before, after, menu));
  if (touched.length === 0) return result(RULE, 'pass', 'the change touches nothing the management path depends on');
  const cutLogin = loginCut(before, after, login);
  if (cutLogin) return result(RULE, 'fail', cutLogin, { check: 'login', touched_menus: touched });
  if (touched.every((menu) => LOGIN_DEPENDENCIES.includes(menu))) return result(RULE, 'pass', "the service's users still log in as they do now");
  const was = parseSnapshot(before);
  const learned = learnEndpoint(was, login);
  if (!learned.ok) {
    return result(RULE, 'not_evaluated', `the management path of '${login.username}' cannot be learned from the device: ${learned.missing}`, { touched_menus: touched });
  }
  const ep = learned.endpoint;
  const perService = ep.services.flatMap((s): Check[] => [
    serviceCheck(s), mangleRouteCheck(s), firewallCheck(s, 'established', false), firewallCheck(s, 'new', false), firewallCheck(s, 'established', true), firewallCheck(s, 'new', true),
  ]);
  const checks = [addressCheck, ownAddressCheck, typedRemovalCheck, interfaceCheck, linkCheck, ethernetLinkCheck, bondCheck, wireguardCheck, wirelessCheck, vlanCheck, vrfCheck, routeCheck, rpFilterCheck, ...perService];
  const unchanged = new Set(MANAGEMENT_PATH_DEPENDENCIES.filter((menu) => !touched.includes(menu)));
  return judge(checks, was, parseSnapshot(after, interfaceRenames(before, after), { snap: was, unchanged }), ep);
}
