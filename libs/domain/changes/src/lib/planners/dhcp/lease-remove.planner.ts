import { ValidationError } from '@routeros-mcp/domain-kernel';
import type { ChangePlanner } from '../../change-planner';
import { change, noChange } from '../common/outcome';
import { configOf, isDynamic, rowsOf } from '../common/rows';
import { WRITABLE } from '../common/menu-properties';
import { ChangeNotPermittedError } from '../errors/planner-errors';
import { LEASE_MENU, leaseMac, normalizeMac } from './static-lease';

export interface LeaseRemoveInput {
  'mac-address': string;
  /** Needed when the MAC has static leases on several servers. */
  server?: string;
}

/** Removes the static lease of a MAC; a dynamic lease (handed out, it expires by itself) is refused. */
export const leaseRemovePlanner: ChangePlanner<LeaseRemoveInput> = {
  reads: () => [LEASE_MENU],
  propose(live, input) {
    const mac = normalizeMac(input['mac-address']);
    const matches = rowsOf(live, LEASE_MENU).filter((l) => leaseMac(l) === mac && (!input.server || l['server'] === input.server));
    const statics = matches.filter((l) => !isDynamic(l));
    if (statics.length === 0 && matches.length > 0) {
      throw new ChangeNotPermittedError(`the lease of ${matches[0]['address']} to ${mac} is dynamic (handed out by the server); only static leases can be removed`, { menu: LEASE_MENU, id: matches[0]['.id'] });
    }
    if (statics.length === 0) return noChange(`${mac} has no static lease${input.server ? ` on ${input.server}` : ''}`);
    if (statics.length > 1) throw ValidationError.single('server', `${mac} has static leases on ${statics.map((l) => l['server']).join(', ')}: name the server`);
    const lease = statics[0];
    return change({
      summary: `remove the static lease of ${lease['address']} for ${mac} on ${lease['server']}`,
      operations: [{ kind: 'remove', menu: LEASE_MENU, id: lease['.id'] }],
      touched: [{ menu: LEASE_MENU, id: lease['.id'], before: configOf(lease, WRITABLE[LEASE_MENU]) }],
      risk: 'medium',
    });
  },
};
