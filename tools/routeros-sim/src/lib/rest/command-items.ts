import type { DeviceState } from '../model/device-state';
import type { Row } from './print-query';
import { errors } from './rest-error';

/**
 * The items a menu-specific command names (`numbers`, or `.id` as REST clients send it; `*1,*2` or names), each of
 * which must exist in `menu`: `missing value for numbers` without any, `no such item` for an unknown one, as the
 * item commands answer (rest/item-commands.ts).
 */
export function commandItems(state: DeviceState, menu: string, body: Record<string, unknown>, key = 'numbers'): Row[] {
  const raw = body['.id'] ?? body[key];
  if (raw === undefined) throw errors.missingValue(key);
  if (typeof raw !== 'string' || raw.trim() === '') throw errors.invalidValue(key, JSON.stringify(raw));
  return raw.split(',').map((id) => {
    const row = state.rawRow(menu, id.trim());
    if (!row) throw errors.noSuchItem();
    return row;
  });
}
