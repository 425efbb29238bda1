import type { DeviceState, DeviceUser } from '../model/device-state';
import { scriptHostOf } from '../script/script-host';
import type { Row } from './print-query';
import { errors, RestError } from './rest-error';
import { assertPolicies, forReader } from './user-policy';

/** The commands every menu has that read it (Scripting manual, "Common commands"): `get` and `find`. */
export const READ_COMMANDS: ReadonlySet<string> = new Set(['get', 'find']);

/** An item as the API writes an array value: `name=value` pairs joined by `;` (chosen: the answer has one `ret`). */
const serialised = (row: Row) => Object.entries(row).map(([k, v]) => `${k}=${v}`).join(';');

/**
 * `get [number=] [value-name=]`: one property of an item (of the singleton), as `{"ret": value}`; without
 * `value-name` the whole item. A property the menu has but the item does not set answers nothing (nil in the
 * console); one the menu does not have is refused as the `value-name` enumeration refuses it.
 */
function get(state: DeviceState, user: DeviceUser, menu: string, body: Record<string, unknown>): unknown {
  const singleton = state.menu(menu)?.kind === 'singleton';
  let row: Row;
  if (singleton) row = state.singleton(menu);
  else {
    const item = body['number'] ?? body['.id'];
    if (item === undefined) throw errors.missingValue('number');
    try {
      row = state.get(menu, String(item));
    } catch (error) {
      throw error instanceof RestError && error.status === 404 ? errors.noSuchItem() : error;
    }
  }
  [row] = forReader(state, user, menu, [row]);
  const name = body['value-name'];
  if (name === undefined) return { ret: serialised(row) };
  const key = String(name);
  if (row[key] !== undefined) return { ret: row[key] };
  const known = [...(state.tree[menu]?.set ?? []), ...(state.tree[menu]?.add ?? [])];
  if (known.includes(key)) return [];
  throw errors.noMatch('value-name');
}

/** Words that would make `where` more than an expression over the item's properties (a command, a second line). */
const NOT_AN_EXPRESSION = /[[\]{};\r\n]/;

/**
 * `find [where=EXPR]`: the ids of the items the expression holds for, as `{"ret":"*1;*2"}` (the API's list form).
 * The expression is the scripting language's (`name="ether1" && running`), evaluated by the device's interpreter as
 * a user that can write nothing; a command inside it is refused as a syntax error (chosen, docs/simulator.md).
 */
async function find(state: DeviceState, menu: string, body: Record<string, unknown>): Promise<unknown> {
  const where = body['where'] === undefined ? '' : String(body['where']).trim();
  const all = state.menu(menu)?.kind === 'singleton' ? [] : state.list(menu).map((r) => r['.id']);
  if (where === '') return { ret: all.join(';') };
  if (NOT_AN_EXPRESSION.test(where)) throw new RestError(400, 'syntax error (line 1 column 1)');
  const host = scriptHostOf(state);
  if (!host) throw new RestError(400, 'failure: scripting unavailable');
  const words = menu.split('/').join(' ');
  const result = await host.run(`:put [/${words} find where ${where}]`, { name: '', password: '', group: 'read' }, 'command');
  if (result.error !== undefined) throw new RestError(400, result.error);
  return { ret: result.output.trim() };
}

/** Runs `get` or `find` of `menu` for `user` (who needs the `read` policy). */
export async function runReadCommand(state: DeviceState, user: DeviceUser, menu: string, command: string, body: Record<string, unknown>): Promise<unknown> {
  assertPolicies(state, user, ['read']);
  return command === 'get' ? get(state, user, menu, body) : find(state, menu, body);
}
