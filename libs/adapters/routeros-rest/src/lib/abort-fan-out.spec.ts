import { getEventListeners } from 'node:events';
import { onAbort } from './abort-fan-out';

const listeners = (signal: AbortSignal) => getEventListeners(signal, 'abort').length;

describe('onAbort', () => {
  it('keeps one listener on the signal however many wait on it, and calls every waiter when it aborts', () => {
    const controller = new AbortController();
    const called: number[] = [];
    const stops = Array.from({ length: 40 }, (_, i) => onAbort(controller.signal, () => called.push(i)));
    expect(listeners(controller.signal)).toBe(1);
    stops[0]();
    controller.abort();
    expect(called.sort((a, b) => a - b)).toEqual(Array.from({ length: 39 }, (_, i) => i + 1));
    for (const stop of stops) stop();
    expect(listeners(controller.signal)).toBe(0);
  });

  it('takes its listener off once the last waiter stops, and adds one again for the next', () => {
    const controller = new AbortController();
    const [a, b] = [onAbort(controller.signal, () => undefined), onAbort(controller.signal, () => undefined)];
    a();
    expect(listeners(controller.signal)).toBe(1);
    b();
    b();
    expect(listeners(controller.signal)).toBe(0);
    let called = 0;
    onAbort(controller.signal, () => called++);
    expect(listeners(controller.signal)).toBe(1);
    controller.abort();
    expect(called).toBe(1);
  });

  it('one callback registered twice is called twice; a signal already aborted calls at once', () => {
    const controller = new AbortController();
    let called = 0;
    const callback = () => called++;
    onAbort(controller.signal, callback);
    onAbort(controller.signal, callback);
    controller.abort();
    expect(called).toBe(2);
    onAbort(controller.signal, callback);
    expect(called).toBe(3);
  });
});
