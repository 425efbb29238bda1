import { CommandTree, type InspectNode } from '@routeros-mcp/domain-changes';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLASSIFIED_COMMANDS, commandVerdict } from './menu-commands';

// The trees are vendored at the repository root; ROUTEROS_INSPECT_DIR points elsewhere.
const REFERENCE = process.env['ROUTEROS_INSPECT_DIR'] ?? join(__dirname, ...Array(6).fill('..'), 'reference', 'routeros-inspect');
const trees = ['7.15.3', '7.20.5'].map((v) => CommandTree.fromInspect(v, JSON.parse(readFileSync(join(REFERENCE, `${v}.json`), 'utf8')) as InspectNode));

describe("what every menu's commands may do through the change pipeline", () => {
  it('classifies every command of both trees (none left to the unclassified refusal)', () => {
    const unclassified: string[] = [];
    for (const tree of trees) {
      for (const path of tree.paths()) {
        for (const command of tree.menu(path)!.commands.keys()) {
          if (/not classified/.test(commandVerdict(path, command).why)) unclassified.push(`${tree.version} /${path} ${command}`);
        }
      }
    }
    expect(unclassified).toEqual([]);
  });

  it('lists only commands a tree has', () => {
    const stale = CLASSIFIED_COMMANDS.filter(([menu, command]) => !trees.some((t) => t.menu(menu)?.commands.has(command)));
    expect(stale).toEqual([]);
  });

  it.each([
    ['system', 'reset-configuration', 'refused'],
    ['system/package', 'uninstall', 'refused'],
    ['system/package', 'downgrade', 'refused'],
    ['system/license', 'renew', 'refused'],
    ['system/license', 'set', 'refused'],
    ['ip/ssh', 'regenerate-host-key', 'refused'],
    ['safe-mode', 'take', 'refused'],
    ['', 'import', 'refused'],
    ['ip/firewall/nat', 'edit', 'refused'],
    ['system', 'reboot', 'plan_only'],
    ['system', 'shutdown', 'plan_only'],
    ['system/package/update', 'install', 'plan_only'],
    ['system/script', 'run', 'plan_only'],
    ['tool', 'fetch', 'plan_only'],
    ['ip/dhcp-server/lease', 'make-static', 'allowed'],
    ['ip/firewall/nat', 'add', 'allowed'],
    ['ip/firewall/filter', 'reset-counters-all', 'allowed'],
    ['ip/firewall/nat', 'print', 'not_a_change'],
    ['interface/bridge', 'monitor', 'not_a_change'],
    ['tool', 'ping', 'not_a_change'],
    ['ip/made-up', 'frobnicate', 'refused'],
  ])('/%s %s is %s', (menu, command, kind) => expect(commandVerdict(menu, command).kind).toBe(kind));
});
