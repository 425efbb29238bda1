import { isConsoleWritable } from './console-syntax';
import { operationLines } from './export-lines';
import type { RowOperation } from './row-operation';

/** The scheduler entry that carries a change's device-side revert. */
export const revertSchedulerName = (changeId: string) => `mcp-revert-${changeId}`;

/**
 * The console script a device runs to undo a change on its own: the inverse operations in the shared grammar,
 * `; `-separated, ending with the removal of its own scheduler entry. Secret values are written as they are (the
 * script lives on the device, never in a record). Throws when a value has no console form.
 */
export function revertScript(changeId: string, inverse: readonly RowOperation[]): string {
  for (const op of inverse) {
    if (op.kind === 'command') throw new Error(`a revert script cannot run commands (${op.menu}/${op.command})`);
    const values = op.kind === 'add' || op.kind === 'set' ? Object.values(op.props) : [];
    if (!values.every(isConsoleWritable)) throw new Error(`a value for /${op.menu} holds a control character the console cannot take`);
  }
  const lines = inverse.flatMap((op) => operationLines(op, { keepSecrets: true }));
  lines.push(`/system scheduler remove [find name="${revertSchedulerName(changeId)}"]`);
  return lines.join('; ');
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * The device's wall clock (`/system/clock` `date` and `time`, in its own time zone) as a naive timestamp. RouterOS
 * prints `2026-11-23` since 7.10 and `nov/23/2026` before.
 */
export function parseDeviceClock(date: string, time: string): Date | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const old = /^([a-z]{3})\/(\d{2})\/(\d{4})$/i.exec(date);
  const hms = /^(\d{2}):(\d{2}):(\d{2})$/.exec(time);
  if (!hms || (!iso && !old)) return undefined;
  const [y, m, d] = iso ? [Number(iso[1]), Number(iso[2]) - 1, Number(iso[3])] : [Number(old![3]), MONTHS.indexOf(old![1].toLowerCase()), Number(old![2])];
  if (m < 0) return undefined;
  return new Date(Date.UTC(y, m, d, Number(hms[1]), Number(hms[2]), Number(hms[3])));
}

/** `start-date` and `start-time` of a one-shot entry `seconds` after the device's clock reading (naive, its zone). */
export function schedulerStart(deviceNow: Date, seconds: number): { 'start-date': string; 'start-time': string } {
  const at = new Date(deviceNow.getTime() + seconds * 1000).toISOString();
  return { 'start-date': at.slice(0, 10), 'start-time': at.slice(11, 19) };
}
