import type { ChangePlanner, RiskLevel, TouchedRow } from '../../change-planner';
import type { LiveRows, Row, RowOperation } from '../../row-operation';
import { WRITABLE } from '../common/menu-properties';
import { change, noChange } from '../common/outcome';
import { changedProps, configOf, rowsOf, sameValue } from '../common/rows';
import { managedComment, managedRows } from './managed-tag';

export type FirewallTable = 'filter' | 'nat';
export const FIREWALL_TABLE_MENU: Readonly<Record<FirewallTable, string>> = { filter: 'ip/firewall/filter', nat: 'ip/firewall/nat' };

/** One rule a plan owns, found on every device by its comment tag `mcp:<key>`. */
export interface ManagedRule {
  key: string;
  table: FirewallTable;
  /** Where the rule's block sits in its chain: before every other rule of the chain, or after them. */
  placement: 'top' | 'bottom';
  /** RouterOS properties (chain and action included), comment excluded: the planner writes `mcp:<key> <note>`. */
  props: Readonly<Record<string, string>>;
  note?: string;
}

export interface FirewallRulesInput {
  /** In order: the rules of one table, chain and placement stand in this order, next to each other, on every device. */
  rules: readonly ManagedRule[];
  /** Keys whose rules go (a key not on a device is already gone there). */
  remove: readonly { table: FirewallTable; key: string }[];
}

/** Values RouterOS prints for a property left at its default: not a difference worth an unset. */
const DEFAULTS: Readonly<Record<string, string>> = { disabled: 'false', log: 'false', 'log-prefix': '', action: 'accept' };
const isDefault = (name: string, value: string) => value === '' || (DEFAULTS[name] !== undefined && sameValue(DEFAULTS[name], value));

/** Longest run of items in increasing `rank` order (kept in place; the others are taken out and put back). */
function longestIncreasing<T>(items: readonly T[], rank: (t: T) => number): Set<T> {
  const best: T[][] = [];
  for (const item of items) {
    let chosen: T[] = [];
    for (const run of best) if (rank(run[run.length - 1]) < rank(item) && run.length > chosen.length) chosen = run;
    best.push([...chosen, item]);
  }
  return new Set(best.reduce<T[]>((a, b) => (b.length > a.length ? b : a), []));
}

interface TablePlan {
  removes: { row: Row; index: number }[];
  sets: RowOperation[];
  adds: RowOperation[];
  touched: TouchedRow[];
}

function planTable(live: LiveRows, table: FirewallTable, input: FirewallRulesInput): TablePlan {
  const menu = FIREWALL_TABLE_MENU[table];
  const writable = WRITABLE[menu];
  const rows = rowsOf(live, menu);
  const owned = managedRows(rows, menu);
  const desired = input.rules.filter((r) => r.table === table).map((r) => ({ ...r, row: { ...r.props, comment: managedComment(r.key, r.note) } as Row }));
  const out: TablePlan = { removes: [], sets: [], adds: [], touched: [] };
  const removeIds = new Set<string>();
  for (const { key } of input.remove.filter((r) => r.table === table)) {
    const row = owned.get(key);
    if (row) removeIds.add(row['.id']);
  }
  // The chain each row will be in once sets are written (a managed rule may change chain).
  const chainOf = new Map<string, string>(rows.map((r) => [r['.id'], r['chain'] ?? '']));
  for (const d of desired) {
    const row = owned.get(d.key);
    if (row) chainOf.set(row['.id'], d.row['chain']);
  }
  const groups = new Map<string, typeof desired>();
  for (const d of desired) groups.set(`${d.row['chain']} ${d.placement}`, [...(groups.get(`${d.row['chain']} ${d.placement}`) ?? []), d]);

  // Which existing managed rows stay where they are: in their zone of the chain and in the asked order.
  const kept = new Set<string>();
  const staying = rows.filter((r) => !removeIds.has(r['.id']));
  for (const group of groups.values()) {
    const { placement } = group[0];
    const chain = group[0].row['chain'];
    const blockIds = new Map(group.flatMap((d, i) => (owned.get(d.key) ? [[owned.get(d.key)!['.id'], i] as const] : [])));
    const chainRows = staying.filter((r) => chainOf.get(r['.id']) === chain);
    const others = chainRows.map((r, i) => ({ r, i })).filter(({ r }) => !blockIds.has(r['.id']));
    const inZone = chainRows.filter((r, i) => blockIds.has(r['.id']) && (others.length === 0 || (placement === 'top' ? i < others[0].i : i > others[others.length - 1].i)));
    for (const r of longestIncreasing(inZone, (r) => blockIds.get(r['.id'])!)) kept.add(r['.id']);
  }
  // Rows out of place are taken out and added back where they belong: moves cannot name rows not yet added.
  for (const d of desired) {
    const row = owned.get(d.key);
    if (row && !kept.has(row['.id'])) removeIds.add(row['.id']);
  }
  rows.forEach((row, index) => {
    if (removeIds.has(row['.id'])) out.removes.push({ row, index });
  });
  const after = rows.filter((r) => !removeIds.has(r['.id']));
  for (const group of groups.values()) {
    const { placement } = group[0];
    const chain = group[0].row['chain'];
    const chainRows = after.filter((r) => chainOf.get(r['.id']) === chain);
    const groupIds = new Set(group.map((d) => owned.get(d.key)?.['.id']));
    const others = chainRows.filter((r) => !groupIds.has(r['.id']));
    // Where the block ends: before the chain's first other rule (top), or right after the chain's last rule (bottom).
    let anchor: string | undefined;
    if (placement === 'top') anchor = others[0]?.['.id'];
    else {
      const last = chainRows[chainRows.length - 1];
      anchor = last ? after[after.indexOf(last) + 1]?.['.id'] : undefined;
    }
    group.forEach((d, i) => {
      const row = owned.get(d.key);
      if (row && kept.has(row['.id'])) {
        const before = configOf(row, writable);
        const props = changedProps(before, d.row);
        const unset = Object.entries(before).filter(([name, value]) => d.row[name] === undefined && !isDefault(name, value)).map(([name]) => name);
        if (Object.keys(props).length > 0 || unset.length > 0) {
          out.sets.push({ kind: 'set', menu, id: row['.id'], props, ...(unset.length ? { unset } : {}) });
          const next: Record<string, string> = { ...before, ...props };
          for (const name of unset) delete next[name];
          out.touched.push({ menu, id: row['.id'], before, after: next });
        }
        return;
      }
      const nextKept = group.slice(i + 1).map((n) => owned.get(n.key)).find((r) => r && kept.has(r['.id']));
      const placeBefore = nextKept?.['.id'] ?? anchor;
      out.adds.push({ kind: 'add', menu, props: d.row, ...(placeBefore ? { placeBefore } : {}) });
      out.touched.push({ menu, after: d.row });
    });
  }
  return out;
}

/** Input-chain filter rules decide what reaches the router itself, the management path included. */
const riskOf = (touched: readonly TouchedRow[]): RiskLevel => (touched.some((t) => t.menu === FIREWALL_TABLE_MENU.filter && (t.before?.['chain'] === 'input' || t.after?.['chain'] === 'input')) ? 'high' : 'medium');

/**
 * firewall_rules: makes the `mcp:<key>`-tagged filter and NAT rules of a plan hold exactly the given properties, in
 * the given order, at the top or bottom of their chain, on any device whatever its own rules; removes the keys asked.
 * Untagged rules and other keys are never written. Rules already in place are set (changed properties only); rules
 * out of place are removed and added back in place (removals first, from the bottom, so every undo re-adds before
 * a row that is still there). A device already in that state is no change.
 */
export const firewallRulesPlanner: ChangePlanner<FirewallRulesInput> = {
  reads: (input) => [...new Set([...input.rules.map((r) => r.table), ...input.remove.map((r) => r.table)])].sort().map((t) => FIREWALL_TABLE_MENU[t]),
  propose(live, input) {
    const tables = (['filter', 'nat'] as const).filter((t) => input.rules.some((r) => r.table === t) || input.remove.some((r) => r.table === t));
    const plans = tables.map((t) => ({ table: t, plan: planTable(live, t, input) }));
    const operations: RowOperation[] = [];
    const touched: TouchedRow[] = [];
    for (const { table, plan } of plans) {
      const menu = FIREWALL_TABLE_MENU[table];
      for (const { row } of [...plan.removes].sort((a, b) => b.index - a.index)) {
        operations.push({ kind: 'remove', menu, id: row['.id'] });
        touched.push({ menu, id: row['.id'], before: configOf(row, WRITABLE[menu]) });
      }
    }
    for (const { plan } of plans) operations.push(...plan.sets);
    for (const { plan } of plans) operations.push(...plan.adds);
    for (const { plan } of plans) touched.push(...plan.touched);
    if (operations.length === 0) return noChange(`the ${input.rules.length} managed rule(s) are in place and ${input.remove.length} removed key(s) absent`);
    const count = (kind: RowOperation['kind']) => operations.filter((o) => o.kind === kind).length;
    return change({
      summary: `firewall rules: ${count('add')} added, ${count('set')} changed, ${count('remove')} removed (tagged mcp:<key>, order as planned)`,
      operations,
      touched,
      risk: riskOf(touched),
    });
  },
};
