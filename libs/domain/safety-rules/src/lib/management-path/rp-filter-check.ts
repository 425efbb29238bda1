import { Check, cut, ok } from './check';
import { routeFor } from './routes';
import { rowsOf } from './snapshot';

/**
 * `/ip/settings rp-filter` (RouterOS's IP Settings manual: `strict` drops a packet whose source is not reachable
 * back through the interface it arrived on, `loose` one whose source is not reachable at all). The reverse lookup is
 * the unmarked one: a mangle routing mark that carries the replies back does not help the client's packets in.
 */
export const rpFilterCheck: Check = {
  name: 'rp-filter',
  run(snap, ep) {
    const mode = rowsOf(snap.rows, 'ip/settings')[0]?.['rp-filter'] ?? 'no';
    if (mode !== 'strict' && mode !== 'loose') return ok;
    const ingress = snap.canon(ep.ingress);
    const back = routeFor(snap, ep.deviceIp, ep.clientIp);
    if (back.kind === 'none') return cut(`rp-filter=${mode} would drop ${ep.client}'s packets: no route back to it without a routing mark (${back.reason})`, { 'rp-filter': mode });
    if (mode === 'strict' && back.egress !== ingress) return cut(`rp-filter=strict would drop ${ep.client}'s packets: the route back to it leaves through ${back.egress}, not ${ingress}`, { 'rp-filter': mode });
    return ok;
  },
};
