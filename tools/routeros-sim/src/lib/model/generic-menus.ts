import type { TreeMenu, TreeSchema } from '../schema/menu-schema';
import type { MenuSpec } from './menu-spec';
import { MENUS } from './menus';
import { factoryBools } from './factory-defaults';
import { genericReadOnly } from './generic-read-only';
import { hasCuratedRule } from './arg-rules';
import { checkRef, GENERIC_REFS, genericRefsOf } from './generic-refs';
import { checkAddress, GENERIC_ADDRESSES } from './generic-addresses';
import { checkGenericValue, GENERIC_ARG_BOOLS, GENERIC_MENU_BOOLS, GENERIC_VALUES } from './generic-values';
import { treeRule } from './tree-rules';
import { ROUTING_ARG_BOOLS, ROUTING_GENERIC_VALUES } from './routing-values';
import { BRIDGE_GENERIC_VALUES } from './bridge-values';
import { TUNNEL_ARG_BOOLS, TUNNEL_GENERIC_VALUES } from './tunnel-values';
import { SERVICE_TOOL_ARG_BOOLS, SERVICE_TOOL_VALUES } from './service-tool-values';
import { ROUTING_MORE_ARG_BOOLS, ROUTING_MORE_VALUES } from './routing-more-values';
import { IP_TOOL_ARG_BOOLS, IP_TOOL_VALUES } from './ip-tool-values';
import { INTERFACE_MORE_ARG_BOOLS, INTERFACE_MORE_GENERIC_VALUES } from './interface-more-values';
import { SYSTEM_ARG_BOOLS, SYSTEM_GENERIC_VALUES } from './system-values';

/**
 * Value rules of a generic menu: model/generic-values.ts's, the routing menus' (model/routing-values.ts), the bridge's
 * and link menus' (model/bridge-values.ts, tunnel-values.ts), the proxy, SOCKS, sniffer and traffic generator menus'
 * (model/service-tool-values.ts).
 */
const valuesOf = (path: string) => ({ ...GENERIC_VALUES[path], ...ROUTING_GENERIC_VALUES[path], ...BRIDGE_GENERIC_VALUES[path], ...TUNNEL_GENERIC_VALUES[path], ...SERVICE_TOOL_VALUES[path], ...ROUTING_MORE_VALUES[path], ...IP_TOOL_VALUES[path], ...INTERFACE_MORE_GENERIC_VALUES[path], ...SYSTEM_GENERIC_VALUES[path] });
const argBoolsOf = (path: string) => [...(GENERIC_ARG_BOOLS[path]?.args ?? []), ...(ROUTING_ARG_BOOLS[path]?.args ?? []), ...(TUNNEL_ARG_BOOLS[path]?.args ?? []), ...(SERVICE_TOOL_ARG_BOOLS[path]?.args ?? []), ...(ROUTING_MORE_ARG_BOOLS[path]?.args ?? []), ...(IP_TOOL_ARG_BOOLS[path]?.args ?? []), ...(INTERFACE_MORE_ARG_BOOLS[path]?.args ?? []), ...(SYSTEM_ARG_BOOLS[path]?.args ?? [])];

/**
 * Booleans of generic menus: the tree gives most booleans no description, so the names curated menus treat as
 * yes/no (`log`, `blackhole`, `hw`…) are booleans wherever else the tree has them, taking
 * `yes|no|true|false` and stored as `true`/`false`. Left free, because somewhere they take more than yes/no:
 * `enabled` (`auto` in /ip/firewall/connection/tracking), `use-peer-dns` (`exclusive` on PPP clients),
 * `add-default-route` (`special-classless`), `edge` (`auto`, `yes-discover`), `advertise` (speeds, profiles),
 * `dynamic` (a read-only flag), `template` (an IPsec policy's flag, a SCEP RA's certificate template). Chosen without a source beyond the manual's pages for those menus (docs/simulator.md).
 * A menu's factory values (model/factory-defaults.ts) add the properties they show as yes/no there (`/snmp enabled`).
 */
const NOT_ALWAYS_BOOLEAN = new Set(['enabled', 'use-peer-dns', 'add-default-route', 'edge', 'advertise', 'dynamic', 'template']);
export const GENERIC_BOOLS: ReadonlySet<string> = new Set(MENUS.flatMap((m) => m.bools ?? []).filter((name) => !NOT_ALWAYS_BOOLEAN.has(name)));

/**
 * The behaviour of a menu nobody curated, read from the command tree alone: a table when it has items (`add`,
 * `remove`, or `find` that selects them), a singleton when it has no items (`set` makes it writable: `/ip/settings`;
 * without `set` it is a read-only object such as `/system/license`). Generic menus start empty (a singleton has no
 * values yet), which keeps every existing profile's prints and exports as they were.
 */
export function genericMenu(path: string, menu: TreeMenu, tree?: TreeSchema): MenuSpec {
  const has = (command: string) => menu.commands.includes(command);
  const items = has('add') || has('remove') || has('find');
  if (!items) {
    // A singleton whose every argument the manual gives as yes/no (model/generic-values.ts GENERIC_MENU_BOOLS).
    const allBools = GENERIC_MENU_BOOLS[path] !== undefined;
    const bools = (menu.set ?? []).filter((arg) => allBools || GENERIC_BOOLS.has(arg) || factoryBools(path).includes(arg) || argBoolsOf(path).includes(arg)).sort();
    const single: MenuSpec = { path, kind: 'singleton', writable: has('set'), generic: true, ...(bools.length > 0 ? { bools } : {}) };
    if (tree) withValueChecks(single, menu.set ?? [], tree);
    return single;
  }
  const spec: MenuSpec = { path, kind: 'table', writable: has('add') || has('set') || has('remove'), generic: true };
  // Where rows can be disabled RouterOS prints `disabled` on every row, `false` unless set.
  const bools = [...new Set([...(menu.add ?? []), ...(menu.set ?? [])])].filter((arg) => GENERIC_BOOLS.has(arg) || factoryBools(path).includes(arg) || argBoolsOf(path).includes(arg)).sort();
  if (bools.length > 0) spec.bools = bools;
  if (menu.add?.includes('disabled')) spec.defaults = { disabled: 'false' };
  // Read-only values RouterOS computes (counters from zero, flags), from the manual (model/generic-read-only.ts).
  const readOnly = genericReadOnly(path, [...(menu.add ?? []), ...(menu.set ?? [])]);
  if (readOnly) spec.computed = () => readOnly;
  if (tree) withValueChecks(spec, [...new Set([...(menu.add ?? []), ...(menu.set ?? [])])], tree);
  return spec;
}

/**
 * References (model/generic-refs.ts), address syntax (model/generic-addresses.ts) and time/integer syntax
 * (model/generic-values.ts) of a generic menu, resolved once per tree: a curated rule for the same argument wins,
 * and an address or value rule applies only where the tree gives no description of its own (or `see documentation`).
 */
function withValueChecks(spec: MenuSpec, args: string[], tree: TreeSchema): void {
  const listed = { ...GENERIC_REFS[spec.path], ...GENERIC_ADDRESSES[spec.path], ...valuesOf(spec.path) };
  // Only arguments the tables name are probed for a curated rule: the start of a large fleet stays as fast.
  const free = args.filter((arg) => listed[arg] !== undefined && !hasCuratedRule(spec.path, arg));
  const refs = genericRefsOf(spec.path, free, (p) => tree[p] !== undefined);
  const addresses = Object.fromEntries(Object.entries(GENERIC_ADDRESSES[spec.path] ?? {}).filter(([arg]) => free.includes(arg) && !refs?.[arg]));
  const values = Object.fromEntries(Object.entries(valuesOf(spec.path)).filter(([arg]) => free.includes(arg) && !refs?.[arg] && !addresses[arg]));
  if (!refs && Object.keys(addresses).length === 0 && Object.keys(values).length === 0) return;
  if (refs) spec.refTargets = Object.fromEntries(Object.entries(refs).map(([arg, rule]) => [arg, rule.menus]));
  spec.addressArgs = Object.keys(addresses);
  spec.valueArgs = Object.keys(values);
  spec.argRule = (key, value, ctx) => {
    const ref = refs?.[key];
    if (ref) return checkRef(ref, key, value, ctx.rowsOf);
    const address = addresses[key];
    const rule = values[key];
    if (!address && !rule) return undefined;
    const described = treeRule(ctx.version, spec.path, ctx.command, key);
    if (described && described.kind !== 'free') return undefined;
    return address ? checkAddress(address, key, value) : checkGenericValue(rule, key, value);
  };
}

const byTree = new WeakMap<TreeSchema, Map<string, MenuSpec>>();

/** The generic spec of every printable menu of a tree: built once per process and version, shared by all devices. */
export function genericMenuOf(tree: TreeSchema, path: string): MenuSpec | undefined {
  let specs = byTree.get(tree);
  if (!specs) {
    specs = new Map(Object.entries(tree).filter(([, menu]) => menu.commands.includes('print')).map(([p, menu]) => [p, genericMenu(p, menu, tree)]));
    byTree.set(tree, specs);
  }
  return specs.get(path);
}
