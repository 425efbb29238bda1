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

  it('does nothing when the client asked for no progress', async () => {
    await expect(progressReporter(undefined)(1, 1)).resolves.toBeUndefined();
  });
});
