import { CommandTree, type InspectNode } from '@routeros-mcp/domain-changes';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MANAGEMENT_PATH_DEPENDENCIES } from '../management-path/management-path';
import { menuReach, NO_REACH_MENUS } from './menu-reach';

// The trees are vendored at the repository root; ROUTEROS_INSPECT_DIR points elsewhere.
const REFERENCE = process.env['ROUTEROS_INSPECT_DIR'] ?? join(__dirname, ...Array(6).fill('..'), 'reference', 'routeros-inspect');
const trees = ['7.15.3', '7.20.5'].map((v) => CommandTree.fromInspect(v, JSON.parse(readFileSync(join(REFERENCE, `${v}.json`), 'utf8')) as InspectNode));
const reachIn = (tree: CommandTree, path: string) => menuReach(path, tree.menu(path)!.commands.keys());
const inSomeTree = (path: string) => trees.some((t) => t.menu(path));

describe('the reach of a write to every menu of both trees', () => {
  it('classifies every menu, with a reason', () => {
    for (const tree of trees) {
      for (const path of tree.paths()) {
        const verdict = reachIn(tree, path);
        expect([path, ['none', 'modelled', 'unmodelled'].includes(verdict.reach), verdict.why.length > 10]).toEqual([path, true, true]);
      }
    }
  });

  it('never calls a writable menu `none` by default: only the listed ones, each a menu of a tree', () => {
    for (const tree of trees) {
      for (const path of tree.paths()) {
        const verdict = reachIn(tree, path);
        const writable = [...tree.menu(path)!.commands.keys()].some((c) => !['print', 'get', 'find', 'export', 'monitor', 'monitor-traffic'].includes(c));
        if (verdict.reach === 'none' && writable) expect([path, NO_REACH_MENUS[path] !== undefined]).toEqual([path, true]);
      }
    }
    for (const path of Object.keys(NO_REACH_MENUS)) expect([path, inSomeTree(path)]).toEqual([path, true]);
    expect(menuReach('ip/made-up', ['add', 'print']).reach).toBe('unmodelled');
  });

  it('calls `modelled` exactly the menus the management-path evaluation reads', () => {
    for (const tree of trees) {
      for (const path of tree.paths()) expect([path, reachIn(tree, path).reach === 'modelled']).toEqual([path, MANAGEMENT_PATH_DEPENDENCIES.includes(path)]);
    }
    // Every one of them is a menu of a tree, but those of the wireless packages the vendored (CHR) trees lack.
    const elsewhere = MANAGEMENT_PATH_DEPENDENCIES.filter((p) => !inSomeTree(p));
    expect(elsewhere.filter((p) => !/^(interface\/wifiwave2|interface\/wireless|caps-man)(\/|$)/.test(p))).toEqual([]);
  });

  it.each([
    ['ip/firewall/nat', 'modelled'],
    ['interface/bridge/vlan', 'modelled'],
    ['ip/service', 'modelled'],
    ['interface/wireguard/peers', 'modelled'],
    ['ip/settings', 'modelled'],
    ['ip/vrf', 'modelled'],
    ['ip/arp', 'modelled'],
    ['user', 'modelled'],
    ['user/group', 'modelled'],
    ['user/ssh-keys', 'modelled'],
    ['certificate', 'modelled'],
    ['certificate/crl', 'unmodelled'],
    ['ip/cloud', 'unmodelled'],
    ['system/scheduler', 'unmodelled'],
    ['ip/firewall/mangle', 'modelled'],
    ['system/identity', 'none'],
    ['snmp/community', 'none'],
    ['system/resource/cpu', 'none'],
  ])('%s is %s', (path, reach) => expect(reachIn(trees[1], path).reach).toBe(reach));
});
