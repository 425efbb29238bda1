import type { DeviceClock } from '../model/scheduler';
import { deviceDateTime } from '../model/scheduler';
import type { DeviceState, DeviceUser } from '../model/device-state';
import type { Row } from '../rest/print-query';
import { ScriptResult, runScript } from './run-script';
import { StateScriptDevice } from './state-device';
import { ScriptValue, toStr, typeOf } from './values';

interface Job {
  id: string;
  owner: string;
  type: 'command' | 'scheduler' | 'script';
  script?: string;
  started: number;
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
  async run(source: string, user: DeviceUser, type: Job['type'], script?: string, cwd: string[] = []): Promise<ScriptResult> {
    const job: Job = { id: `*${(this.nextJob++).toString(16).toUpperCase()}`, owner: user.name, type, script, started: this.clock.now() };
    this.jobs.set(job.id, job);
    this.busy++;
    const sleep = async (ms: number) => {
      this.busy--;
      await this.clock.sleep(ms, () => this.busy++);
    };
    try {
      return await runScript(new StateScriptDevice(this.state, user, sleep, (name) => this.sourceOf(name)), source, this.globals, cwd);
    } finally {
      this.busy--;
      this.jobs.delete(job.id);
    }
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

  reset(): void {
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
