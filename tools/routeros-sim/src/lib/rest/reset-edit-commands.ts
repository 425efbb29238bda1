import type { DeviceState } from '../model/device-state';
import { errors, RestError } from './rest-error';

/** The item words of a body: `numbers` (`number` for edit), or `.id` as REST clients send it. */
function itemWords(body: Record<string, unknown>, key: string): string[] {
  const raw = body['.id'] ?? body[key];
  if (raw === undefined) throw errors.missingValue(key);
  if (typeof raw !== 'string' || raw.trim() === '') throw errors.invalidValue(key, JSON.stringify(raw));
  return raw.split(',').map((id) => id.trim());
}

/**
 * `reset numbers=… <property>=…` (7.x, on every table the tree gives it, with the menu's `set` arguments): the named
 * properties of the items go back to their defaults (model/device-state.ts `resetProperties`). A property is named by its key;
 * its value is checked as the tree describes, then not read (REST `{"numbers":"*1","comment":""}`, the console's bare `reset 0 comment`). No MikroTik
 * source documents the command: this reading of it is chosen (docs/simulator.md).
 */
export function runReset(state: DeviceState, menu: string, body: Record<string, unknown>): unknown {
  const ids = itemWords(body, 'numbers');
  const names = Object.keys(body).filter((key) => key !== 'numbers' && !key.startsWith('.'));
  state.resetProperties(menu, ids, names);
  return [];
}

/**
 * The answer `edit` gives once its arguments are valid. `edit` opens the console's full-screen editor on one
 * property (Console manual); REST and an SSH exec channel have no terminal to draw it on, so it is refused with
 * a `failure:` that names why rather than claiming the router lacks the command (chosen, docs/simulator.md).
 */
export const EDIT_NEEDS_TERMINAL = 'failure: edit needs an interactive terminal (the console\'s full-screen editor)';

/**
 * `edit [number=] value-name=`: the item (tables) and the property are checked as `get` checks them (`no such
 * item`, `input does not match any value of value-name`), then the command is refused (EDIT_NEEDS_TERMINAL).
 */
export function runEdit(state: DeviceState, menu: string, body: Record<string, unknown>): never {
  const spec = state.menu(menu);
  let row: Record<string, string> = {};
  if (spec?.kind === 'singleton') row = state.singleton(menu);
  else {
    const [id, ...more] = itemWords(body, 'number');
    if (more.length > 0) throw errors.invalidValue('number', String(body['.id'] ?? body['number']));
    try {
      if (spec) row = state.get(menu, id);
    } catch (error) {
      throw error instanceof RestError && error.status === 404 ? errors.noSuchItem() : error;
    }
  }
  const name = body['value-name'];
  if (name === undefined) throw errors.missingValue('value-name');
  const key = String(name);
  const known = [...(state.tree[menu]?.set ?? []), ...(state.tree[menu]?.add ?? []), ...Object.keys(row)];
  if (!known.includes(key) || key === 'numbers' || key.startsWith('.')) throw errors.noMatch('value-name');
  throw new RestError(400, EDIT_NEEDS_TERMINAL);
}
