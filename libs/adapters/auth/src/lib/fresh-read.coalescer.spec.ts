import { FreshReadCoalescer } from './fresh-read.coalescer';

/** A load whose reads the spec settles by hand: each read sees the value `current` held when it started. */
function manualLoad() {
  let current = 'v1';
  const started: { key: string; saw: string; settle(error?: Error): void }[] = [];
  const load = (key: string) =>
    new Promise<string>((resolve, reject) => {
      const saw = current;
      started.push({ key, saw, settle: (error) => (error ? reject(error) : resolve(saw)) });
    });
  return { load, started, set: (value: string) => (current = value) };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('FreshReadCoalescer', () => {
  it('a caller arriving while a read is in flight gets the next read, which every such caller shares', async () => {
    const { load, started, set } = manualLoad();
    const reads = new FreshReadCoalescer(load);
    const first = reads.read('a');
    set('v2'); // a change committed after the first read began
    const second = reads.read('a');
    const third = reads.read('a');
    expect(started).toHaveLength(1);
    started[0]!.settle();
    expect(await first).toBe('v1');
    await flush();
    expect(started).toHaveLength(2);
    started[1]!.settle();
    expect(await second).toBe('v2');
    expect(await third).toBe('v2');
  });

  it('keys do not share reads; an idle key starts a read at once', () => {
    const { load, started } = manualLoad();
    const reads = new FreshReadCoalescer(load);
    void reads.read('a');
    void reads.read('b');
    expect(started.map((s) => s.key)).toEqual(['a', 'b']);
  });

  it('a failed read fails its callers only; the queued callers get a read of their own', async () => {
    const { load, started } = manualLoad();
    const reads = new FreshReadCoalescer(load);
    const first = reads.read('a');
    const second = reads.read('a');
    started[0]!.settle(new Error('database down'));
    await expect(first).rejects.toThrow('database down');
    await flush();
    started[1]!.settle();
    expect(await second).toBe('v1');
    // Nothing in flight any more: the next caller starts a read at once.
    void reads.read('a');
    expect(started).toHaveLength(3);
  });
});
