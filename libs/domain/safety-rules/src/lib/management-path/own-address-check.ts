import { Check, cut, ok } from './check';
import { ipv4ToNumber } from './ip-range';

/**
 * The device never takes the service's own address, or the gateway's its packets come through, as one of its own
 * (on any interface, DHCP leases and other dynamic addresses included): it would answer those packets itself, so
 * its replies would never leave it.
 */
export const ownAddressCheck: Check = {
  name: 'own-address',
  run(snap, ep) {
    const hops: Array<[number | undefined, string]> = [
      [ep.clientIp, `${ep.client}, the service's own address`],
      [ep.gateway ? ipv4ToNumber(ep.gateway) : undefined, `${ep.gateway}, the gateway the service's connections come through`],
    ];
    for (const [ip, what] of hops) {
      const taken = ip === undefined ? undefined : snap.addresses.find((a) => a.ip === ip && a.active);
      if (taken) return cut(`address ${taken.text} on ${taken.interface} would make the device own ${what}, so its replies would stay on the device`, { address_id: taken.id, interface: taken.interface });
    }
    return ok;
  },
};
