import type { Row } from '../rest/print-query';

/** One flag of a `print`: its letter, the name the legend gives it, and the property that sets it. */
export interface PrintFlag {
  letter: string;
  name: string;
  property: string;
}

/**
 * A menu's flags in groups: the flags of a group share one column of the flags field (the first that is set
 * shows), groups are separated by `;` in the legend (`Flags: X - DISABLED, I - INVALID; D - DYNAMIC`).
 */
export type FlagGroups = PrintFlag[][];

const flag = (letter: string, property: string, name = property.toUpperCase()): PrintFlag => ({ letter, name, property });
const X = flag('X', 'disabled');
const I = flag('I', 'invalid');
const D = flag('D', 'dynamic');

/** The flags most menus have (RouterOS 7's firewall, addresses, lists). */
const GENERIC: FlagGroups = [[X, I], [D]];

/**
 * Menus whose flags differ from the generic ones, after RouterOS 7's legends (MikroTik's manual pages for these
 * menus and captured consoles). Only properties the simulator keeps can set a flag.
 */
const BY_MENU: [RegExp, FlagGroups][] = [
  [/^ip(v6)?\/route$/, [[D], [X, flag('I', 'inactive'), flag('A', 'active')], [flag('C', 'connect'), flag('S', 'static'), flag('d', 'dhcp')]]],
  [/^interface\/bridge\/port$/, [[flag('I', 'inactive'), X], [D], [flag('H', 'hw', 'HW-OFFLOAD')]]],
  // Certificates manual: K - PRIVATE-KEY; L - CRL; A - AUTHORITY; I - ISSUED, R - REVOKED; E - EXPIRED; T - TRUSTED.
  [/^certificate$/, [[flag('K', 'private-key')], [flag('L', 'crl')], [flag('A', 'authority')], [flag('I', 'issued'), flag('R', 'revoked')], [flag('E', 'expired')], [flag('T', 'trusted')]]],
  [/^ip\/dhcp-server\/lease$/, [[X], [flag('R', 'radius')], [D], [flag('B', 'blocked')]]],
  [/^(interface|interface\/(ethernet|bridge|vlan|wifi|wireless|wireguard|bonding|veth|eoip|eoipv6|gre|gre6|ipip|ipipv6|6to4|vxlan|macvlan|vrrp|lte|pppoe-client|l2tp-client|sstp-client|ovpn-client|pptp-client|pppoe-server|l2tp-server|sstp-server|ovpn-server|pptp-server|vpls|l2tp-ether|macsec|mesh))$/, [[D], [X], [flag('R', 'running')], [flag('S', 'slave')]]],
];

export function flagGroups(path: string): FlagGroups {
  return BY_MENU.find(([pattern]) => pattern.test(path))?.[1] ?? GENERIC;
}

/** Every property a flag shows: `detail` and `terse` print these as the flags field, not as `name=value`. */
export function flagProperties(groups: FlagGroups): Set<string> {
  return new Set(groups.flat().map((f) => f.property));
}

const isSet = (row: Row, f: PrintFlag) => row[f.property] === 'true';

/**
 * The flags of the printed rows. Chosen without a source for the whole set: only the groups with a flag set on
 * some printed row get a column and a legend entry, and a print with none has no `Flags:` line and no flags field
 * (as a captured RouterOS 7 `/ip address print` of rows without flags shows).
 */
export function rowFlags(groups: FlagGroups, rows: Row[]): { legend?: string; width: number; of(row: Row): string } {
  const used = groups.map((g) => g.filter((f) => rows.some((r) => isSet(r, f)))).filter((g) => g.length > 0);
  return {
    legend: used.length === 0 ? undefined : `Flags: ${used.map((g) => g.map((f) => `${f.letter} - ${f.name}`).join(', ')).join('; ')}`,
    width: used.length,
    of: (row) => used.map((g) => g.find((f) => isSet(row, f))?.letter ?? ' ').join(''),
  };
}
