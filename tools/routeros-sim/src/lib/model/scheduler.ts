import type { Row } from '../rest/print-query';
import type { DeviceState } from './device-state';

/**
 * A device's clock: wall time plus whatever the control API moved it by, so a test can let ten minutes
 * pass at once. Uptime, countdowns and the scheduler all read it.
 */
export class DeviceClock {
  private offsetMs = 0;

  constructor(private readonly wall: () => number = Date.now) {}

  readonly now = (): number => this.wall() + this.offsetMs;

  advance(ms: number): void {
    this.offsetMs += ms;
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

/** When an entry first runs, on the device's clock (UTC); undefined for `startup` or an unreadable date. */
function startMs(row: Row): number | undefined {
  const time = row['start-time'];
  if (!time || time === 'startup') return undefined;
  const date = row['start-date'] ?? (row['.created'] ?? '').slice(0, 10);
  const at = Date.parse(`${date}T${time}Z`);
  return Number.isNaN(at) ? undefined : at;
}

/** When the entry runs next (ms), or undefined when it never will again. */
export function nextRunMs(row: Row): number | undefined {
  if (row['disabled'] === 'true') return undefined;
  const start = startMs(row);
  if (start === undefined) return undefined;
  const every = intervalMs(row['interval'] ?? '0s') ?? 0;
  const last = row['.last-run'] === undefined ? undefined : Number(row['.last-run']);
  if (last === undefined) return start;
  if (every === 0) return undefined; // a one-shot entry ran
  return start + (Math.floor((last - start) / every) + 1) * every;
}

const stamp = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);

/** `run-count` and `next-run` as `/system/scheduler` shows them. */
export function schedulerStatus(row: Row): Record<string, string> {
  const next = nextRunMs(row);
  return { 'run-count': row['.run-count'] ?? '0', 'next-run': next === undefined ? '' : stamp(next) };
}

/**
 * `/system/scheduler` on one device: each enabled entry with a start time fires when the device's clock
 * reaches it (once for `interval=0s`, then every interval) and runs its `on-event` as console commands.
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
      const failure = await this.run(row['on-event'] ?? '', row['owner'] ?? 'admin');
      if (failure !== undefined) {
        this.state.log('script,error', `script error: ${failure}`);
        this.state.log('script,error', `executing script from scheduler (${name}) failed, please check it manually`);
      }
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
