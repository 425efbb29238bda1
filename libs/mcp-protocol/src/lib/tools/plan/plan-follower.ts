import type { EventBus } from '@routeros-mcp/application-ports';
import { MOVING_STATUSES } from './plan-view';

/** How often the wait re-reads the plan, in case an event was lost (delivery is best effort). */
const RECHECK_MS = 1_000;

/**
 * Follows one plan's rollout while a tool call waits: `plan.progress` events go out as progress notifications on the
 * call's stream (every one: each is a step's or a gate's verdict), and the wait ends when the plan leaves
 * `executing`/`rolling_back` (a `plan.changed` event or a
 * re-read says so), when the bound passes, or when the call is cancelled (the client closed its stream). Ending the
 * wait never touches the rollout: the runner goes on and the plan id stays the handle.
 */
export class PlanFollower {
  private readonly stops: (() => void)[] = [];
  /** Progress notifications on their way out: the call's answer waits for them (a client drops any that come later). */
  private readonly sending = new Set<Promise<void>>();
  private wake?: () => void;
  private settled = false;

  /** Subscribed at once, so nothing published between the apply and the wait is missed. */
  constructor(
    events: EventBus,
    planId: string,
    progress: (done: number, total: number, message?: string, always?: boolean) => Promise<void>,
  ) {
    this.stops.push(
      events.subscribe('plan.progress', (event) => {
        if (event.planId !== planId) return;
        const sent = progress(event.progress, event.total, event.message, true).catch(() => undefined);
        this.sending.add(sent);
        void sent.finally(() => this.sending.delete(sent));
      }),
      events.subscribe('plan.changed', (event) => {
        if (event.planId === planId && !MOVING_STATUSES.includes(event.status)) this.settle();
      }),
    );
  }

  /** Waits until the rollout ends, `boundMs` passes or `signal` aborts; `status` re-reads the plan. */
  async wait(boundMs: number, signal: AbortSignal, status: () => Promise<string>): Promise<void> {
    const deadline = Date.now() + boundMs;
    while (!this.settled && !signal.aborted && Date.now() < deadline) {
      if (!MOVING_STATUSES.includes(await status())) return;
      await new Promise<void>((resume) => {
        const timer = setTimeout(resume, Math.min(RECHECK_MS, Math.max(0, deadline - Date.now())));
        const done = () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          resume();
        };
        this.wake = done;
        signal.addEventListener('abort', done, { once: true });
      });
    }
  }

  /**
   * Lets every report published before the rollout ended go out first: events are delivered on a later turn of the
   * event loop than the one that published them, so the last gate's verdict may still be queued when a re-read
   * already sees the plan ended; the answer then waits for those notifications to be sent.
   */
  async flush(): Promise<void> {
    await new Promise((next) => setImmediate(next));
    await Promise.all([...this.sending]);
  }

  stop(): void {
    for (const stop of this.stops.splice(0)) stop();
  }

  private settle(): void {
    this.settled = true;
    this.wake?.();
  }
}
