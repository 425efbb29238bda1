import type { DeviceState } from '../model/device-state';
import { invalidArg } from '../model/arg-rules';
import { checkTreeValue } from '../model/tree-rules';
import { parseTimeMs } from '../model/values';
import type { Row } from '../rest/print-query';
import { PrintRequest, renderPrint } from './print';

/** Where a print that runs until stopped writes, and what stops it: Ctrl+C in a shell, the channel closing. */
export interface ConsoleStream {
  write(text: string): void;
  signal: AbortSignal;
}

/** `print follow` / `follow-only` (new and changed items as they come), or `print interval=` (the whole print again). */
export type PrintRepeat = { kind: 'follow'; only: boolean } | { kind: 'interval'; ms: number };

/** How often `follow` looks for new and changed items (real time; the manual gives no period). */
const FOLLOW_POLL_MS = 200;

/** The repetition a print's words ask for; `interval` checked as the tree describes it (`00:00:00.200..`). */
export function printRepeat(state: DeviceState, menu: string, switches: string[], args: Record<string, string>): PrintRepeat | undefined {
  if (switches.includes('follow') || switches.includes('follow-only')) return { kind: 'follow', only: !switches.includes('follow') };
  const interval = args['interval'];
  if (interval === undefined) return undefined;
  checkTreeValue(state.version, menu, 'print', 'interval', interval);
  const ms = parseTimeMs(interval);
  if (ms === undefined || ms <= 0) throw invalidArg('interval');
  return { kind: 'interval', ms };
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * Runs a repeating print until `out.signal` aborts. `interval=` prints the whole output again each interval
 * (chosen: appended, where a terminal's RouterOS redraws in place). `follow` prints the items, then each new or
 * changed item as it appears (`follow-only`: only those), in the print's layout without repeating its header
 * (chosen; an item's settings, not its counters, make it changed; removed items are not shown).
 */
export async function repeatPrint(state: DeviceState, menu: string, request: PrintRequest, repeat: PrintRepeat, out: ConsoleStream): Promise<void> {
  if (repeat.kind === 'interval') {
    while (!out.signal.aborted) {
      out.write(renderPrint(state, menu, request));
      await wait(repeat.ms, out.signal);
    }
    return;
  }
  const settable = new Set(['disabled', 'comment', '.dynamic', ...(state.tree[menu]?.add ?? []), ...(state.tree[menu]?.set ?? [])]);
  const shape = (row: Row) => JSON.stringify(Object.entries(row).filter(([k]) => settable.has(k)));
  const seen = new Map(state.list(menu).map((r) => [r['.id'], shape(r)]));
  if (!repeat.only) out.write(renderPrint(state, menu, request));
  for (;;) {
    await wait(FOLLOW_POLL_MS, out.signal);
    if (out.signal.aborted) return;
    const changed = new Set<string>();
    for (const row of state.list(menu)) {
      const now = shape(row);
      if (seen.get(row['.id']) === now) continue;
      seen.set(row['.id'], now);
      changed.add(row['.id']);
    }
    if (changed.size > 0) out.write(renderPrint(state, menu, { ...request, ids: changed, rowsOnly: true }));
  }
}
