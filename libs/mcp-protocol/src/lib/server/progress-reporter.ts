/** The least time between two progress notifications of one call; the first and the last are always sent. */
export const PROGRESS_INTERVAL_MS = 100;

/** `always`: a report the client must not miss (a rollout's step or gate verdict); never thinned out. */
export type SendProgress = (done: number, total: number, message?: string, always?: boolean) => Promise<void>;

/**
 * Progress for a call whose client asked for it (sent a progress token). A fleet of thousands of devices would
 * otherwise send one notification per device: the client sees the first step, then at most one every 100 ms,
 * and always the last. A rollout's reports (paced by devices, each a verdict) are marked `always`.
 */
export function progressReporter(send: SendProgress | undefined, now: () => number = () => performance.now()): SendProgress {
  if (!send) return async () => undefined;
  let sentAt = -Infinity;
  return async (done, total, message, always) => {
    const at = now();
    if (!always && done < total && at - sentAt < PROGRESS_INTERVAL_MS) return;
    sentAt = at;
    await send(done, total, message);
  };
}
