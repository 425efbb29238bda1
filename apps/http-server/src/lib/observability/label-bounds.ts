import type { Role } from '@routeros-mcp/mcp-protocol';

/** Label values from outside (client names, roles, tiers) kept short, printable and few. */

const UNSAFE = /[^A-Za-z0-9._@:/ -]/g;

/** A client-supplied name as a label: printable ASCII only, at most `max` characters, `unknown` when empty. */
export function labelValue(value: string | undefined, max = 64): string {
  const clean = (value ?? '').replace(UNSAFE, '_').trim().slice(0, max);
  return clean === '' ? 'unknown' : clean;
}

/** A value from a small fixed vocabulary (tiers, error codes): anything else is `other`. */
export function vocabularyValue(value: string | undefined, pattern: RegExp): string {
  return value !== undefined && pattern.test(value) ? value : 'other';
}

/** Every role, in the order a label lists them (a new role that is missing here fails to compile). */
const ROLE_ORDER: Readonly<Record<Role, number>> = { read_only: 0, ops_rw: 1, admin: 2, approver: 3 };

/**
 * A caller's roles as one label value (`admin+approver`): what metrics say about who called, never the identity.
 * `local` for a caller without roles (stdio), `none` for a principal holding none; unknown names are left out, so
 * there are at most 2^4 + 1 values.
 */
export function roleLabel(roles: readonly string[] | undefined): string {
  if (roles === undefined) return 'local';
  const known = [...new Set(roles)].filter((r): r is Role => Object.hasOwn(ROLE_ORDER, r)).sort((a, b) => ROLE_ORDER[a] - ROLE_ORDER[b]);
  return known.length === 0 ? 'none' : known.join('+');
}

/**
 * Remembers up to `max` distinct (role, client) pairs; later new pairs are reported as (`other`, `other`), so a
 * flood of invented client names cannot grow the series without bound.
 */
export class PairCap {
  private readonly seen = new Set<string>();
  constructor(private readonly max: number) {}

  labels(role: string, client: string): { role: string; client: string } {
    const key = `${role}\u0000${client}`;
    if (this.seen.has(key)) return { role, client };
    if (this.seen.size >= this.max) return { role: 'other', client: 'other' };
    this.seen.add(key);
    return { role, client };
  }
}
