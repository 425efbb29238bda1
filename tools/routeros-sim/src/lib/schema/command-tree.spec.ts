import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MENUS } from '../model/menus';
import { PROFILES, seedConfig } from '../model/profiles';
import { SUPPORTED_VERSIONS, treeFor, treeSchemas } from './menu-schema';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { extract } = require('../../../scripts/extract-schema.cjs') as { extract(dir: string): unknown };
// The trees are vendored at the repository root; ROUTEROS_INSPECT_DIR points elsewhere if needed.
const REFERENCE = process.env['ROUTEROS_INSPECT_DIR'] ?? join(__dirname, '..', '..', '..', '..', '..', 'reference', 'routeros-inspect');

describe("the simulator only serves what RouterOS's own command tree has", () => {
  it('ships a schema identical to a fresh extraction from the reference trees', () => {
    if (!existsSync(REFERENCE)) throw new Error(`reference command trees not found at ${REFERENCE}`);
    expect(treeSchemas()).toEqual(extract(REFERENCE));
  });

  it.each(SUPPORTED_VERSIONS)('every base-package menu exists in %s', (version) => {
    const tree = treeFor(version);
    const missing = MENUS.filter((m) => !m.package && !tree[m.path]).map((m) => m.path);
    expect(missing).toEqual([]);
  });

  it.each(SUPPORTED_VERSIONS)('every property a writable menu defaults, requires, normalises or references is an argument of add or set in %s', (version) => {
    const tree = treeFor(version);
    const problems: string[] = [];
    for (const menu of MENUS.filter((m) => m.writable && !m.package && m.path !== 'interface')) {
      const args = new Set([...(tree[menu.path]?.add ?? []), ...(tree[menu.path]?.set ?? [])]);
      const fields = [...Object.keys(menu.defaults ?? {}), ...(menu.required ?? []), ...(menu.bools ?? []), ...Object.keys(menu.refs ?? {}), ...(menu.unique ? [menu.unique] : [])];
      for (const field of fields) if (!args.has(field)) problems.push(`${menu.path} ${field}`);
    }
    expect(problems).toEqual([]);
  });

  it.each(SUPPORTED_VERSIONS)('every command the simulator runs exists in %s', (version) => {
    const tree = treeFor(version);
    expect(tree['tool/ping']?.type).toBe('cmd');
    expect(tree['tool/traceroute']?.type).toBe('cmd');
    expect(tree['interface/monitor-traffic']?.type).toBe('cmd');
    expect(tree['ip/dns/cache']?.commands).toContain('flush');
    expect(tree['system/backup']?.commands).toContain('save');
    expect(tree['system/reboot']?.type).toBe('cmd');
    expect(tree['tool/ping']?.args).toEqual(expect.arrayContaining(['address', 'count', 'interval', 'size']));
  });

  it.each(PROFILES.flatMap((p) => SUPPORTED_VERSIONS.map((v) => [p, v] as const)))('profile %s on %s seeds only menus that version serves', (profile, version) => {
    const config = seedConfig({ profile, version, identity: 'x', index: 0, users: [] });
    const tree = treeFor(version);
    const unknown = Object.keys(config.tables).filter((path) => {
      const spec = MENUS.find((m) => m.path === path);
      return !spec || (spec.package ? !config.packages.includes(spec.package) : !tree[path]);
    });
    expect(unknown).toEqual([]);
  });
});
