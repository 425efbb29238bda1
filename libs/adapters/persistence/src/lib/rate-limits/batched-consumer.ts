import { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';

/** What one call's charge came to. */
export interface Charge {
  allowed: boolean;
  remaining: number;
  retryAfterMs: number;
}

interface Waiting {
  resolve(charge: Charge): void;
  reject(error: unknown): void;
}

/**
 * Charges calls to a rate-limiter-flexible limiter in batches: while a consume for a key is in flight, the calls that
 * arrive for it wait and are charged together by the next one (`consume(key, n)`), which then decides each of them
 * in arrival order from the counter it returns. On PostgreSQL a busy principal costs one upsert per upsert time
 * instead of one per call, and the limit stays exact and shared: every decision comes from the shared counter,
 * charged by a statement sent after the call arrived.
 */
export class BatchedConsumer {
  private readonly inFlight = new Set<string>();
  private readonly waiting = new Map<string, Waiting[]>();

  constructor(
    private readonly limiter: RateLimiterAbstract,
    private readonly points: number,
  ) {}

  consume(key: string): Promise<Charge> {
    return new Promise<Charge>((resolve, reject) => {
      const queue = this.waiting.get(key);
      if (queue) queue.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      this.next(key);
    });
  }

  private next(key: string): void {
    if (this.inFlight.has(key)) return;
    const batch = this.waiting.get(key);
    if (!batch) return;
    this.waiting.delete(key);
    this.inFlight.add(key);
    void this.charge(key, batch).finally(() => {
      this.inFlight.delete(key);
      this.next(key);
    });
  }

  private async charge(key: string, batch: Waiting[]): Promise<void> {
    let res: RateLimiterRes;
    let refused = false;
    try {
      res = await this.limiter.consume(key, batch.length);
    } catch (outcome) {
      if (!(outcome instanceof RateLimiterRes)) return batch.forEach((w) => w.reject(outcome));
      res = outcome;
      refused = true;
    }
    // A refusal without a counter past the budget is the in-memory block of a spent window: nothing was counted.
    const counted = !refused || res.consumedPoints > this.points;
    // The counter after this batch; the calls before it took the points below `before`.
    const before = res.consumedPoints - batch.length;
    batch.forEach((w, i) => {
      const used = before + i + 1;
      w.resolve(counted && used <= this.points ? { allowed: true, remaining: this.points - used, retryAfterMs: 0 } : { allowed: false, remaining: 0, retryAfterMs: Math.max(1, res.msBeforeNext) });
    });
  }
}
