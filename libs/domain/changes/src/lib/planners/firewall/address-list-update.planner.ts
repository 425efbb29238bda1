import { Ipv4Span, sameSpan, ValidationError } from '@routeros-mcp/domain-kernel';
import type { ChangePlanner, TouchedRow } from '../../change-planner';
import type { Row, RowOperation } from '../../row-operation';
import { listEntrySpan } from '../common/ipv4';
import { change, noChange, withComment } from '../common/outcome';
import { configOf, rowsOf } from '../common/rows';
import { WRITABLE } from '../common/menu-properties';
import { ChangeNotPermittedError } from '../errors/planner-errors';

export interface AddressListEntryInput {
  /** A host, `a.b.c.d/n` or `a-b`. */
  address: string;
  /** RouterOS time (`1h30m`, `1d`); the entry is dynamic and disappears when it runs out. */
  timeout?: string;
  comment?: string;
}

export interface AddressListUpdateInput {
  /** Only lists named `mcp-…` are written: the operator's own lists stay the operator's. */
  list: string;
  add?: readonly AddressListEntryInput[];
  remove?: readonly string[];
}

const MENU = 'ip/firewall/address-list';
export const MANAGED_LIST_PREFIX = 'mcp-';

function entrySpan(address: string, field: string): { span: Ipv4Span; text: string } {
  const entry = listEntrySpan(address);
  if (!entry) throw ValidationError.single(field, `'${address}' is not an IPv4 address, prefix or range (a-b)`);
  return entry;
}

/**
 * Adds and removes entries of one `mcp-…` list. Entries are compared by the addresses they cover, so `10.0.0.5/32`
 * finds `10.0.0.5`; removals come before additions so a list never holds more than it will.
 */
export const addressListUpdatePlanner: ChangePlanner<AddressListUpdateInput> = {
  reads: () => [MENU],
  // MCP_OWNED_ADDRESS_LISTS judges the list name before the device is read.
  safetyInput: (input) => ({ addressList: input.list }),
  propose(live, input) {
    if (!input.list.startsWith(MANAGED_LIST_PREFIX)) {
      throw new ChangeNotPermittedError(`only address lists named ${MANAGED_LIST_PREFIX}… are written by this tool, not '${input.list}'`, { list: input.list });
    }
    const adds = (input.add ?? []).map((e, i) => ({ ...e, ...entrySpan(e.address, `add.${i}.address`) }));
    const removes = (input.remove ?? []).map((a, i) => entrySpan(a, `remove.${i}`));
    if (adds.length + removes.length === 0) throw ValidationError.single('add', 'give at least one entry to add or remove');
    const both = adds.find((a) => removes.some((r) => sameSpan(a.span, r.span)));
    if (both) throw ValidationError.single('remove', `${both.text} is both added and removed`);

    const entries = rowsOf(live, MENU)
      .filter((row) => row['list'] === input.list)
      .map((row) => ({ row, span: listEntrySpan(row['address'] ?? '')?.span }));
    const holding = (span: Ipv4Span) => entries.filter((e) => e.span && sameSpan(e.span, span)).map((e) => e.row);

    const operations: RowOperation[] = [];
    const touched: TouchedRow[] = [];
    const current: TouchedRow[] = [];
    for (const row of removes.flatMap((r) => holding(r.span))) {
      operations.push({ kind: 'remove', menu: MENU, id: row['.id'] });
      touched.push({ menu: MENU, id: row['.id'], before: configOf(row, WRITABLE[MENU]) });
    }
    const added = new Set<string>();
    for (const entry of adds) {
      const present = holding(entry.span);
      if (present.length > 0 || added.has(entry.text)) {
        current.push(...present.map((row: Row) => ({ menu: MENU, id: row['.id'], before: configOf(row, WRITABLE[MENU]) })));
        continue;
      }
      added.add(entry.text);
      const props = withComment({ list: input.list, address: entry.text, ...(entry.timeout ? { timeout: entry.timeout } : {}) }, entry.comment);
      operations.push({ kind: 'add', menu: MENU, props });
      // A timeout counts down from the moment it is written: the desired row is the entry, not its clock.
      const { timeout: _counting, ...after } = props;
      touched.push({ menu: MENU, after });
    }
    if (operations.length === 0) return noChange(`${input.list} already holds what was asked`, current);
    const count = (kind: string) => operations.filter((o) => o.kind === kind).length;
    const parts = [count('add') ? `add ${count('add')}` : '', count('remove') ? `remove ${count('remove')}` : ''].filter(Boolean);
    return change({
      summary: `${parts.join(' and ')} ${operations.length === 1 ? 'entry' : 'entries'} of address list ${input.list}`,
      operations,
      touched,
      // A list is only as dangerous as the rules that use it; the management-path rule reads those.
      risk: 'medium',
    });
  },
};
