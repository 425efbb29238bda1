import { DeviceState } from './device-state';
import { seedConfig } from './profiles';
import { RestError } from '../rest/rest-error';
import { printableMenus, SUPPORTED_VERSIONS, treeFor } from '../schema/menu-schema';
import { ITEM_SELECTORS, textArgs } from './text-args';
import { menuCoverage } from './coverage';

/**
 * The coverage page counts `numbers`, `copy-from` and `place-before` as checked: each names an item of the menu, and
 * an unknown one is refused on every writable table of both trees, before anything is written.
 */
const users = [{ name: 'admin', password: 'x', group: 'full' as const }];
const device = (version: string) => new DeviceState(version, 7, () => seedConfig({ profile: 'edge', version, identity: 'walk', index: 0, users }));
const MISSING = '*FFFFF';

function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof RestError) return `${error.status} ${error.detail ?? ''}`.trim();
    throw error;
  }
  return 'accepted';
}

describe.each(SUPPORTED_VERSIONS)('item selectors on %s', (version) => {
  const tree = treeFor(version);

  it('refuse an item the menu does not have, and change nothing', () => {
    const state = device(version);
    const failures: string[] = [];
    let walked = 0;
    for (const menu of printableMenus(tree)) {
      const spec = state.menu(menu);
      if (!spec?.writable || spec.kind !== 'table') continue;
      // The items, not their values: interfaces' counters move on their own.
      const ids = () => state.list(menu).map((r) => r['.id']).join(',');
      const before = ids();
      for (const selector of ['copy-from', 'place-before']) {
        if (!tree[menu].commands.includes('add') || spec.unmodelled?.includes('add') || !(tree[menu].args['add'] ?? []).includes(selector)) continue;
        walked++;
        const got = refusal(() => state.add(menu, { [selector]: MISSING }));
        if (got !== '400 no such item') failures.push(`${menu} add ${selector}: ${got}`);
      }
      if (tree[menu].commands.includes('set') && !spec.unmodelled?.includes('set') && (tree[menu].args['set'] ?? []).includes('numbers')) {
        walked++;
        const got = refusal(() => state.update(menu, MISSING, {}));
        if (!got.startsWith('404') && got !== '400 no such item') failures.push(`${menu} set numbers: ${got}`);
      }
      if (ids() !== before) failures.push(`${menu}: changed`);
    }
    expect(failures).toEqual([]);
    expect(walked).toBeGreaterThan(300);
  });

  it('place an item before the one place-before names, and copy the one copy-from names', () => {
    const state = device(version);
    const first = state.list('ip/firewall/filter')[0]['.id'];
    const added = state.add('ip/firewall/filter', { chain: 'forward', action: 'drop', 'place-before': first, comment: 'first now' });
    expect(state.list('ip/firewall/filter')[0]['.id']).toBe(added['.id']);
    const copy = state.add('ip/firewall/filter', { 'copy-from': added['.id'], comment: 'copied' });
    expect(copy).toMatchObject({ chain: 'forward', action: 'drop', comment: 'copied' });
  });
});

describe('the text arguments', () => {
  it('are arguments of their menu that no rule checks, so the coverage page counts each once', () => {
    const rows = new Map(menuCoverage().map((r) => [r.path.slice(1), r]));
    for (const { path, arg, source } of textArgs()) {
      expect(ITEM_SELECTORS).not.toContain(arg);
      expect(source).toMatch(/^https:\/\/manual\.mikrotik\.com\/docs\/cli-reference\//);
      const newest = [...SUPPORTED_VERSIONS].reverse().find((v) => treeFor(v)[path]);
      const menu = treeFor(newest!)[path];
      expect([path, [...(menu?.args['add'] ?? []), ...(menu?.args['set'] ?? [])].includes(arg)]).toEqual([path, true]);
      expect(rows.get(path)).toBeDefined();
    }
  });
});
