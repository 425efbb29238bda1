import { SUPPORTED_VERSIONS, treeFor } from '../schema/menu-schema';
import { genericMenuOf } from './generic-menus';
import { GENERIC_READ_ONLY, genericReadOnly } from './generic-read-only';
import { MENU_BY_PATH } from './menus';
import type { ReadContext } from './menu-spec';

const ctx = {} as ReadContext;

describe('read-only properties of generic menus (MikroTik manual, per menu)', () => {
  it.each(SUPPORTED_VERSIONS)('every listed menu is in the %s tree, and none of its read-only names is an argument there', (version) => {
    const tree = treeFor(version);
    for (const [path, fields] of Object.entries(GENERIC_READ_ONLY)) {
      expect(tree[path]).toBeDefined();
      const settable = [...(tree[path].add ?? []), ...(tree[path].set ?? [])];
      expect(Object.keys(fields).filter((name) => settable.includes(name))).toEqual([]);
    }
  });

  it('new rows of those menus show them, while they are generic (a curated menu computes its own)', () => {
    const tree = treeFor('7.20.5');
    for (const path of Object.keys(GENERIC_READ_ONLY).filter((p) => !MENU_BY_PATH.has(p))) {
      expect(genericMenuOf(tree, path)?.computed?.({}, ctx)).toEqual(GENERIC_READ_ONLY[path]);
    }
    expect(genericMenuOf(tree, 'tool/netwatch')?.computed?.({}, ctx)).toMatchObject({ status: 'unknown', 'done-tests': '0' });
    expect(genericMenuOf(tree, 'interface/bridge/filter')?.computed?.({}, ctx)).toEqual({ bytes: '0', packets: '0', invalid: 'false', dynamic: 'false' });
    expect(genericMenuOf(tree, 'ip/pool')?.computed).toBeUndefined();
  });

  it('never takes a name the menu can set', () => {
    expect(genericReadOnly('tool/netwatch', ['status'])).toEqual({ since: '', 'done-tests': '0', 'failed-tests': '0' });
    expect(genericReadOnly('ip/dhcp-relay', ['invalid'])).toBeUndefined();
    expect(genericReadOnly('ip/pool', [])).toBeUndefined();
  });
});
