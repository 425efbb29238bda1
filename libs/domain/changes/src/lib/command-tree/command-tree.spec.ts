import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CommandTree, normaliseMenuPath, type InspectNode } from './command-tree';

// The trees are vendored at the repository root; ROUTEROS_INSPECT_DIR points elsewhere.
const REFERENCE = process.env['ROUTEROS_INSPECT_DIR'] ?? join(__dirname, ...Array(6).fill('..'), 'reference', 'routeros-inspect');
const load = (version: string) => CommandTree.fromInspect(version, JSON.parse(readFileSync(join(REFERENCE, `${version}.json`), 'utf8')) as InspectNode);

describe('CommandTree', () => {
  const trees = { '7.15.3': load('7.15.3'), '7.20.5': load('7.20.5') };

  it('reads every menu of the vendored trees, the root and the top groups included', () => {
    // 417 dir and 6 path nodes in 7.20.5, plus the root; 7.15.3 lacks some menus and has others.
    expect(trees['7.20.5'].paths()).toHaveLength(424);
    expect(trees['7.15.3'].paths()).toHaveLength(419);
    expect(trees['7.20.5'].menu('')?.children).toContain('ip');
    expect(trees['7.20.5'].menu('ip')?.children).toContain('ip/firewall');
    expect(trees['7.15.3'].menu('safe-mode')).toBeUndefined();
    expect(trees['7.20.5'].menu('safe-mode')).toBeDefined();
  });

  it("keeps each command with its arguments and RouterOS's description of their values", () => {
    const nat = trees['7.20.5'].menu('ip/firewall/nat')!;
    expect([...nat.commands.keys()]).toEqual(expect.arrayContaining(['add', 'set', 'remove', 'move', 'print', 'unset']));
    const add = nat.commands.get('add')!;
    expect(add.args.get('chain')).toEqual({ name: 'chain' });
    expect(add.args.get('address-list-timeout')?.desc).toMatch(/time interval/);
    expect(add.args.has('place-before')).toBe(true);
    expect(trees['7.20.5'].menu('ip/dhcp-server/lease')?.commands.has('make-static')).toBe(true);
  });

  it('suggests the nearest menus for a path that is none, siblings first', () => {
    expect(trees['7.20.5'].closest('ip/firewall/nta')[0]).toBe('ip/firewall/nat');
    expect(trees['7.20.5'].closest('interface/wireguard/peer')[0]).toBe('interface/wireguard/peers');
    expect(trees['7.20.5'].closest('ip/fw', 3)).toHaveLength(3);
  });
});

describe('normaliseMenuPath', () => {
  it.each([
    ['/ip/firewall/nat', 'ip/firewall/nat'],
    ['ip/firewall/nat', 'ip/firewall/nat'],
    ['/ip firewall nat', 'ip/firewall/nat'],
    ['  /interface/wireguard/peers/ ', 'interface/wireguard/peers'],
    ['/', ''],
  ])('reads %j as %j', (input, path) => expect(normaliseMenuPath(input)).toBe(path));

  it.each(['/ip//nat', '/IP/address', '/ip/address;/system/reboot', '/ip/../system', '/ip/address print', `/${'a/'.repeat(120)}`])('refuses %j', (input) => {
    expect(normaliseMenuPath(input)).toBeUndefined();
  });
});
