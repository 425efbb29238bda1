import type { DeviceClock } from '../model/scheduler';
import { deviceDateTime } from '../model/scheduler';
import type { DeviceState, DeviceUser } from '../model/device-state';
import type { Row } from '../rest/print-query';
import type { Statement } from './ast';
import type { ExecutedJob } from './device';
import { JobStopped } from './errors';
import { ScriptResult, runScript } from './run-script';
import { StateScriptDevice } from './state-device';
import { ItemNumbers } from '../ssh/item-numbers';
import { ScriptValue, toStr, typeOf } from './values';

interface Job {
  id: string;
  owner: string;
  type: 'command' | 'scheduler' | 'script';
  script?: string;
  started: number;
  /** Aborted by `/system script job remove`. */
  stop: AbortController;
}

const HOSTS = new WeakMap<DeviceState, ScriptHost>();

/** The script host of a device, for the REST and console commands that run scripts. */
export function scriptHostOf(state: DeviceState): ScriptHost | undefined {
  return HOSTS.get(state);
}

/**
 * Where a device's scripts run: `/system/script` entries, scheduler events and console scripts, each as a job
 * (`/system/script/job`) that may wait in `:delay` on the device's clock; `:global` variables live here
 * (`/system/script/environment`) until the device resets.
 */
export class ScriptHost {
  readonly globals = new Map<string, ScriptValue>();
  private readonly jobs = new Map<string, Job>();
  private nextJob = 1;
  /** Jobs running now and not waiting in `:delay`. */
  private busy = 0;

  constructor(
    private readonly state: DeviceState,
    private readonly clock: DeviceClock,
  ) {
    HOSTS.set(state, this);
  }

  /**
   * Runs script text as `user` (a console line, a scheduler event); `script` names the `/system/script` entry;
   * `cwd` is the menu an interactive session is in.
   */
  async run(source: string, user: DeviceUser, type: Job['type'], script?: string, cwd: string[] = [], numbers = new ItemNumbers()): Promise<ScriptResult> {
    return this.start(source, user, type, script, cwd, numbers).done;
  }

  /** `/execute script=…` without `as-string`: the script runs as a background job; its id, and when it ends. */
  execute(source: string, user: DeviceUser): { id: string; done: Promise<ScriptResult> } {
    return this.start(source, user, 'command');
  }

  /**
   * `/system script job remove`: stops each job (a job in `:delay` at once, a running one before its next command).
   * Answers the first id that names no job, stopping none then.
   */
  stopJobs(ids: string[]): string | undefined {
    const missing = ids.find((id) => !this.jobs.has(id.toUpperCase()));
    if (missing !== undefined) return missing;
    for (const id of ids) this.jobs.get(id.toUpperCase())?.stop.abort();
    return undefined;
  }

  /** Starts a job; `:execute` inside it starts another one, in the background, as the same user. */
  private start(source: string | Statement[], user: DeviceUser, type: Job['type'], script?: string, cwd: string[] = [], numbers = new ItemNumbers()): ExecutedJob {
    const job: Job = { id: `*${(this.nextJob++).toString(16).toUpperCase()}`, owner: user.name, type, script, started: this.clock.now(), stop: new AbortController() };
    const signal = job.stop.signal;
    this.jobs.set(job.id, job);
    this.busy++;
    const sleep = async (ms: number) => {
      if (signal.aborted) throw new JobStopped();
      this.busy--;
      await new Promise<void>((resolve) => {
        let woken = false;
        const wake = () => {
          if (woken) return;
          woken = true;
          this.busy++;
          signal.removeEventListener('abort', wake);
          resolve();
        };
        signal.addEventListener('abort', wake, { once: true });
        void this.clock.sleep(ms, wake);
      });
      if (signal.aborted) throw new JobStopped();
    };
    const device = new StateScriptDevice(this.state, user, {
      sleep,
      now: () => this.clock.now(),
      sources: (name) => this.sourceOf(name),
      script,
      // Chosen (docs/simulator.md): an `:execute`d job is of type `command`, owned by the user whose script started it.
      execute: (inner) => this.start(inner, user, 'command'),
      numbers,
    });
    const done = runScript(device, source, this.globals, cwd, signal).finally(() => {
      this.busy--;
      this.jobs.delete(job.id);
    });
    return { id: job.id, done };
  }

  /** `/system script run`: the entry's source as its owner, counting the run; the failure text if it failed. */
  async runEntry(idOrName: string): Promise<ScriptResult | undefined> {
    const row = this.entry(idOrName);
    if (!row) return undefined;
    row['.run-count'] = String(Number(row['.run-count'] ?? '0') + 1);
    row['.last-started'] = String(this.clock.now());
    return this.run(row['source'] ?? '', { name: row['owner'] ?? 'admin', password: '', group: 'full' }, 'script', row['name']);
  }

  /** A scheduler's `on-event`: a `/system/script` entry's name runs that script, anything else is script text. */
  async runEvent(onEvent: string, owner: string): Promise<string | undefined> {
    const named = this.entry(onEvent.trim());
    const result = named ? await this.runEntry(named['.id']) : await this.run(onEvent, { name: owner, password: '', group: 'full' }, 'scheduler');
    return result?.error;
  }

  /** Resolves once every job has finished or waits in `:delay` (bounded). */
  async idle(): Promise<void> {
    for (let i = 0; i < 10_000 && this.busy > 0; i++) await new Promise((resolve) => setImmediate(resolve));
  }

  /** Rows of `/system/script/job` and `/system/script/environment`; undefined for other menus. */
  rows(path: string): Row[] | undefined {
    if (path === 'system/script/job') {
      return [...this.jobs.values()].map((j) => ({ '.id': j.id, owner: j.owner, type: j.type, started: deviceDateTime(j.started), ...(j.script ? { script: j.script } : {}), '.dynamic': 'true' }));
    }
    if (path === 'system/script/environment') {
      return [...this.globals.entries()].map(([name, value], i) => ({ '.id': `*${(i + 1).toString(16).toUpperCase()}`, name, value: toStr(value), type: typeOf(value) }));
    }
    return undefined;
  }

  /** The device restarts: its jobs end (a job in `:delay` never resumes) and its globals are gone. */
  reset(): void {
    for (const job of this.jobs.values()) job.stop.abort();
    this.globals.clear();
  }

  /** The stored row (run bookkeeping is kept on it), found by id or name. */
  private entry(idOrName: string): Row | undefined {
    if (!this.state.menu('system/script')) return undefined;
    const rows = this.state.readContext().rowsOf('system/script');
    return rows.find((r) => r['.id'] === idOrName || r['name'] === idOrName);
  }

  private sourceOf(name: string): string | undefined {
    return this.entry(name)?.['source'];
  }
}
