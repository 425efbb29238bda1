import type { ChangePlanner } from '../../change-planner';
import { parseHostAddress } from '../common/ipv4';
import { change, noChange, withComment } from '../common/outcome';
import { configOf, isDynamic, rowsOf } from '../common/rows';
import { WRITABLE } from '../common/menu-properties';
import { ChangeOverlapError, ChangeTargetNotFoundError } from '../errors/planner-errors';
import { LEASE_MENU, leaseMac, normalizeMac, SERVER_MENU } from './static-lease';

export interface LeaseAddInput {
  address: string;
  'mac-address': string;
  /** The DHCP server's name (`/ip/dhcp-server`). */
  server: string;
  comment?: string;
}

/**
 * Adds a static lease. The same MAC and address on the server already static is no change; a MAC with another
 * static address, or an address leased to another MAC, is refused rather than silently doubled.
 */
export const leaseAddPlanner: ChangePlanner<LeaseAddInput> = {
  reads: () => [SERVER_MENU, LEASE_MENU],
  propose(live, input) {
    const address = parseHostAddress(input.address, 'address');
    const mac = normalizeMac(input['mac-address']);
    if (!rowsOf(live, SERVER_MENU).some((s) => s['name'] === input.server)) {
      throw new ChangeTargetNotFoundError(`DHCP server '${input.server}' does not exist (see dhcp_get_server_status)`, { field: 'server', server: input.server });
    }
    const leases = rowsOf(live, LEASE_MENU).filter((l) => l['server'] === input.server || l['server'] === 'all');
    for (const lease of leases) {
      const sameMac = leaseMac(lease) === mac;
      const sameAddress = lease['address'] === address;
      if (sameMac && sameAddress && !isDynamic(lease)) return noChange(`${mac} already has a static lease of ${address} (${lease['.id']})`, [{ menu: LEASE_MENU, id: lease['.id'], before: configOf(lease, WRITABLE[LEASE_MENU]) }]);
      if (sameMac && !isDynamic(lease)) throw new ChangeOverlapError(`${mac} already has a static lease of ${lease['address']} (${lease['.id']}); remove it first`, { menu: LEASE_MENU, id: lease['.id'] });
      if (sameAddress && !sameMac) throw new ChangeOverlapError(`${address} is leased to ${leaseMac(lease)} (${lease['.id']}${isDynamic(lease) ? ', dynamic' : ''})`, { menu: LEASE_MENU, id: lease['.id'] });
    }
    const props = withComment({ address, 'mac-address': mac, server: input.server }, input.comment);
    return change({
      summary: `add a static lease of ${address} for ${mac} on ${input.server}`,
      operations: [{ kind: 'add', menu: LEASE_MENU, props }],
      touched: [{ menu: LEASE_MENU, after: props }],
      risk: 'medium',
    });
  },
};
