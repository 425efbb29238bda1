/** Label values from outside (client names, principals, tiers) kept short, printable and few. */

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

/**
 * Remembers up to `max` distinct (principal, client) pairs; later new pairs are reported as (`other`, `other`), so a
 * flood of invented client names cannot grow the series without bound.
 */
export class PairCap {
  private readonly seen = new Set<string>();
  constructor(private readonly max: number) {}

  labels(principal: string, client: string): { principal: string; client: string } {
    const key = `${principal}\u0000${client}`;
    if (this.seen.has(key)) return { principal, client };
    if (this.seen.size >= this.max) return { principal: 'other', client: 'other' };
    this.seen.add(key);
    return { principal, client };
  }
}
