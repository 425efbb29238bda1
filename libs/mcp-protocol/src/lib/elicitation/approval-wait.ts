import type { EventBus } from '@routeros-mcp/application-ports';

/** How long one 2026-07-28 round waits for an approval the person went to give (MCP: the server may block until it is). */
export const APPROVAL_ROUND_WAIT_MS = 30_000;
const RECHECK_MS = 1_000;

/**
 * Waits while the plan is `pending`: until its status changes (a plan event here, or a re-read each second for
 * the CLI, the console or another replica), `boundMs` passes, or the call is cancelled. Never fails: the call then
 * answers from the plan as it stands.
 */
export async function waitWhilePending(planId: string, status: () => Promise<string>, events: EventBus | undefined, boundMs: number, signal: AbortSignal): Promise<void> {
  const deadline = Date.now() + boundMs;
  let wake: (() => void) | undefined;
  const stop = events?.subscribe('plan.changed', (event) => {
    if (event.planId === planId) wake?.();
  });
  try {
    while (!signal.aborted && Date.now() < deadline) {
      if ((await status().catch(() => 'pending')) !== 'pending') return;
      await new Promise<void>((resume) => {
        const done = () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          wake = undefined;
          resume();
        };
        const timer = setTimeout(done, Math.min(RECHECK_MS, Math.max(0, deadline - Date.now())));
        wake = done;
        signal.addEventListener('abort', done, { once: true });
      });
    }
  } finally {
    stop?.();
  }
}
