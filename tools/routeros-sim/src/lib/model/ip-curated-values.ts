import type { ArgContext } from './arg-rules';
import { DHCP, DHCP_VALUES } from './dhcp-values';
import type { RefRule } from './generic-refs';
import { boolRule, numRule, refRule, ruleOf, SourcedRule, wordRule } from './value-rule-builders';

/**
 * Value syntax of curated `/ip` and `/ipv6` menus' arguments (`dhcp-client`, `route`, `service`, `ssh`, IPv6
 * `address`) that neither the tree nor a curated rule describes, read from MikroTik's CLI reference of each menu
 * (`source`). Reached from model/arg-rules.ts after the menus' own rules. References here follow renames
 * (model/value-rule-refs.ts). Left free, and why: docs/simulator.md.
 */
const CLI = 'https://manual.mikrotik.com/docs/cli-reference';
const DHCP_CLIENT = `${CLI}/ip/dhcp-client.md`;
const ROUTE = `${CLI}/ip/route.md`;
const ROUTE6 = `${CLI}/ipv6/route.md`;
const SERVICE = `${CLI}/ip/service.md`;
const SSH = `${CLI}/ip/ssh.md`;
const ADDRESS6 = `${CLI}/ipv6/address.md`;

const CHECK_GATEWAY = ['arp', 'bfd', 'none', 'ping'];
/** `iface_enum`: an interface by name, refused as `…any value of interface` as the curated interface arguments are. */
const INTERFACE: RefRule = { menus: ['interface'], noun: 'interface' };

/** A route's arguments, the same on both families' pages (`check-gateway`, `num` scopes, `vrf-interface`). */
const route = (source: string): Record<string, SourcedRule> => ({
  'check-gateway': wordRule(CHECK_GATEWAY, source),
  scope: numRule(source),
  'target-scope': numRule(source),
  'vrf-interface': refRule(INTERFACE, source),
});

export const IP_CURATED_VALUES: Record<string, Record<string, SourcedRule>> = {
  'ip/dhcp-client': {
    'allow-reconfigure': boolRule(DHCP_CLIENT),
    'check-gateway': wordRule(CHECK_GATEWAY, DHCP_CLIENT),
    'default-route-distance': numRule(DHCP_CLIENT),
    // The same `table[:distance]` entries as the DHCPv6 client's (model/dhcp-values.ts), read when checked: that
    // table may still be loading when this one is built.
    'default-route-tables': { source: DHCP_CLIENT, check: (key, value, ctx) => DHCP_VALUES['ipv6/dhcp-client']['default-route-tables'].check(key, value, ctx) },
    // Options of /ip/dhcp-client/option by name (`multi { enum }`); `hostname`, `clientid` and `clientid_duid` are
    // the built-in ones the DHCP page lists (the default is `hostname,clientid`).
    'dhcp-options': refRule({ menus: ['ip/dhcp-client/option'], keywords: ['clientid', 'clientid_duid', 'hostname'], list: true }, `${DHCP_CLIENT} ${DHCP}`),
    dscp: numRule(DHCP_CLIENT),
    'use-broadcast': wordRule(['always', 'both', 'never'], DHCP_CLIENT),
    'vlan-priority': numRule(DHCP_CLIENT),
  },
  'ip/route': route(ROUTE),
  'ipv6/route': route(ROUTE6),
  'ip/service': {
    'max-sessions': numRule(SERVICE),
    port: numRule(SERVICE),
    'tls-version': wordRule(['any', 'only-1.2'], SERVICE),
    // `enum` naming /ip/vrf rows; `main` is the default VRF (the VRF page), as the logging action's `vrf`.
    vrf: refRule({ menus: ['ip/vrf'], keywords: ['main'] }, SERVICE),
  },
  // `multi { enum (aes-gcm | aes-ctr | aes-cbc | 3des-cbc | null | auto) }` (exports write `ciphers=auto`).
  'ip/ssh': { ciphers: ruleOf({ kind: 'enum', values: ['3des-cbc', 'aes-cbc', 'aes-ctr', 'aes-gcm', 'auto', 'null'], list: true, source: SSH }) },
  'ipv6/address': {
    'auto-link-local': boolRule(ADDRESS6),
    // `enum` naming /ipv6/pool rows (the address is taken from that pool).
    'from-pool': refRule({ menus: ['ipv6/pool'] }, ADDRESS6),
  },
};

/** The rule's stored form for one of these curated menus' arguments, or undefined when no rule here covers it. */
export function ipCuratedValue(key: string, value: string, ctx: ArgContext): string | undefined {
  return IP_CURATED_VALUES[ctx.path]?.[key]?.check(key, value, ctx);
}
