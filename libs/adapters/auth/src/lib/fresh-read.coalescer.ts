/**
 * Shares reads of one key between concurrent callers without ever answering a caller from a read that began before
 * it asked: a caller that arrives while a read is in flight waits for the next one, which starts when the in-flight
 * one ends and serves everyone who queued meanwhile. Under load a key costs one read per read's duration instead of
 * one per caller, and what a read finds (a revocation committed by another process) reaches every later caller.
 */
export class FreshReadCoalescer<K, V> {
  private readonly inFlight = new Map<K, Promise<V>>();
  private readonly next = new Map<K, Promise<V>>();

  constructor(private readonly load: (key: K) => Promise<V>) {}

  read(key: K): Promise<V> {
    const running = this.inFlight.get(key);
    if (!running) return this.start(key);
    let queued = this.next.get(key);
    if (!queued) {
      // Starts once the running read settles, whatever its outcome.
      queued = running.then(
        () => this.startQueued(key),
        () => this.startQueued(key),
      );
      this.next.set(key, queued);
    }
    return queued;
  }

  private startQueued(key: K): Promise<V> {
    this.next.delete(key);
    return this.start(key);
  }

  private start(key: K): Promise<V> {
    const read = this.load(key);
    this.inFlight.set(key, read);
    const done = () => {
      if (this.inFlight.get(key) === read) this.inFlight.delete(key);
    };
    read.then(done, done);
    return read;
  }
}
