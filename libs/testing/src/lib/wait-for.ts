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
