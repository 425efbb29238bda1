import { Check, cut, ok } from './check';
import { routeFor } from './routes';

/** The device's reply to the client leaves through the interface the client's packets arrive on. */
export const routeCheck: Check = {
  name: 'route',
  run(snap, ep) {
    const ingress = snap.canon(ep.ingress);
    const choice = routeFor(snap, ep.deviceIp, ep.clientIp);
    if (choice.kind === 'none') return cut(`no route back to ${ep.client} would remain (${choice.reason})`);
    if (choice.egress !== ingress) return cut(`the reply to ${ep.client} would leave through ${choice.egress} (${choice.route}) instead of ${ingress}`, { egress: choice.egress });
    return ok;
  },
};
