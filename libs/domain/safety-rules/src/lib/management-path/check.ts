import { Endpoint } from './endpoint';
import { Snapshot } from './snapshot';

/** One aspect of the management path in one state; `facts` of a pass can explain a later failure. */
export type CheckResult =
  | { ok: true; facts?: Record<string, unknown> }
  /** `suffix` (when the cut applies) follows anything the verdict adds to `message`. */
  | { ok: false; unknown?: boolean; message: string; suffix?: string; details?: Record<string, unknown> };

/** A check sees the state it judges and `before` (to name what changed in its message). */
export interface Check {
  name: string;
  run(snap: Snapshot, endpoint: Endpoint, before: Snapshot): CheckResult;
}

export const ok: CheckResult = { ok: true };
export const cut = (message: string, details?: Record<string, unknown>): CheckResult => ({ ok: false, message, details });
