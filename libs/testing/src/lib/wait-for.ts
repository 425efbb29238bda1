/**
 * Polls `read` until it returns something other than undefined: specs wait for a state, never for a time. The
 * bound is generous (a loaded 2-core machine); reaching it fails with what was awaited.
 */
export async function waitFor<T>(read: () => T | undefined | Promise<T | undefined>, what: string, boundMs = 120_000, everyMs = 25): Promise<T> {
  const deadline = Date.now() + boundMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`waited ${boundMs} ms for ${what}`);
    await new Promise((next) => setTimeout(next, everyMs));
  }
}

/** Polls `check` until it holds (see waitFor). */
export async function until(check: () => boolean | Promise<boolean>, what: string, boundMs = 120_000): Promise<void> {
  await waitFor(async () => ((await check()) ? true : undefined), what, boundMs);
}

/**
 * Polls `read` until `done` holds of its value or `boundMs` passes, and answers the last value read without
 * throwing: only for waits whose timeout is itself an outcome the caller judges (a change the service keeps
 * `needs_attention` because the device holds it). A state that must come uses waitFor, which fails loudly.
 */
export async function settleWithin<T>(read: () => Promise<T>, done: (value: T) => boolean, boundMs: number, everyMs = 500): Promise<T> {
  const deadline = Date.now() + boundMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((next) => setTimeout(next, everyMs));
    value = await read();
  }
  return value;
}
