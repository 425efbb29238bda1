import { DomainError } from '@routeros-mcp/domain-kernel';

export class RateLimitedError extends DomainError {
  readonly code = 'RATE.LIMITED';
  constructor(
    readonly what: string,
    readonly retryAfter: number,
  ) {
    super(`${what} is limited; retry after ${retryAfter} s`);
  }
  override details(): Record<string, unknown> {
    return { retry_after: this.retryAfter };
  }
}

/** At most `max` uses per key in any `windowMs` (a sliding log; small, in memory, per server process). */
export class RateWindow {
  private readonly uses = new Map<string, number[]>();
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  take(key: string, what: string): void {
    const now = this.now();
    const recent = (this.uses.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length >= this.max) throw new RateLimitedError(what, Math.max(1, Math.ceil((recent[0] + this.windowMs - now) / 1000)));
    recent.push(now);
    this.uses.set(key, recent);
  }
}
