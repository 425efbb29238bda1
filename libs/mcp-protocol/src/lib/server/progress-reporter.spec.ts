import { progressReporter, PROGRESS_INTERVAL_MS } from './progress-reporter';

describe('progressReporter', () => {
  it('sends the first step, then at most one per interval, and always the last', async () => {
    const sent: number[] = [];
    let clock = 0;
    const report = progressReporter(async (done) => void sent.push(done), () => clock);
    for (let done = 1; done <= 10; done++) {
      await report(done, 10);
      clock += PROGRESS_INTERVAL_MS / 4;
    }
    expect(sent).toEqual([1, 5, 9, 10]);
  });

  it('never thins out a report marked always (a rollout verdict)', async () => {
    const sent: string[] = [];
    const report = progressReporter(async (_done, _total, message) => void sent.push(message ?? ''), () => 0);
    await report(2, 20, 'batch 1/4: r1 applied');
    await report(2, 20, 'batch 1/4: health gate passed', true);
    await report(3, 20, 'batch 2/4: r2 applied');
    expect(sent).toEqual(['batch 1/4: r1 applied', 'batch 1/4: health gate passed']);
  });

  it('does nothing when the client asked for no progress', async () => {
    await expect(progressReporter(undefined)(1, 1)).resolves.toBeUndefined();
  });
});
