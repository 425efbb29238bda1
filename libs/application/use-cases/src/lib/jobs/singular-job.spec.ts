import type { JobLeader, Leadership, Logger } from '@routeros-mcp/application-ports';
import { SingularJob } from './singular-job';

const logger: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined, child: () => logger };

/** A job leader whose answers the spec decides: `free` says whether the next try wins. */
function fakeLeader() {
  const state = { free: false, tries: 0, held: [] as { lose(): void; released: boolean }[] };
  const jobs: JobLeader = {
    async tryLead(key): Promise<Leadership | undefined> {
      state.tries++;
      if (!state.free) return undefined;
      state.free = false;
      const lost = new AbortController();
      const entry = { lose: () => lost.abort(new Error('session ended')), released: false };
      state.held.push(entry);
      return { key, lost: lost.signal, release: async () => void (entry.released = true) };
    },
    close: async () => undefined,
  };
  return { jobs, state };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; !check(); i++) {
    if (i > 5000) throw new Error('condition not met');
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

describe('SingularJob', () => {
  it('tries until it leads, runs one fresh run per term, stops it when lost and leads again later', async () => {
    const { jobs, state } = fakeLeader();
    const runs: { stopped: boolean }[] = [];
    const job = new SingularJob(jobs, { key: 'snapshot-scheduler', retryMs: 5, graceMs: 10 }, () => {
      const run = { stopped: false, stop: async () => void (run.stopped = true) };
      runs.push(run);
      return run;
    }, logger);
    job.start();
    await until(() => state.tries >= 3);
    expect(runs).toHaveLength(0);
    state.free = true;
    await until(() => runs.length === 1);
    expect(job.leading).toBe(true);
    state.held[0].lose();
    await until(() => runs[0].stopped);
    expect(job.leading).toBe(false);
    state.free = true;
    await until(() => runs.length === 2);
    await job.stop();
    expect(runs[1].stopped).toBe(true);
    expect(state.held[1].released).toBe(true);
    const tries = state.tries;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(state.tries).toBe(tries);
  });
});
