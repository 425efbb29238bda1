import { InvalidArgumentError, isSecretRouterOsProperty } from '@routeros-mcp/domain-kernel';
import { distance } from 'fastest-levenshtein';
import { applyOperations, isPlaceholderId, placeholderId, rowOf } from '../apply-operations';
import type { ChangePlanner, ProposalOutcome, RiskLevel, TouchedRow } from '../change-planner';
import { checkValue } from '../command-tree/value-description';
import { ChangeNotPermittedError, ChangePreconditionError, ChangeTargetNotFoundError } from '../planners/errors/planner-errors';
import { boolWord, changedProps, isDynamic, isTrue, sameValue } from '../planners/common/rows';
import type { LiveRows, Row, RowOperation } from '../row-operation';
import type { MenuChangeInput, MenuOperation, RowSelector } from './menu-operation';
import { missingReference, referenceReads } from './menu-references';
import { usageReads, usedBy } from './menu-usage';
import type { MenuShape } from './menu-shape';

/** A row an operation acts on; `id` absent for a singleton's one row. */
interface Selected {
  id?: string;
  row: Row;
}

/** Commands made for the rows RouterOS made (a dynamic lease made static): they act on dynamic rows. */
const ON_DYNAMIC_ROWS: ReadonlySet<string> = new Set(['make-static']);

/** The argument names an input writes or matches on, for the reference menus read beside the menu. */
function namesIn(input: MenuChangeInput): string[] {
  return input.operations.flatMap((o) => [...Object.keys('values' in o && o.values ? o.values : {}), ...Object.keys('where' in o && o.where ? o.where : {})]);
}

/** Plans one menu's operations against its live rows; every refusal names the operation and argument at fault. */
class MenuChange {
  private readonly operations: RowOperation[] = [];

  constructor(
    private readonly shape: MenuShape,
    private readonly live: LiveRows,
    private readonly input: MenuChangeInput,
  ) {}

  private get menu() {
    return `/${this.shape.path}`;
  }

  /** The state the next operation sees: the live rows with every earlier operation applied. */
  private state(): readonly Row[] {
    return applyOperations(this.live, this.operations)[this.shape.path] ?? [];
  }

  plan(): RowOperation[] {
    if (this.shape.refusal !== undefined) throw new ChangeNotPermittedError(`writes to ${this.menu} are refused: ${this.shape.refusal}`, { path: this.menu });
    this.input.operations.forEach((op, i) => this.operations.push(...this.one(op, `operations[${i}]`)));
    return this.operations;
  }

  /** A menu without `unset` (its tree says) is restored by writing "" where a property was absent. */
  private withoutUnset(): { withoutUnset?: true } {
    return this.shape.commands.has('unset') ? {} : { withoutUnset: true };
  }

  private needs(command: string, field: string, what = command): void {
    if (this.shape.commands.has(command)) return;
    const hint = this.shape.singleton ? `: it holds one row, change it with set` : '';
    throw new InvalidArgumentError(`${field}.op`, `${this.menu} has no ${what} on RouterOS ${this.shape.treeVersion}${hint}`, [...this.shape.commands].filter((c) => ['add', 'set', 'remove', 'enable', 'disable', 'unset', 'move'].includes(c)));
  }

  private one(op: MenuOperation, field: string): RowOperation[] {
    const menu = this.shape.path;
    switch (op.op) {
      case 'add': {
        this.needs('add', field);
        const props = this.checked(this.shape.addArgs, op.values, 'add', `${field}.values`);
        if (op.place_before === undefined) return [{ kind: 'add', menu, props }];
        if (!this.shape.placeable) throw new InvalidArgumentError(`${field}.place_before`, `${this.menu} keeps no order: add takes no place-before`);
        this.byId(op.place_before, `${field}.place_before`);
        return [{ kind: 'add', menu, props, placeBefore: op.place_before }];
      }
      case 'set': {
        this.needs('set', field);
        const props = this.checked(this.shape.setArgs, op.values, 'set', `${field}.values`);
        return this.select(op, field).flatMap(({ id, row }) => {
          const changed = changedProps(row, props);
          // A file is named by its path: renaming one the configuration uses breaks what names it.
          if (changed['name'] !== undefined && this.shape.path === 'file') this.notInUse(id!, row, 'renaming');
          return Object.keys(changed).length ? [{ kind: 'set' as const, menu, ...(id !== undefined ? { id } : {}), props: changed, ...this.withoutUnset() }] : [];
        });
      }
      case 'unset': {
        this.needs('unset', field);
        op.names.forEach((name, j) => this.known(this.shape.setArgs, name, 'unset', `${field}.names[${j}]`));
        return this.select(op, field).flatMap(({ id, row }) => {
          const names = op.names.filter((n) => row[n] !== undefined);
          return names.length ? [{ kind: 'set' as const, menu, ...(id !== undefined ? { id } : {}), props: {}, unset: names }] : [];
        });
      }
      case 'enable':
      case 'disable': {
        if (!this.shape.commands.has(op.op) && !this.shape.setArgs.has('disabled')) this.needs(op.op, field);
        const disabled = op.op === 'disable';
        return this.select(op, field).flatMap(({ id, row }) =>
          isTrue(row['disabled']) === disabled ? [] : [{ kind: 'set' as const, menu, ...(id !== undefined ? { id } : {}), props: { disabled: boolWord(disabled) }, ...this.withoutUnset() }],
        );
      }
      case 'remove': {
        this.needs('remove', field);
        return this.select(op, field).map(({ id, row }) => {
          if (isTrue(row['builtin']) || isTrue(row['default'])) throw new ChangeNotPermittedError(`${this.menu} ${id} is built in: RouterOS keeps it`, { path: this.menu, id });
          this.notInUse(id!, row, 'removing');
          return { kind: 'remove' as const, menu, id: id!, restore: [...this.shape.addArgs.keys()], ...(this.shape.placeable ? { ordered: true } : {}) };
        });
      }
      case 'move': {
        this.needs('move', field);
        const rows = this.state();
        this.byId(op.id, `${field}.id`);
        if (op.before !== undefined) this.byId(op.before, `${field}.before`);
        if (op.before === op.id) throw new InvalidArgumentError(`${field}.before`, 'a row cannot move before itself');
        const at = rows.findIndex((r) => r['.id'] === op.id);
        const next = rows[at + 1]?.['.id'];
        if (next === op.before) return [];
        return [{ kind: 'move', menu, id: op.id, ...(op.before !== undefined ? { destination: op.before } : {}) }];
      }
      case 'action':
        return [this.action(op, field)];
    }
  }

  /** Refuses a change to a row the configuration uses (a service's certificate, a container's image). */
  private notInUse(id: string, row: Row, doing: string): void {
    const use = usedBy(this.live, this.shape.path, row);
    if (use) throw new ChangeNotPermittedError(`${doing} ${this.menu} ${id} (${row['name']}) would break what uses it: ${use}; change that first`, { path: this.menu, id, used_by: use });
  }

  private action(op: Extract<MenuOperation, { op: 'action' }>, field: string): RowOperation {
    const rule = this.shape.actions.get(op.command);
    if (!rule) throw new InvalidArgumentError(`${field}.command`, `${this.menu} has no command '${op.command}' to run on RouterOS ${this.shape.treeVersion}`, [...this.shape.actions.keys()]);
    const what = `${this.menu} ${op.command}`;
    if (rule.kind === 'refused') throw new ChangeNotPermittedError(`${what} is refused: ${rule.why}`, { path: this.menu, command: op.command });
    if (rule.kind === 'not_a_change') throw new ChangeNotPermittedError(`${what} is not a change: ${rule.why}`, { path: this.menu, command: op.command });
    if (rule.kind === 'plan_only' && !this.input.planApproved) {
      throw new ChangeNotPermittedError(`${what} runs only as a step of an approved plan (plan_menu_changes): ${rule.why}`, { path: this.menu, command: op.command });
    }
    const args = this.checked(rule.args, op.values ?? {}, op.command, `${field}.values`);
    const selects = op.id !== undefined || op.where !== undefined;
    if (selects && !rule.args.has('numbers')) throw new InvalidArgumentError(`${field}.id`, `${what} acts on no row: name none`);
    const numbers = selects ? this.select(op, field, ON_DYNAMIC_ROWS.has(op.command)).map((s) => s.id!).join(',') : undefined;
    return { kind: 'command', menu: this.shape.path, command: op.command, args: numbers ? { ...args, numbers } : args };
  }

  private known(args: ReadonlyMap<string, string | undefined>, name: string, command: string, field: string): void {
    if (args.has(name)) return;
    const names = [...args.keys()].sort();
    const near = names.filter((n) => distance(n, name) <= 2).slice(0, 3);
    throw new InvalidArgumentError(field, `${this.menu} ${command} takes no argument '${name}'${near.length ? ` (did you mean ${near.join(', ')}?)` : ''}`, names);
  }

  /** The values, each a known argument whose value fits the tree's description and names rows that exist. */
  private checked(args: ReadonlyMap<string, string | undefined>, values: Readonly<Record<string, string>>, command: string, field: string): Record<string, string> {
    for (const [name, value] of Object.entries(values)) {
      this.known(args, name, command, `${field}.${name}`);
      const desc = args.get(name);
      const check = checkValue(desc, value);
      if (!check.ok && !(value.startsWith('!') && checkValue(desc, value.slice(1)).ok)) {
        throw new InvalidArgumentError(`${field}.${name}`, `'${value}' is not a value ${name} takes on RouterOS ${this.shape.treeVersion}: ${check.expected}`);
      }
      const missing = missingReference(this.live, this.shape.path, name, value);
      if (missing) throw new InvalidArgumentError(`${field}.${name}`, missing.reason, missing.accepted);
    }
    return { ...values };
  }

  private byId(id: string, field: string): Row {
    const row = isPlaceholderId(id) ? undefined : this.state().find((r) => r['.id'] === id);
    if (!row) throw new ChangeTargetNotFoundError(`${this.menu} has no row ${id} (${field}); read the menu again with menu_print`, { path: this.menu, id });
    return row;
  }

  /** The rows `selector` names: exactly one by id, or exactly `expect_count` by `where`; the one row of a singleton. */
  private select(selector: RowSelector, field: string, dynamicRows = false): Selected[] {
    const hasId = selector.id !== undefined;
    const hasWhere = selector.where !== undefined;
    if (this.shape.singleton) {
      if (hasId || hasWhere) throw new InvalidArgumentError(`${field}.id`, `${this.menu} holds one row: name no id or where`);
      return [{ row: this.state()[0] ?? {} }];
    }
    if (hasId === hasWhere) throw new InvalidArgumentError(`${field}.id`, 'name the rows: an id, or where with expect_count (not both)');
    const row = hasId ? this.byId(selector.id!, `${field}.id`) : undefined;
    const rows = row ? [row] : this.matching(selector.where!, selector.expect_count ?? 1, field);
    for (const r of rows) {
      if (isDynamic(r) && !dynamicRows) throw new ChangeNotPermittedError(`${this.menu} ${r['.id']} is dynamic: RouterOS made it and replaces it; change what made it instead`, { path: this.menu, id: r['.id'] });
    }
    return rows.map((r) => ({ id: r['.id'], row: r }));
  }

  private matching(where: Readonly<Record<string, string>>, expected: number, field: string): Row[] {
    const rows = this.state().filter((r) => !isPlaceholderId(r['.id']));
    for (const key of Object.keys(where)) {
      // The rows a filter on a secret matches would confirm a guessed value.
      if (isSecretRouterOsProperty(key)) throw new InvalidArgumentError(`${field}.where.${key}`, `'${key}' is a secret property; filters on secrets are refused`);
      if (key !== '.id' && !this.shape.setArgs.has(key) && !this.shape.addArgs.has(key) && !rows.some((r) => key in r)) {
        throw new InvalidArgumentError(`${field}.where.${key}`, `no row of ${this.menu} has a property '${key}'`, [...new Set([...this.shape.setArgs.keys(), ...this.shape.addArgs.keys()])].sort());
      }
    }
    const matched = rows.filter((r) => Object.entries(where).every(([k, v]) => sameValue(r[k] ?? '', v)));
    if (matched.length !== expected) {
      const ids = matched.map((r) => r['.id']);
      throw new ChangePreconditionError(`${field}.where matches ${matched.length} row${matched.length === 1 ? '' : 's'} of ${this.menu}${ids.length ? ` (${ids.slice(0, 10).join(', ')})` : ''}, not the ${expected} expected (expect_count); read the menu again`, {
        path: this.menu, matched: ids, expect_count: expected,
      });
    }
    return matched;
  }
}

function touchedRows(live: LiveRows, operations: readonly RowOperation[]): TouchedRow[] {
  const after = applyOperations(live, operations);
  const touched = new Map<string, TouchedRow>();
  let added = 0;
  for (const op of operations) {
    if (op.kind === 'command') continue;
    if (op.kind === 'add') {
      touched.set(`+${++added}`, { menu: op.menu, after: rowOf(after[op.menu], placeholderId(added)) ?? op.props });
      continue;
    }
    const key = op.id ?? '';
    if (touched.has(key)) continue;
    const was = rowOf(live[op.menu], op.id);
    const now = rowOf(after[op.menu], op.id);
    touched.set(key, { menu: op.menu, ...(op.id !== undefined ? { id: op.id } : {}), ...(was ? { before: was } : {}), ...(now ? { after: now } : {}) });
  }
  return [...touched.values()];
}

const WEIGHT: Record<RiskLevel, number> = { low: 0, medium: 1, high: 2 };

function riskOf(shape: MenuShape, operations: readonly RowOperation[]): RiskLevel {
  const of = (op: RowOperation): RiskLevel => {
    if (op.kind === 'remove' || op.kind === 'move' || op.kind === 'command') return 'high';
    if (op.kind === 'set' && op.props['disabled'] !== undefined && isTrue(op.props['disabled'])) return 'high';
    return op.kind === 'add' && !shape.unmodelled ? 'low' : 'medium';
  };
  return operations.map(of).reduce<RiskLevel>((a, b) => (WEIGHT[b] > WEIGHT[a] ? b : a), 'low');
}

function summaryOf(shape: MenuShape, operations: readonly RowOperation[]): string {
  const parts = operations.map((op) => (op.kind === 'add' ? 'add a row' : op.kind === 'command' ? `run ${op.command}` : op.kind === 'set' && op.unset?.length ? `unset ${op.unset.join(',')}${op.id ? ` on ${op.id}` : ''}` : `${op.kind}${'id' in op && op.id ? ` ${op.id}` : ''}`));
  const shown = parts.length > 6 ? [...parts.slice(0, 5), `${parts.length - 5} more`] : parts;
  return `/${shape.path}: ${shown.join(', ')}`;
}

/**
 * A change to any menu, planned from its command tree and its live rows: every value checked against the tree's
 * description and the rows it names, every row chosen by id or by a `where` that must match exactly as many rows
 * as the caller expects, menu-specific commands allowed, plan-only or refused as the safety table says. Writes only
 * what differs; a request the device already holds is no change.
 */
export function menuChangePlanner(shape: MenuShape): ChangePlanner<MenuChangeInput> {
  return {
    // A menu of commands only (`/system`) has no rows to read: its commands change no row.
    reads: (input) => [...(shape.printable ? [shape.path] : []), ...referenceReads(shape.path, namesIn(input))],
    // What may use a row the change removes or renames, where the device has it.
    optionalReads: (input) => (input.operations.some((o) => o.op === 'remove' || (o.op === 'set' && 'name' in o.values)) ? usageReads(shape.path) : []),
    propose(live, input): ProposalOutcome {
      if (input.operations.length === 0) throw new InvalidArgumentError('operations', 'name at least one operation');
      const operations = new MenuChange(shape, live, input).plan();
      if (operations.length === 0) return { kind: 'no_change', reason: `/${shape.path} already holds what was asked`, current: [] };
      return { kind: 'change', proposal: { summary: summaryOf(shape, operations), operations, touched: touchedRows(live, operations), risk: riskOf(shape, operations) } };
    },
  };
}
