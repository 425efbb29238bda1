import type { DeviceState } from '../model/device-state';
import { errors, RestError } from './rest-error';

/** The arguments each item command takes besides the item (`numbers`, or `.id` as REST clients send it). */
const COMMAND_ARGS: Record<string, readonly string[]> = {
  remove: [],
  move: ['destination'],
  enable: [],
  disable: [],
  unset: ['value-name'],
  'reset-counters': [],
  'make-static': [],
  comment: ['comment'],
};

export const ITEM_COMMANDS: ReadonlySet<string> = new Set([...Object.keys(COMMAND_ARGS), 'add', 'set', 'reset-counters-all']);

/** `*1A,*1B` or `ether1`: the items a command acts on, in the order given. */
function itemsOf(body: Record<string, unknown>, missing = 'numbers'): string[] {
  const raw = body['.id'] ?? body['numbers'];
  if (raw === undefined) throw errors.missingValue(missing);
  if (typeof raw !== 'string' || raw.trim() === '') throw errors.invalidValue('numbers', JSON.stringify(raw));
  return raw.split(',').map((id) => id.trim());
}

function onlyArgs(body: Record<string, unknown>, allowed: readonly string[]): void {
  for (const key of Object.keys(body)) if (key !== '.id' && key !== 'numbers' && !allowed.includes(key)) throw errors.unknownParameter(key);
}

function text(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw errors.invalidValue(key, JSON.stringify(value));
  return value;
}

/**
 * Runs `POST <menu>/<command>` for the commands RouterOS's item menus have: add (answers `{"ret":id}`), set,
 * remove, move, enable, disable, unset, comment, reset-counters[-all] and make-static. Whether the menu has the command
 * is the device's command tree's decision (`no such command or directory` otherwise).
 */
export function runItemCommand(state: DeviceState, menu: string, command: string, body: Record<string, unknown>): unknown {
  switch (command) {
    case 'add':
      return { ret: state.add(menu, body)['.id'] };
    case 'set': {
      const { ['.id']: _id, numbers: _n, ...props } = body;
      for (const id of itemsOf(body)) {
        try {
          state.update(menu, id, props);
        } catch (error) {
          throw error instanceof RestError && error.status === 404 ? errors.noSuchItem() : error;
        }
      }
      return [];
    }
    case 'reset-counters-all':
      onlyArgs(body, []);
      state.resetCounters(menu, 'all');
      return [];
  }
  onlyArgs(body, COMMAND_ARGS[command] ?? []);
  // `move` with no item names `.id`, as the review of RouterOS's REST found; the other commands name `numbers`.
  const items = itemsOf(body, command === 'move' ? '.id' : 'numbers');
  switch (command) {
    case 'remove':
      state.removeAll(menu, items);
      break;
    case 'move':
      state.move(menu, items, text(body, 'destination'));
      break;
    case 'enable':
    case 'disable':
      state.setDisabled(menu, items, command === 'disable');
      break;
    case 'unset': {
      const names = text(body, 'value-name');
      if (!names) throw errors.missingValue('value-name');
      state.unset(menu, items, names.split(','));
      break;
    }
    case 'reset-counters':
      state.resetCounters(menu, items);
      break;
    case 'make-static':
      state.makeStatic(menu, items);
      break;
    case 'comment':
      state.comment(menu, items, text(body, 'comment') ?? '');
      break;
    default:
      throw errors.noSuchCommand(command);
  }
  return [];
}
