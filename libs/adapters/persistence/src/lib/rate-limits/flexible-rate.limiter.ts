import type { RateDecision, RateLimiter } from '@routeros-mcp/application-ports';
import { createHash } from 'node:crypto';
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterPostgres } from 'rate-limiter-flexible';
import { Database } from '../database';
import { BatchedConsumer } from './batched-consumer';

type Tier = Parameters<RateLimiter['consume']>[1];

/** Calls allowed per principal per minute, by tier. */
export type TierRateLimits = Record<Tier, number>;

/** The table (migration RateLimits1767657600000) where rate-limiter-flexible keeps every replica's counters. */
export const RATE_LIMIT_TABLE = 'rate_limits';
const WINDOW_S = 60;
const TIERS: readonly Tier[] = ['fundamental', 'advanced', 'professional'];

/** A principal's key: its id, hashed when long (the table's key is 255 characters, prefix included). */
function keyOf(principalId: string): string {
  return principalId.length <= 200 ? principalId : `sha256:${createHash('sha256').update(principalId).digest('base64url')}`;
}

/**
 * Per principal and tier, a fixed one-minute window of `limits[tier]` calls, with rate-limiter-flexible. On
 * PostgreSQL the counters live in one table every replica shares (created by our migration, so the server needs no
 * CREATE right at run time and the table survives restarts); if the database cannot be reached, a per-process
 * in-memory limiter of the same size stands in (the library's insurance) rather than refusing or allowing all. On
 * SQLite (one process) the counters are in memory. A refused call does not move the window: the library adds the
 * point but keeps the window's expiry, so a caller that retries after `retryAfterMs` gets in. Concurrent calls of
 * one principal are charged in batches (BatchedConsumer): one upsert per upsert time, each call still decided by
 * the shared counter. Once a principal's window is spent, this replica refuses it from memory until the window ends
 * (the library's in-memory block): the upserts of a caller hammering past its limit do not reach the database.
 */
export class FlexibleRateLimiter implements RateLimiter {
  private readonly limiters: Record<Tier, BatchedConsumer>;

  private constructor(make: (tier: Tier, points: number) => RateLimiterAbstract, limits: TierRateLimits) {
    this.limiters = Object.fromEntries(TIERS.map((tier) => [tier, new BatchedConsumer(make(tier, limits[tier]), limits[tier])])) as Record<Tier, BatchedConsumer>;
  }

  /** Shared by every replica on the database (PostgreSQL), or per process (SQLite). */
  static forDatabase(db: Database, limits: TierRateLimits): FlexibleRateLimiter {
    return db.dialect === 'postgres' ? FlexibleRateLimiter.postgres(db, limits) : FlexibleRateLimiter.memory(limits);
  }

  static memory(limits: TierRateLimits): FlexibleRateLimiter {
    return new FlexibleRateLimiter((tier, points) => new RateLimiterMemory({ keyPrefix: `rate:${tier}`, points, duration: WINDOW_S }), limits);
  }

  static postgres(db: Database, limits: TierRateLimits): FlexibleRateLimiter {
    return new FlexibleRateLimiter(
      (tier, points) =>
        new RateLimiterPostgres({
          // TypeORM's pool: no connection of its own.
          storeClient: db.dataSource,
          storeType: 'typeorm',
          tableName: RATE_LIMIT_TABLE,
          tableCreated: true,
          keyPrefix: `rate:${tier}`,
          points,
          duration: WINDOW_S,
          inMemoryBlockOnConsumed: points + 1,
          insuranceLimiter: new RateLimiterMemory({ keyPrefix: `rate:${tier}`, points, duration: WINDOW_S }),
        }),
      limits,
    );
  }

  async consume(principalId: string, tier: Tier): Promise<RateDecision> {
    const { allowed, retryAfterMs, remaining } = await this.limiters[tier].consume(keyOf(principalId));
    return { allowed, retryAfterMs, remaining };
  }
}
