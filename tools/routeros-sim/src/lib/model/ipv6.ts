/**
 * IPv6 beyond addresses (MikroTik's IPv6 Routing, Neighbor Discovery, Pool and DHCPv6 client/server pages, and the
 * command trees): static routes beside the connected ones RouterOS derives from `/ipv6/address`, ND with its
 * built-in row for all interfaces, pools, and the DHCPv6 client and server. No protocol runs: no router
 * advertisement is sent, no DHCPv6 server answers (status fields as a router with no upstream server shows them).
 */
import type { MenuSpec } from './menu-spec';
import { DHCP6_MENUS } from './ipv6-dhcp';
import { ND_MENUS } from './ipv6-nd';
import { IPV6_ROUTE_MENU } from './ipv6-routes';

export { checkDhcpClient, checkPool, duidOf } from './ipv6-dhcp';
export { advertisedPrefixes, checkNdPrefix, ND_DEFAULTS, raInterval } from './ipv6-nd';
export { ipv6ConnectedRoutes, ipv6Gateway } from './ipv6-routes';
export { ipv6Prefix } from './ipv6-values';

export const IPV6_MENUS: MenuSpec[] = [IPV6_ROUTE_MENU, ...ND_MENUS, ...DHCP6_MENUS];
