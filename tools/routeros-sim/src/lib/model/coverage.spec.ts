import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { printableMenus, treeFor } from '../schema/menu-schema';
import { coverageMarkdown, hasMenuRule, menuCoverage } from './coverage';
import { MENU_BY_PATH } from './menus';

const PAGE = join(__dirname, '..', '..', '..', '..', '..', 'docs', 'simulator-coverage.md');

describe('the coverage page', () => {
  const rows = menuCoverage();

  it('lists every printable menu of both trees once', () => {
    for (const version of ['7.15.3', '7.20.5']) {
      const served = new Set(rows.filter((r) => r.versions.includes(version)).map((r) => r.path.slice(1)));
      for (const path of printableMenus(treeFor(version))) expect(served).toContain(path);
    }
    expect(new Set(rows.map((r) => r.path)).size).toBe(rows.length);
  });

  it('counts checked values within the arguments, and curated menus as curated', () => {
    for (const row of rows) expect(row.checked).toBeLessThanOrEqual(row.args);
    expect(rows.find((r) => r.path === '/ip/address')).toMatchObject({ served: 'curated', shape: 'table', writable: true });
    expect(rows.find((r) => r.path === '/ip/settings')).toMatchObject({ served: 'generic', shape: 'singleton', writable: true });
    expect(rows.find((r) => r.path === '/interface/wireless')).toMatchObject({ served: 'curated', versions: ['7.15.3', '7.20.5'] });
    expect(rows.find((r) => r.path === '/ip/address')!.checked).toBeGreaterThan(0);
  });

  it("counts a curated menu's own argRule as a check, and only for the arguments it covers", () => {
    const simple = MENU_BY_PATH.get('queue/simple')!;
    expect(hasMenuRule(simple, '7.20.5', 'add', 'max-limit')).toBe(true);
    expect(hasMenuRule(simple, '7.20.5', 'add', 'comment')).toBe(false);
    expect(hasMenuRule(MENU_BY_PATH.get('ip/address')!, '7.20.5', 'add', 'address')).toBe(false); // no argRule of its own
  });

  it('is what docs/simulator-coverage.md says', () => {
    const page = coverageMarkdown(rows);
    if (process.env['UPDATE_COVERAGE'] === '1') writeFileSync(PAGE, page);
    expect(readFileSync(PAGE, 'utf8')).toBe(page);
  });
});
