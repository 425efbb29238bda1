import { sameSpan, ValidationError } from '@routeros-mcp/domain-kernel';
import type { ChangePlanner } from '../../change-planner';
import { listEntrySpan } from '../common/ipv4';
import { noChange } from '../common/outcome';
import { rowsOf } from '../common/rows';
import { ChangeNotPermittedError } from '../errors/planner-errors';
import { addressListUpdatePlanner, MANAGED_LIST_PREFIX } from './address-list-update.planner';

export interface AddressListSyncInput {
  /** An `mcp-…` list; the operator's own lists are never written. */
  list: string;
  /** Every address the list must hold afterwards (host, prefix or range); an empty set empties the list. */
  addresses: readonly string[];
}

const MENU = 'ip/firewall/address-list';
export const ADDRESS_LIST_SYNC_LIMIT = 1_000;

/**
 * Makes one `mcp-…` list hold exactly the given addresses: entries it lacks are added, entries not asked for
 * removed, other lists untouched. The writes are those of the update planner (removals first).
 */
export const addressListSyncPlanner: ChangePlanner<AddressListSyncInput> = {
  reads: () => [MENU],
  safetyInput: (input) => ({ addressList: input.list }),
  propose(live, input) {
    if (!input.list.startsWith(MANAGED_LIST_PREFIX)) {
      throw new ChangeNotPermittedError(`only address lists named ${MANAGED_LIST_PREFIX}… are written, not '${input.list}'`, { list: input.list });
    }
    if (input.addresses.length > ADDRESS_LIST_SYNC_LIMIT) throw ValidationError.single('addresses', `at most ${ADDRESS_LIST_SYNC_LIMIT} addresses`);
    const desired = input.addresses.map((address, i) => {
      const entry = listEntrySpan(address);
      if (!entry) throw ValidationError.single(`addresses.${i}`, `'${address}' is not an IPv4 address, prefix or range (a-b)`);
      return entry;
    });
    const present = rowsOf(live, MENU)
      .filter((row) => row['list'] === input.list)
      .map((row) => ({ address: row['address'] ?? '', span: listEntrySpan(row['address'] ?? '')?.span }));
    // An entry this code cannot read (a DNS name) is not asked for, so it goes.
    const remove = present.filter((p) => !p.span || !desired.some((d) => sameSpan(d.span, p.span!))).map((p) => p.address);
    const add = desired.filter((d, i) => !present.some((p) => p.span && sameSpan(p.span, d.span)) && desired.findIndex((o) => sameSpan(o.span, d.span)) === i).map((d) => ({ address: d.text }));
    if (add.length === 0 && remove.length === 0) return noChange(`${input.list} already holds exactly the ${desired.length} address(es) asked for`);
    return addressListUpdatePlanner.propose(live, { list: input.list, add, remove: [...new Set(remove)] });
  },
};
