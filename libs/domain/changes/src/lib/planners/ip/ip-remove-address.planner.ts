import { ValidationError } from '@routeros-mcp/domain-kernel';
import type { ChangePlanner } from '../../change-planner';
import { ChangeNotPermittedError } from '../errors/planner-errors';
import { liveHostPrefix, parseHostPrefix } from '../common/ipv4';
import { change, noChange } from '../common/outcome';
import { configOf, isDynamic, rowsOf } from '../common/rows';
import { WRITABLE } from '../common/menu-properties';

export interface IpRemoveAddressInput {
  /** `a.b.c.d/n`, or a bare address to match whatever prefix it has. */
  address: string;
  /** Needed only when the address is on more than one interface. */
  interface?: string;
}

const MENU = 'ip/address';

/** Removes a static address; one RouterOS made (a DHCP client's) is refused, an absent one is no change. */
export const ipRemoveAddressPlanner: ChangePlanner<IpRemoveAddressInput> = {
  reads: () => [MENU],
  propose(live, input) {
    const wanted = parseHostPrefix(input.address, 'address');
    const withPrefix = input.address.includes('/');
    const rows = rowsOf(live, MENU);
    const matches = rows.filter((row) => {
      const existing = liveHostPrefix(row['address']);
      return !!existing && existing.ip === wanted.ip && (!withPrefix || existing.prefix === wanted.prefix) && (!input.interface || row['interface'] === input.interface);
    });
    if (matches.length === 0) return noChange(`${input.address} is not on ${input.interface ?? 'any interface'}`);
    if (matches.length > 1) throw ValidationError.single('interface', `${input.address} is on ${matches.map((m) => m['interface']).join(', ')}: name the interface`);
    const row = matches[0];
    const id = row['.id'];
    if (isDynamic(row)) throw new ChangeNotPermittedError(`${row['address']} on ${row['interface']} is dynamic (a DHCP client or another service added it); it cannot be removed`, { menu: MENU, id });
    const last = rows.filter((r) => r['interface'] === row['interface']).length === 1;
    return change({
      summary: `remove ${row['address']} from ${row['interface']}${last ? ' (its last address)' : ''}`,
      operations: [{ kind: 'remove', menu: MENU, id }],
      touched: [{ menu: MENU, id, before: configOf(row, WRITABLE[MENU]) }],
      // The interface's last address: whatever reached the device through it stops.
      risk: last ? 'high' : 'medium',
    });
  },
};
