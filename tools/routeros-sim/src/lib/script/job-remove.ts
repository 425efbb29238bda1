import type { DeviceState } from '../model/device-state';
import { RestError, errors } from '../rest/rest-error';
import { scriptHostOf } from './script-host';

/**
 * `/system/script/job remove` (REST `DELETE /system/script/job/*N` and `POST …/remove`, the console and scripts
 * through the latter): stops the jobs named. `numbers` are job ids; a missing one stops none and answers as a
 * missing item does (`missing`: 404 for DELETE, `no such item` for the command).
 */
export function removeJobs(state: DeviceState, body: Record<string, unknown>, missing: () => RestError = errors.noSuchItem): { status: number; body?: unknown } {
  const raw = body['.id'] ?? body['numbers'];
  if (raw === undefined) throw errors.missingValue('numbers');
  if (typeof raw !== 'string' || raw.trim() === '') throw errors.invalidValue('numbers', JSON.stringify(raw));
  const host = scriptHostOf(state);
  if (!host || host.stopJobs(raw.split(',').map((id) => id.trim())) !== undefined) throw missing();
  return { status: 200, body: [] };
}
