import type { DeviceState } from '../model/device-state';
import type { Row } from './print-query';
import type { MenuCommand } from './menu-commands';
import { itemMonitor, waitFor } from './monitor-commands';

/**
 * `monitor` of links the simulator never brings up: PPP-family tunnels and servers, VPLS, LTE and Wi-Fi (the
 * simulator emulates no peer, modem or radio), and the RADIUS client, RADIUS incoming, web proxy and NTP peers (no
 * server ever answers). Each answers, as monitor-commands.ts's monitors do (`once`, `duration`, else until stopped),
 * the state such a router shows: the fields are chosen from the manuals' Monitor sections, their values are those
 * of a link that is down or of counters that never moved (docs/simulator.md).
 */
const down = (row: Row) => row['disabled'] === 'true';

/** PPP, PPPoE, PPTP, L2TP, SSTP, OpenVPN (PPPoE client manual's status values: … connected, disconnected). */
const tunnel = (_state: DeviceState, row: Row): Row => ({ status: down(row) ? 'disabled' : 'disconnected' });

/** LTE: no modem answers, so the interface never registers. */
const lte = (_state: DeviceState, row: Row): Row => ({ status: down(row) ? 'disabled' : 'searching', 'registration-status': 'not-registered' });

/** Wi-Fi: no radio runs the interface, so it is inactive with no peers. */
const wifi = (_state: DeviceState, row: Row): Row => ({ state: down(row) ? 'disabled' : 'inactive', 'registered-peers': '0', 'authorized-peers': '0' });

/** RADIUS client manual, "Monitor": the counters of requests to a server (none is ever sent an answer). */
const radius = (): Row => ({ pending: '0', requests: '0', accepts: '0', rejects: '0', resends: '0', timeouts: '0', 'bad-replies': '0', 'last-request-rtt': '0ms' });

const TUNNELS = ['l2tp-client', 'l2tp-server', 'l2tp-ether', 'ovpn-client', 'ovpn-server', 'ppp-client', 'ppp-server', 'pppoe-client', 'pppoe-server', 'pptp-client', 'pptp-server', 'sstp-client', 'sstp-server', 'vpls'];

/** A monitor of a menu without items: one sample. */
const singletonMonitor = (sample: (state: DeviceState) => Row): MenuCommand => async (state, body, signal) => {
  await waitFor(body, signal);
  return [sample(state)];
};

export const LINK_MONITOR_COMMANDS: Record<string, MenuCommand> = {
  ...Object.fromEntries(TUNNELS.map((t) => [`interface/${t}/monitor`, itemMonitor(`interface/${t}`, tunnel)])),
  'interface/lte/monitor': itemMonitor('interface/lte', lte),
  'interface/wifi/monitor': itemMonitor('interface/wifi', wifi),
  'radius/monitor': itemMonitor('radius', radius),
  // RADIUS manual, "Monitor" of incoming (CoA/disconnect) requests.
  'radius/incoming/monitor': singletonMonitor(() => ({ requests: '0', 'bad-requests': '0', acks: '0', naks: '0' })),
  // Its counters never move (the monitor above), so there is nothing to reset.
  'radius/incoming/reset-counters': () => [],
  // Web proxy manual, "Monitor": running while enabled; no client has used it.
  'ip/proxy/monitor': singletonMonitor((state) => ({
    status: state.singleton('ip/proxy')['enabled'] === 'true' ? 'running' : 'stopped', uptime: '0s', clients: '0', requests: '0', hits: '0',
    'cache-size': '0', 'received-from-servers': '0', 'sent-to-clients': '0', 'hits-sent-to-clients': '0',
  })),
  // No NTP server is reachable from the simulator: no peer to list (runs until stopped, or for `duration`).
  'system/ntp/monitor-peers': async (_state, body, signal) => {
    await waitFor(body, signal);
    return [];
  },
};
