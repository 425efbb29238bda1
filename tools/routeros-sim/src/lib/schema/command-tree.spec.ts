import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MENUS } from '../model/menus';
import { PROFILES, seedConfig } from '../model/profiles';
import { argDescription, commandArgs, printableMenus, storedSchema, SUPPORTED_VERSIONS, treeFor } from './menu-schema';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { extract } = require('../../../scripts/extract-schema.cjs') as { extract(dir: string): unknown };
// The trees are vendored at the repository root; ROUTEROS_INSPECT_DIR points elsewhere if needed.
const REFERENCE = process.env['ROUTEROS_INSPECT_DIR'] ?? join(__dirname, '..', '..', '..', '..', '..', 'reference', 'routeros-inspect');

describe("the simulator only serves what RouterOS's own command tree has", () => {
  it('ships a schema identical to a fresh extraction from the reference trees', () => {
    if (!existsSync(REFERENCE)) throw new Error(`reference command trees not found at ${REFERENCE}`);
    expect(storedSchema()).toEqual(extract(REFERENCE));
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
    expect(commandArgs(tree, 'tool/traceroute')).toEqual(expect.arrayContaining(['address', 'count']));
    expect(commandArgs(tree, 'interface/monitor-traffic')).toEqual(expect.arrayContaining(['interface', 'once']));
    expect(tree['ip/dns/cache']?.commands).toContain('flush');
    expect(tree['system/backup']?.commands).toContain('save');
    expect(commandArgs(tree, 'system/reboot')).toEqual([]);
    expect(commandArgs(tree, 'export')).toEqual(expect.arrayContaining(['file', 'terse', 'verbose', 'show-sensitive']));
    expect(commandArgs(tree, 'tool/ping')).toEqual(expect.arrayContaining(['address', 'count', 'interval', 'size']));
    expect(commandArgs(tree, 'ping')).toEqual(commandArgs(tree, 'tool/ping'));
  });

  it.each([
    ['7.15.3', 391],
    ['7.20.5', 396],
  ])('%s has every menu of its tree, %i of them printable, with each argument\'s value description', (version, printable) => {
    const tree = treeFor(version);
    expect(printableMenus(tree)).toHaveLength(printable);
    expect(tree['ip/settings']?.set).toContain('rp-filter');
    expect(tree['interface/wireguard/peers']?.add).toEqual(expect.arrayContaining(['interface', 'public-key', 'allowed-address']));
    expect(argDescription(version, 'ip/address', 'add', 'address')).toBe('A.B.C.D    (IP address)');
    expect(argDescription(version, 'ip/address', 'add', 'copy-from')).toBeUndefined();
  });

  it('shares one expanded tree per version and process', () => {
    expect(treeFor('7.20.5')).toBe(treeFor('7.20.5'));
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
