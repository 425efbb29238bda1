export interface RateDecision {
  allowed: boolean;
  /** When refused: how long until one more call is allowed. */
  retryAfterMs: number;
  remaining: number;
}

export const RateLimiter = Symbol.for('RateLimiter');
/**
 * Calls per principal and tier per minute, shared by every replica on PostgreSQL (rate-limiter-flexible's
 * table), per process on SQLite. A refused call costs nothing.
 */
export interface RateLimiter {
  consume(principalId: string, tier: 'fundamental' | 'advanced' | 'professional'): Promise<RateDecision>;
}
