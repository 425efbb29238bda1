import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { BatchedConsumer } from './batched-consumer';

/** A limiter whose consumes count and can be held, to see what is charged together. */
function countingLimiter(points: number) {
  const limiter = new RateLimiterMemory({ points, duration: 60 });
  const calls: number[] = [];
  const consume = limiter.consume.bind(limiter);
  limiter.consume = (key: string | number, n = 1) => (calls.push(n), consume(key, n));
  return { limiter, calls };
}

describe('BatchedConsumer', () => {
  it('charges calls that arrive while a consume is in flight together, and decides each in arrival order', async () => {
    const { limiter, calls } = countingLimiter(5);
    const consumer = new BatchedConsumer(limiter, 5);
    const charges = await Promise.all(Array.from({ length: 8 }, () => consumer.consume('alice')));
    expect(calls).toEqual([1, 7]); // the first alone, the seven that arrived meanwhile in one consume
    expect(charges.map((c) => c.allowed)).toEqual([true, true, true, true, true, false, false, false]);
    expect(charges.map((c) => c.remaining)).toEqual([4, 3, 2, 1, 0, 0, 0, 0]);
    expect(charges[5]!.retryAfterMs).toBeGreaterThan(0);
    expect(charges[5]!.retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  it('keeps keys apart and refuses a spent key on later calls too', async () => {
    const { limiter } = countingLimiter(2);
    const consumer = new BatchedConsumer(limiter, 2);
    const [a, b] = await Promise.all([Promise.all([consumer.consume('a'), consumer.consume('a')]), consumer.consume('b')]);
    expect(a.map((c) => c.allowed)).toEqual([true, true]);
    expect(b).toMatchObject({ allowed: true, remaining: 1 });
    expect(await consumer.consume('a')).toMatchObject({ allowed: false, remaining: 0 });
  });

  it('refuses every call of a batch the limiter refuses without counting (its in-memory block of a spent window)', async () => {
    // What RateLimiterPostgres answers while its in-memory block holds a spent key: a RateLimiterRes counting nothing.
    const limiter = new RateLimiterMemory({ points: 2, duration: 60 });
    const consume = limiter.consume.bind(limiter);
    let blocked = false;
    limiter.consume = (key: string | number, n = 1) => (blocked ? Promise.reject(new RateLimiterRes(0, 30_000)) : consume(key, n));
    const consumer = new BatchedConsumer(limiter, 2);
    expect(await consumer.consume('a')).toMatchObject({ allowed: true });
    blocked = true;
    const charges = await Promise.all([consumer.consume('a'), consumer.consume('a')]);
    expect(charges).toEqual([
      { allowed: false, remaining: 0, retryAfterMs: 30_000 },
      { allowed: false, remaining: 0, retryAfterMs: 30_000 },
    ]);
  });

  it('fails the batch when the limiter fails for another reason, and serves the next calls', async () => {
    const { limiter } = countingLimiter(3);
    const consume = limiter.consume.bind(limiter);
    let fail = true;
    limiter.consume = (key: string | number, n = 1) => (fail ? Promise.reject(new Error('store down')) : consume(key, n));
    const consumer = new BatchedConsumer(limiter, 3);
    await expect(consumer.consume('a')).rejects.toThrow('store down');
    fail = false;
    expect(await consumer.consume('a')).toMatchObject({ allowed: true, remaining: 2 });
  });
});
