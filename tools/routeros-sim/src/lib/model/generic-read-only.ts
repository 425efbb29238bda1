import type { Row } from '../rest/print-query';

/**
 * Read-only properties RouterOS computes on rows of menus served from the tree alone (model/generic-menus.ts). The
 * command trees name only what can be written, so these come from MikroTik's manual, page by page, with the value a
 * new row shows: counters start at zero, flags are off, a probe has not run yet. A name the menu's own arguments
 * have is never read-only there (generic-menus.ts leaves it out), so this list can never shadow a setting.
 * The list and its sources are in docs/simulator.md ("Read-only properties of generic menus").
 */
const RULE_COUNTERS: Row = { bytes: '0', packets: '0', invalid: 'false', dynamic: 'false' };

export const GENERIC_READ_ONLY: Readonly<Record<string, Readonly<Row>>> = {
  // MikroTik manual, Bridging and Switching ("Bridge Firewall"): rules count the bytes and packets they matched, and
  // print the I (invalid) and D (dynamic) flags.
  'interface/bridge/filter': RULE_COUNTERS,
  'interface/bridge/nat': RULE_COUNTERS,
  // MikroTik manual, Filter ("Stats"), which the IPv6 tables share: per-rule bytes and packets, invalid and dynamic
  // flags.
  'ipv6/firewall/mangle': RULE_COUNTERS,
  'ipv6/firewall/nat': RULE_COUNTERS,
  'ipv6/firewall/raw': RULE_COUNTERS,
  // MikroTik manual, DHCP ("DHCP Relay"): a relay whose interface or server is not usable is flagged invalid.
  'ip/dhcp-relay': { invalid: 'false' },
  // MikroTik manual, HotSpot ("User"): a user's statistics of the sessions it had, and whether the entry is dynamic.
  'ip/hotspot/user': { uptime: '0s', 'bytes-in': '0', 'bytes-out': '0', 'packets-in': '0', 'packets-out': '0', dynamic: 'false' },
  // MikroTik manual, Netwatch (the probe's status page; the CLI reference's read-only properties): a probe that has
  // not run yet is `unknown`, with no transition time and no tests done.
  'tool/netwatch': { status: 'unknown', since: '', 'done-tests': '0', 'failed-tests': '0' },
};

/** The read-only values of a generic menu's rows, without any name its `add`/`set` take. */
export function genericReadOnly(path: string, settable: readonly string[]): Row | undefined {
  const fields = GENERIC_READ_ONLY[path];
  if (!fields) return undefined;
  const kept = Object.entries(fields).filter(([name]) => !settable.includes(name));
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}
