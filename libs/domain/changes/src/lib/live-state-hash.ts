import { canonicalHash, isSecretRouterOsProperty } from '@routeros-mcp/domain-kernel';
import { READ_ONLY_PROPERTIES } from './inverse-operations';
import type { LiveRows, Row } from './row-operation';

/**
 * Properties that change on an idle device (counters, clocks, runtime status) or that RouterOS computes: left out
 * of a state hash so the same configuration hashes the same twice. `.id` stays: a row removed and added again is
 * a different row.
 */
export const VOLATILE_PROPERTIES: ReadonlySet<string> = new Set([
  ...[...READ_ONLY_PROPERTIES].filter((p) => p !== '.id'),
  // ip/dns
  'cache-used', 'dynamic-servers', 'doh-servers-status',
  // system/ntp/client
  'freq-drift', 'synced-server', 'synced-stratum', 'system-offset', 'last-update-from', 'last-update-before', 'last-adjustment', 'last-bad-packet-from', 'last-bad-packet-before', 'last-bad-packet-reason',
  // address lists: an entry's timeout counts down
  'timeout',
  // generic counters and runtime fields
  'uptime', 'since', 'last-link-up-time', 'last-link-down-time', 'link-downs', 'rx-byte', 'tx-byte', 'rx-packet', 'tx-packet', 'fp-rx-byte', 'fp-tx-byte', 'fp-rx-packet', 'fp-tx-packet',
]);

/** The configuration a row holds: volatile properties left out, secret values replaced by a marker. */
function stableRow(row: Row): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(row)) {
    if (VOLATILE_PROPERTIES.has(key)) continue;
    // A hash of a secret could be guessed offline for a weak one: only its presence counts.
    out[key] = isSecretRouterOsProperty(key) ? (value === '' ? '' : '[secret]') : value;
  }
  return out;
}

/** A hash of some sections' live state (the menus a planner reads), and one per section to name what drifted. */
export interface LiveStateDigest {
  hash: string;
  sections: Record<string, string>;
}

/** SHA-256 of the RFC 8785 form of each section's stable rows (in the device's order), and of them all. */
export function liveStateDigest(live: LiveRows, menus: readonly string[]): LiveStateDigest {
  const sections: Record<string, string> = {};
  for (const menu of [...new Set(menus)].sort()) sections[menu] = canonicalHash((live[menu] ?? []).map(stableRow));
  return { hash: canonicalHash(sections), sections };
}

/** The sections whose hash differs between two digests (including sections only one of them has). */
export function driftedSections(before: Readonly<Record<string, string>>, now: Readonly<Record<string, string>>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(now)])].filter((menu) => before[menu] !== now[menu]).sort();
}
