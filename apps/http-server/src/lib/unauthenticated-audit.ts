import type { AuthFailureKind } from '@routeros-mcp/composition';
import { randomUUID } from 'node:crypto';

/** A request refused with 401, as its audit record keeps it: never the token, nor any part of it. */
export interface UnauthenticatedRefusal {
  reason: Exclude<AuthFailureKind, 'unavailable'>;
  /** The refusal as the client was told it (descriptions never quote a credential). */
  description: string;
  clientAddress: string;
}

/** What is written: the record's correlation id and arguments (the principal and action are the writer's). */
export interface UnauthenticatedRecord {
  correlationId: string;
  arguments: Record<string, unknown>;
}

/**
 * Records of 401s, at most `perMinute` a minute per process (bursts of as many, one more every 60/perMinute s).
 * Anyone can send a request with a bad token, so every one of them written would let a flood fill the database: at
 * the default 30, a flood lasting a day writes 43,200 rows per replica (about 20 MB), as much as a busy day of tool
 * calls, while a client with a wrong or expired token, which retries a few times a minute, still has every refusal
 * recorded. What the bound leaves out is not lost: the next record says how many were (`unrecorded_before`), a
 * last one at shutdown does the same, and the metric counts each refusal.
 */
export class UnauthenticatedAudit {
  private available: number;
  private refilledAt: number;
  private unrecorded = 0;
  private readonly intervalMs: number;

  constructor(
    private readonly write: (record: UnauthenticatedRecord) => Promise<void>,
    private readonly perMinute = 30,
    private readonly now: () => number = Date.now,
  ) {
    this.available = perMinute;
    this.refilledAt = now();
    this.intervalMs = 60_000 / perMinute;
  }

  /** Writes the refusal's record if the bound allows; its correlation id, or undefined when it was only counted. */
  async record(refusal: UnauthenticatedRefusal): Promise<string | undefined> {
    if (!this.take()) {
      this.unrecorded++;
      return undefined;
    }
    const correlationId = randomUUID();
    await this.write({ correlationId, arguments: { reason: refusal.reason, description: refusal.description, client_address: refusal.clientAddress, ...this.takeUnrecorded() } });
    return correlationId;
  }

  /** At shutdown: how many refusals since the last record went unrecorded, as a record of its own (none if none). */
  async flush(): Promise<void> {
    if (this.unrecorded === 0) return;
    await this.write({ correlationId: randomUUID(), arguments: { reason: 'summary', ...this.takeUnrecorded() } });
  }

  private takeUnrecorded(): { unrecorded_before?: number } {
    const count = this.unrecorded;
    this.unrecorded = 0;
    return count > 0 ? { unrecorded_before: count } : {};
  }

  /** A token bucket: `perMinute` at most, refilled one per interval. */
  private take(): boolean {
    const now = this.now();
    const refill = Math.floor((now - this.refilledAt) / this.intervalMs);
    if (refill > 0) {
      this.available = Math.min(this.perMinute, this.available + refill);
      this.refilledAt += refill * this.intervalMs;
    }
    if (this.available < 1) return false;
    this.available--;
    return true;
  }
}
