import type { Row } from '../rest/print-query';
import type { DeviceState } from './device-state';

/**
 * A device's clock: wall time plus whatever the control API moved it by, so a test can let ten minutes
 * pass at once. Uptime, countdowns and the scheduler all read it.
 */
export class DeviceClock {
  private offsetMs = 0;
  private sleepers: { at: number; wake: () => void }[] = [];

  constructor(private readonly wall: () => number = Date.now) {}

  readonly now = (): number => this.wall() + this.offsetMs;

  advance(ms: number): void {
    this.offsetMs += ms;
    this.wakeDue();
  }

  /**
   * Resolves once `ms` of device time has passed: on its own in real time, or at once when the control API moves
   * the clock past it. `onWake` runs synchronously at that moment (a job counts as busy again before anyone looks).
   */
  sleep(ms: number, onWake?: () => void): Promise<void> {
    return new Promise((resolve) => {
      const sleeper = { at: this.now() + ms, wake: () => (onWake?.(), resolve()) };
      this.sleepers.push(sleeper);
      const tick = () => {
        if (!this.sleepers.includes(sleeper)) return;
        if (this.now() >= sleeper.at) return this.wakeDue();
        setTimeout(tick, Math.min(sleeper.at - this.now(), 2 ** 31 - 1)).unref();
      };
      tick();
    });
  }

  private wakeDue(): void {
    const due = this.sleepers.filter((s) => s.at <= this.now());
    this.sleepers = this.sleepers.filter((s) => s.at > this.now());
    for (const sleeper of due) sleeper.wake();
  }
}

/** Runs a scheduler entry's `on-event` script; resolves with the error text when it failed. */
export type ScriptRunner = (script: string, owner: string) => Promise<string | undefined>;

/** `1d2h`, `5m`, `0s` or `00:05:00` → milliseconds; undefined when it is neither. */
export function intervalMs(text: string): number | undefined {
  const clock = /^(\d+):(\d{2}):(\d{2})$/.exec(text);
  if (clock) return ((Number(clock[1]) * 60 + Number(clock[2])) * 60 + Number(clock[3])) * 1000;
  if (!/^(\d+[wdhms])+$/.test(text) && !/^\d+$/.test(text)) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const units: Record<string, number> = { w: 604800, d: 86400, h: 3600, m: 60, s: 1 };
  return [...text.matchAll(/(\d+)([wdhms])/g)].reduce((total, [, n, unit]) => total + Number(n) * units[unit], 0) * 1000;
}

/** A RouterOS date-time as `/system/scheduler` and `creation-time` print it (7.10 and later: `YYYY-MM-DD HH:MM:SS`). */
export const deviceDateTime = (ms: number): string => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);

/** When the entry was made (ms): stored rows carry `.created` as an ISO time. */
function createdMs(row: Row): number | undefined {
  const at = Date.parse(row['.created'] ?? '');
  return Number.isNaN(at) ? undefined : at;
}

/** The entry's start on the device's clock (UTC); undefined for `startup`. `start-date` defaults to the creation date. */
function startMs(row: Row): number | undefined {
  const time = row['start-time'];
  if (!time || time === 'startup') return undefined;
  const date = row['start-date'] || (row['.created'] ?? '').slice(0, 10);
  const at = Date.parse(`${date}T${time}Z`);
  return Number.isNaN(at) ? undefined : at;
}

/**
 * When the entry runs next (ms), or undefined when it never will again, following the manual's rules:
 * - `start-time=startup` with an interval: every interval counted from the entry's creation (help.mikrotik.com
 *   Scheduler: such an entry does not run at startup; counting from creation is chosen); with `interval=0s` the
 *   manual runs it 3 s after each boot, which a simulated reboot does not replay, so it never runs here;
 * - a start with an interval: the start, then every interval after it; a start already past when the entry was
 *   made runs at the next slot aligned on it, not at once (chosen: RouterOS's `next-run` shows the next aligned
 *   slot; the manual is silent on whether a past slot is caught up, and a router does not catch up);
 * - a one-shot (`interval=0s`) runs once at its start; one whose start was already past when it was made never
 *   runs (chosen without a source, as above).
 */
export function nextRunMs(row: Row): number | undefined {
  if (row['disabled'] === 'true') return undefined;
  const every = intervalMs(row['interval'] ?? '0s') ?? 0;
  const created = createdMs(row) ?? 0;
  const start = startMs(row);
  const last = row['.last-run'] === undefined ? undefined : Number(row['.last-run']);
  if (start === undefined) {
    if (every === 0) return undefined;
    const since = last ?? created;
    return created + (Math.floor((since - created) / every) + 1) * every;
  }
  if (every === 0) return last === undefined && start >= created ? start : undefined;
  const after = last ?? created - 1;
  if (start > after) return start;
  return start + (Math.floor((after - start) / every) + 1) * every;
}

/** `run-count` and `next-run` as `/system/scheduler` shows them. */
export function schedulerStatus(row: Row): Record<string, string> {
  const next = nextRunMs(row);
  return { 'run-count': row['.run-count'] ?? '0', 'next-run': next === undefined ? '' : deviceDateTime(next) };
}

/**
 * `/system/scheduler` on one device: each enabled entry fires when the device's clock reaches its next run
 * (`nextRunMs`) and runs its `on-event` (a script, or a `/system/script` entry's name) through the interpreter.
 * A failing script is logged (`script,error`) and stops there, as RouterOS does.
 */
export class Scheduler {
  private timer?: NodeJS.Timeout;
  private unsubscribe?: () => void;
  private running = Promise.resolve();

  constructor(
    private readonly state: DeviceState,
    private readonly now: () => number,
    private readonly run: ScriptRunner,
    /**
     * Resolves when every script started so far has finished or waits in `:delay` on the device clock. Scripts run
     * as jobs beside the scheduler (a `:delay` does not hold other entries up); without this each run is awaited.
     */
    private readonly idle?: () => Promise<void>,
  ) {}

  start(): void {
    this.unsubscribe = this.state.onChange(() => this.wake());
    this.wake();
  }

  stop(): void {
    this.unsubscribe?.();
    clearTimeout(this.timer);
  }

  /** Looks again at what is due: after a change, after the clock moved, when the timer fires. */
  wake(): void {
    clearTimeout(this.timer);
    this.running = this.running.then(() => this.fireDue()).catch(() => undefined);
  }

  /** Resolves once every entry due so far has run. */
  async settled(): Promise<void> {
    await this.running;
    await this.idle?.();
  }

  private entries(): Row[] {
    return this.state.menu('system/scheduler') ? this.state.readContext().rowsOf('system/scheduler') : [];
  }

  private async fireDue(): Promise<void> {
    for (const row of this.entries()) {
      const next = nextRunMs(row);
      if (next === undefined || next > this.now()) continue;
      // Run bookkeeping is state, not configuration: it is kept on the stored row without counting as a change.
      row['.last-run'] = String(this.now());
      row['.run-count'] = String(Number(row['.run-count'] ?? '0') + 1);
      const name = row['name'] ?? '';
      const done = this.run(row['on-event'] ?? '', row['owner'] ?? 'admin').then((failure) => {
        if (failure === undefined) return;
        this.state.log('script,error', `script error: ${failure}`);
        this.state.log('script,error', `executing script from scheduler (${name}) failed, please check it manually`);
      });
      if (this.idle) await this.idle();
      else await done;
    }
    this.arm();
  }

  private arm(): void {
    clearTimeout(this.timer);
    const upcoming = this.entries().map(nextRunMs).filter((t): t is number => t !== undefined);
    if (upcoming.length === 0) return;
    const wait = Math.min(Math.max(0, Math.min(...upcoming) - this.now()), 2 ** 31 - 1);
    this.timer = setTimeout(() => this.wake(), wait);
    this.timer.unref();
  }
}
