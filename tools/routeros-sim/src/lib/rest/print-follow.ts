import type { DeviceState } from '../model/device-state';
import { checkTreeValue } from '../model/tree-rules';
import { errors } from './rest-error';

/** Print words that make `print` run until it is stopped: it never ends by itself. */
const RUNS_UNTIL_STOPPED = ['follow', 'follow-only', 'follow-strict', 'interval'];

/**
 * `POST …/print` with `follow`, `follow-only`, `follow-strict` (7.15) or `interval=`. MikroTik's REST API manual
 * (help.mikrotik.com/docs/spaces/ROS/pages/47579162/REST+API, "Timeout") says the REST API is a JSON wrapper of the
 * console API with no streaming: a command that runs indefinitely is cut off after 60 seconds with
 * `{"detail":"Session closed","error":400,"message":"Bad Request"}`, whatever its arguments. These prints run
 * indefinitely, so the request waits until the session's timeout closes it (the server's request timeout, 60 s
 * by default) or the client hangs up; it never answers rows. A word the menu's print does not take in this version
 * (`follow` on a settings menu, `follow-strict` on 7.20) is refused first as any unknown argument is, and `interval`
 * is checked against the tree's description (`00:00:00.200..`).
 */
export async function runsUntilStopped(state: DeviceState, menu: string, body: Record<string, unknown>, signal: AbortSignal): Promise<void> {
  const words = RUNS_UNTIL_STOPPED.filter((w) => body[w] !== undefined);
  if (words.length === 0) return;
  const taken = state.tree[menu]?.print ?? [];
  const unknown = words.find((w) => !taken.includes(w));
  if (unknown) throw errors.unknownParameter(unknown);
  if (body['interval'] !== undefined) checkTreeValue(state.version, menu, 'print', 'interval', String(body['interval']));
  await new Promise<never>((_, reject) => {
    if (signal.aborted) reject(errors.sessionClosed());
    signal.addEventListener('abort', () => reject(errors.sessionClosed()), { once: true });
  });
}
