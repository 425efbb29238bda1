import { Agent, request } from 'node:https';

export interface LoadResult {
  requests: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

/** Keeps `concurrency` keep-alive HTTPS requests in flight against `url` for `seconds`. Bounded in time and count. */
export async function load(url: string, options: { concurrency: number; seconds: number; auth?: string; maxRequests?: number }): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency, rejectUnauthorized: false });
  const target = new URL(url);
  const headers = options.auth ? { authorization: `Basic ${Buffer.from(options.auth).toString('base64')}` } : {};
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const max = options.maxRequests ?? 1_000_000;
  const one = () =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const req = request(target, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) latencies.push(performance.now() - t0);
          else errors++;
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end();
    });
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < deadline && latencies.length + errors < max) await one();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { requests: latencies.length, seconds, perSecond: latencies.length / seconds, p50Ms: at(0.5), p99Ms: at(0.99), errors };
}
