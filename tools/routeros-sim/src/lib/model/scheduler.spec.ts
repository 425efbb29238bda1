import { DeviceClock, intervalMs, nextRunMs, schedulerStatus } from './scheduler';

const at = (iso: string) => Date.parse(`${iso}Z`);

describe('scheduler timing', () => {
  it('reads intervals in both of RouterOS forms', () => {
    expect(intervalMs('0s')).toBe(0);
    expect(intervalMs('1d2h3m4s')).toBe(((26 * 60 + 3) * 60 + 4) * 1000);
    expect(intervalMs('00:05:00')).toBe(300_000);
    expect(intervalMs('soon')).toBeUndefined();
  });

  it('runs a one-shot entry once, at its start date and time', () => {
    const row = { 'start-date': '2026-11-23', 'start-time': '03:10:00', interval: '0s' };
    expect(nextRunMs(row)).toBe(at('2026-11-23T03:10:00'));
    expect(schedulerStatus(row)).toEqual({ 'run-count': '0', 'next-run': '2026-11-23 03:10:00' });
    const ran = { ...row, '.last-run': String(at('2026-11-23T03:10:01')), '.run-count': '1' };
    expect(nextRunMs(ran)).toBeUndefined();
    expect(schedulerStatus(ran)).toEqual({ 'run-count': '1', 'next-run': '' });
  });

  it('repeats an entry with an interval from its start, not from when it last ran late', () => {
    const row = { 'start-date': '2026-11-23', 'start-time': '03:00:00', interval: '10m', '.last-run': String(at('2026-11-23T03:27:00')) };
    expect(nextRunMs(row)).toBe(at('2026-11-23T03:30:00'));
  });

  it('never runs a disabled entry or one that waits for startup', () => {
    expect(nextRunMs({ 'start-date': '2026-11-23', 'start-time': '03:00:00', disabled: 'true' })).toBeUndefined();
    expect(nextRunMs({ 'start-time': 'startup' })).toBeUndefined();
  });

  it('keeps wall time and adds what the control API moved it by', () => {
    let wall = 1_000;
    const clock = new DeviceClock(() => wall);
    clock.advance(60_000);
    wall += 5;
    expect(clock.now()).toBe(61_005);
  });
});
