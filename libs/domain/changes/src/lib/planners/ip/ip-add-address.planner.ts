import { spansOverlap } from '@routeros-mcp/domain-kernel';
import type { ChangePlanner } from '../../change-planner';
import { ChangeOverlapError } from '../errors/planner-errors';
import { liveHostPrefix, parseInterfaceAddress } from '../common/ipv4';
import { change, noChange, withComment } from '../common/outcome';
import { configOf, findInterface, rowsOf } from '../common/rows';
import { WRITABLE } from '../common/menu-properties';

export interface IpAddAddressInput {
  /** `a.b.c.d/n`; a bare address is a /32, as RouterOS takes it. */
  address: string;
  interface: string;
  comment?: string;
}

const MENU = 'ip/address';

/** Adds a (secondary) address to an interface; refuses one whose prefix overlaps an address on another interface. */
export const ipAddAddressPlanner: ChangePlanner<IpAddAddressInput> = {
  reads: () => [MENU, 'interface'],
  propose(live, input) {
    const wanted = parseInterfaceAddress(input.address, 'address');
    findInterface(live, input.interface);
    for (const row of rowsOf(live, MENU)) {
      const existing = liveHostPrefix(row['address']);
      if (!existing) continue;
      const here = row['interface'] === input.interface;
      if (here && existing.text === wanted.text) return noChange(`${wanted.text} is already on ${input.interface}`, [{ menu: MENU, id: row['.id'], before: configOf(row, WRITABLE[MENU]) }]);
      if (here && existing.ip === wanted.ip) {
        throw new ChangeOverlapError(`${wanted.ip} is already on ${input.interface} as ${existing.text} (${row['.id']}); remove it first`, { address: wanted.text, existing: existing.text, id: row['.id'] });
      }
      if (!here && spansOverlap(existing.span, wanted.span)) {
        throw new ChangeOverlapError(`${wanted.text} overlaps ${existing.text} on ${row['interface']} (${row['.id']})`, { address: wanted.text, existing: existing.text, interface: row['interface'], id: row['.id'] });
      }
    }
    const props = withComment({ address: wanted.text, interface: input.interface }, input.comment);
    return change({
      summary: `add ${wanted.text} to ${input.interface}`,
      operations: [{ kind: 'add', menu: MENU, props }],
      touched: [{ menu: MENU, after: props }],
      risk: 'medium',
    });
  },
};
