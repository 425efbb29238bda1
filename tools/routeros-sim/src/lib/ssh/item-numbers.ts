import type { DeviceState } from '../model/device-state';
import { errors } from '../rest/rest-error';

/** Arguments that name items of the command's menu, where the console takes an item's number. */
const ITEM_ARGS = ['numbers', 'number', 'place-before', 'copy-from'];
const NUMBER = /^\d+$/;

/**
 * The console's item numbers, per session (MikroTik's Console manual, "Item Numbers"): `print` numbers a menu's items
 * and the session keeps that numbering until its next `print` of the menu, so a number still names the same item
 * after `add`, `remove` and `move`; a menu not printed yet is numbered as `print` would number it. Each menu has its
 * own numbering. Chosen: a word of digits is always a number, never an item's name (the manual does not say which
 * wins); a number no item had is `no such item`.
 */
export class ItemNumbers {
  private readonly byMenu = new Map<string, string[]>();

  /** What `print` does: the menu's items numbered 0… in the order the menu lists them. */
  assign(state: DeviceState, menu: string): void {
    if (state.menu(menu)?.kind === 'table') this.byMenu.set(menu, state.list(menu).map((row) => row['.id']));
  }

  /**
   * `0,2,*5,ether1` → `*1,*3,*5,ether1`: numbers become the ids they name; ids, names and `[find]` results stay.
   * `lenient` (a `move` destination): a number past the items stays as written, and `move` puts the items last.
   */
  resolve(state: DeviceState, menu: string, text: string, lenient = false): string {
    if (state.menu(menu)?.kind !== 'table' || !text.split(',').some((part) => NUMBER.test(part.trim()))) return text;
    if (!this.byMenu.has(menu)) this.assign(state, menu);
    const ids = this.byMenu.get(menu) ?? [];
    return text
      .split(',')
      .map((part) => {
        const word = part.trim();
        if (!NUMBER.test(word)) return part;
        const id = ids[Number(word)];
        if (id === undefined && !lenient) throw errors.noSuchItem();
        return id ?? part;
      })
      .join(',');
  }

  /** A command's arguments with the numbers in those that name items (and `move`'s `destination`) resolved. */
  resolveArgs(state: DeviceState, menu: string, command: string, body: Record<string, string>): Record<string, string> {
    const out = { ...body };
    for (const key of ITEM_ARGS) if (out[key] !== undefined) out[key] = this.resolve(state, menu, out[key]);
    if (command === 'move' && out['destination'] !== undefined) out['destination'] = this.resolve(state, menu, out['destination'], true);
    return out;
  }
}
