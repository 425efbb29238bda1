import { Endpoint } from './endpoint';
import { Snapshot } from './snapshot';

/** One aspect of the management path in one state; `facts` of a pass can explain a later failure. */
export type CheckResult =
  | { ok: true; facts?: Record<string, unknown> }
  /**
   * `suffix` (when the cut applies) follows anything the verdict adds to `message`; `identity` names the cause
   * independently of positions, so a cause the live state already had is recognised after rules move.
   */
  | { ok: false; unknown?: boolean; message: string; suffix?: string; identity?: string; details?: Record<string, unknown> };

/** A check sees the state it judges and `before` (to name what changed in its message). */
export interface Check {
  name: string;
  run(snap: Snapshot, endpoint: Endpoint, before: Snapshot): CheckResult;
}

export const ok: CheckResult = { ok: true };
export const cut = (message: string, details?: Record<string, unknown>): CheckResult => ({ ok: false, message, details });
