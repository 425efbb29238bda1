import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChangePlanner } from '../change-planner';
import type { RowOperation } from '../row-operation';
import { WRITABLE } from './common/menu-properties';
import { LIVE, liveFor } from './testing/live-rows.fixture';
import * as planners from './index';

// The trees are vendored at the repository root; ROUTEROS_INSPECT_DIR points elsewhere.
const REFERENCE = process.env['ROUTEROS_INSPECT_DIR'] ?? join(__dirname, ...Array(6).fill('..'), 'reference', 'routeros-inspect');
const VERSIONS = ['7.15.3', '7.20.5'];

type Node = { _type?: string } & { [name: string]: Node };
const trees = new Map<string, Node>();
function menuOf(version: string, menu: string): Node | undefined {
  if (!trees.has(version)) trees.set(version, JSON.parse(readFileSync(join(REFERENCE, `${version}.json`), 'utf8')) as Node);
  return menu.split('/').reduce<Node | undefined>((node, part) => node?.[part], trees.get(version));
}
const argsOf = (node: Node | undefined, command: string) => new Set(Object.keys(node?.[command] ?? {}).filter((k) => k !== '_type'));

/** One request per planner that makes it write, so every operation kind it can emit is checked. */
const CASES: [string, ChangePlanner<never>, unknown][] = [
  ['ip_add_address', planners.ipAddAddressPlanner as ChangePlanner<never>, { address: '172.16.9.1/30', interface: 'ether3', comment: 'x' }],
  ['ip_remove_address', planners.ipRemoveAddressPlanner as ChangePlanner<never>, { address: '10.100.1.2/24' }],
  ['interface_set_comment', planners.interfaceSetCommentPlanner as ChangePlanner<never>, { interface: 'ether3', comment: 'x' }],
  ['interface_set_enabled', planners.interfaceSetEnabledPlanner as ChangePlanner<never>, { interface: 'ether3', enabled: false }],
  ['firewall_update_address_list', planners.addressListUpdatePlanner as ChangePlanner<never>, { list: 'mcp-blocklist', add: [{ address: '10.0.0.1', timeout: '1h', comment: 'x' }], remove: ['192.0.2.66'] }],
  ['firewall_add_filter_rule', planners.filterAddRulePlanner as ChangePlanner<never>, { rule: { chain: 'input', action: 'reject', 'reject-with': 'tcp-reset', protocol: 'tcp', 'src-address': '10.0.0.0/8', 'dst-address': '10.100.1.1', 'src-address-list': 'a', 'dst-address-list': 'b', 'src-port': '1024-65535', 'dst-port': '22', 'in-interface': 'ether1', 'out-interface': 'ether2', 'in-interface-list': 'WAN', 'out-interface-list': 'LAN', 'connection-state': ['new'], 'connection-nat-state': ['dstnat'], log: true, 'log-prefix': 'x', comment: 'x', disabled: true }, place_before: { id: '*2', position: 2 } }],
  ['firewall_update_filter_rule', planners.filterUpdateRulePlanner as ChangePlanner<never>, { id: '*3', position: 3, set: { protocol: 'tcp', 'dst-port': '443', comment: '' } }],
  ['firewall_remove_filter_rule', planners.filterRemoveRulePlanner as ChangePlanner<never>, { id: '*3', position: 3 }],
  ['firewall_move_filter_rule', planners.filterMoveRulePlanner as ChangePlanner<never>, { id: '*3', position: 3, place_before: { id: '*1', position: 1 } }],
  ['routing_add_static_route', planners.routeAddPlanner as ChangePlanner<never>, { 'dst-address': '172.20.0.0/16', gateway: '10.100.1.254', distance: 2, 'routing-table': 'mgmt', comment: 'x' }],
  ['routing_remove_static_route', planners.routeRemovePlanner as ChangePlanner<never>, { 'dst-address': '10.0.0.0/8' }],
  ['dhcp_add_static_lease', planners.leaseAddPlanner as ChangePlanner<never>, { address: '192.168.88.30', 'mac-address': 'DC:A6:32:01:02:03', server: 'defconf', comment: 'x' }],
  ['dhcp_remove_static_lease', planners.leaseRemovePlanner as ChangePlanner<never>, { 'mac-address': '4C:5E:0C:AA:00:01' }],
];

/** What RouterOS's command tree says is wrong with one operation: its menu, command or arguments. */
function problems(version: string, op: RowOperation): string[] {
  const node = menuOf(version, op.menu);
  if (!node) return [`/${op.menu} is no menu`];
  const out: string[] = [];
  const need = (command: string, args: string[]) => {
    if (!node[command]) return out.push(`/${op.menu} has no ${command}`);
    const known = argsOf(node, command);
    for (const arg of args) if (!known.has(arg)) out.push(`/${op.menu} ${command} takes no ${arg}`);
  };
  if (op.kind === 'add') need('add', [...Object.keys(op.props), ...(op.placeBefore ? ['place-before'] : [])]);
  if (op.kind === 'set') need('set', ['numbers', ...Object.keys(op.props)]);
  if (op.kind === 'set' && op.unset) need('unset', ['numbers', 'value-name']);
  if (op.kind === 'remove') need('remove', ['numbers']);
  if (op.kind === 'move') need('move', ['numbers', ...(op.destination ? ['destination'] : [])]);
  return out;
}

describe("the planners write only what RouterOS's command tree has", () => {
  beforeAll(() => {
    if (!existsSync(REFERENCE)) throw new Error(`reference command trees not found at ${REFERENCE}`);
  });

  it.each(VERSIONS)('every touched property a before-state keeps is an add or set argument in %s', (version) => {
    const missing = Object.entries(WRITABLE).flatMap(([menu, props]) => {
      const node = menuOf(version, menu);
      const args = new Set([...argsOf(node, 'add'), ...argsOf(node, 'set')]);
      return props.filter((p) => !args.has(p)).map((p) => `${menu} ${p}`);
    });
    expect(missing).toEqual([]);
  });

  describe.each(VERSIONS)('RouterOS %s', (version) => {
    it.each(CASES)('%s reads real menus and writes real commands and properties', (_name, planner, input) => {
      const reads = planner.reads(input as never);
      expect(reads.filter((menu) => !menuOf(version, menu))).toEqual([]);
      const outcome = planner.propose(liveFor(reads, LIVE), input as never);
      if (outcome.kind !== 'change') throw new Error(`expected a change, got: ${outcome.reason}`);
      expect(outcome.proposal.operations.flatMap((op) => problems(version, op))).toEqual([]);
      // Every touched row names its menu and, unless it is new, its row; values are RouterOS strings.
      for (const row of outcome.proposal.touched) {
        expect(reads).toContain(row.menu);
        for (const value of Object.values({ ...row.before, ...row.after })) expect(typeof value).toBe('string');
      }
    });
  });
});
