import type { Row } from '../rest/print-query';
import { interfaceCounters } from './interface-traffic';
import type { MenuSpec, ReadContext } from './menu-spec';
import { generatedMac } from './tunnel-interfaces';

/**
 * PPP client interfaces, PPP server bindings, VPLS, L2TP-ether and MACsec: they join `/interface` as their RouterOS
 * type (`pppoe-out`, `l2tp-out`…, `pppoe-in`…, `vpls`, `l2tp-ether`, `macsec`) and share its ids and names, like the
 * tunnels of model/tunnel-interfaces.ts. No server, client, LDP or MKA peer ever answers in the simulator, so none of
 * them connects: they print `running=false`
 * and zero counters (chosen without a source, docs/simulator.md). A client's `profile` names a `/ppp/profile` row
 * (the factory `default` one included, model/factory-defaults.ts).
 */

/** Never connected: not running and nothing counted, whatever its age. */
function disconnected(row: Row, ctx: ReadContext): Record<string, string> {
  return { ...interfaceCounters({ ...row, '.link': 'down' }, ctx), running: 'false' };
}

/** Stored without link (`.link=down`), so what reads the interface table (the management path) sees it down too. */
const noLink = (): Record<string, string> => ({ '.link': 'down' });

const base = (path: string, interfaceType: string, autoName: string): Pick<MenuSpec, 'path' | 'kind' | 'writable' | 'idGroup' | 'interfaceType' | 'unique' | 'autoName' | 'computed' | 'derive'> => ({
  path, kind: 'table', writable: true, idGroup: 'interface', interfaceType, unique: 'name', autoName, computed: disconnected, derive: noLink,
});

/** What every dial-out client has by default (PPPoE, L2TP, PPTP, SSTP manual pages: `profile=default`, no default route, no peer DNS, not on demand). */
const DIAL_OUT = { disabled: 'false', profile: 'default', 'add-default-route': 'false', 'default-route-distance': '1', 'dial-on-demand': 'false', 'use-peer-dns': 'no', 'max-mtu': 'auto', 'max-mru': 'auto', mrru: 'disabled', allow: 'pap,chap,mschap1,mschap2', user: '' };
const DIAL_OUT_BOOLS = ['disabled', 'add-default-route', 'dial-on-demand'];
const PROFILE = { profile: 'ppp/profile' };

export const PPP_INTERFACE_MENUS: MenuSpec[] = [
  // help.mikrotik.com/docs/spaces/ROS/pages/2031625/PPPoE ("PPPoE Client"): runs over an existing interface; keepalive 10 s.
  { ...base('interface/pppoe-client', 'pppoe-out', 'pppoe-out'), bools: DIAL_OUT_BOOLS, required: ['interface'], refs: { interface: 'interface', ...PROFILE }, defaults: { ...DIAL_OUT, 'keepalive-timeout': '10', 'service-name': '', 'ac-name': '' }, sensitive: ['password'] },
  // help.mikrotik.com/docs/spaces/ROS/pages/2031631/L2TP ("L2TP Client"): `connect-to` required, keepalive 60 s, no IPsec.
  { ...base('interface/l2tp-client', 'l2tp-out', 'l2tp-out'), bools: [...DIAL_OUT_BOOLS, 'allow-fast-path'], required: ['connect-to'], refs: PROFILE, defaults: { ...DIAL_OUT, 'keepalive-timeout': '60', 'use-ipsec': 'no', 'allow-fast-path': 'false' }, sensitive: ['password', 'ipsec-secret'] },
  // help.mikrotik.com/docs/spaces/ROS/pages/2031638/PPTP ("PPTP Client").
  { ...base('interface/pptp-client', 'pptp-out', 'pptp-out'), bools: DIAL_OUT_BOOLS, required: ['connect-to'], refs: PROFILE, defaults: { ...DIAL_OUT, 'keepalive-timeout': '60' }, sensitive: ['password'] },
  // help.mikrotik.com/docs/spaces/ROS/pages/2031645/SSTP ("SSTP Client"): port 443, no certificate, the server's not verified.
  { ...base('interface/sstp-client', 'sstp-out', 'sstp-out'), bools: [...DIAL_OUT_BOOLS, 'verify-server-certificate', 'verify-server-address-from-certificate'], required: ['connect-to'], refs: PROFILE, defaults: { disabled: 'false', profile: 'default', 'add-default-route': 'false', 'dial-on-demand': 'false', port: '443', certificate: 'none', 'verify-server-certificate': 'false', 'keepalive-timeout': '60', authentication: 'pap,chap,mschap1,mschap2', user: '' }, sensitive: ['password'] },
  // help.mikrotik.com/docs/spaces/ROS/pages/2031655/OpenVPN ("Client Config"): port 1194, no certificate.
  { ...base('interface/ovpn-client', 'ovpn-out', 'ovpn-out'), bools: ['disabled', 'add-default-route', 'verify-server-certificate'], required: ['connect-to'], refs: PROFILE, defaults: { disabled: 'false', profile: 'default', 'add-default-route': 'false', port: '1194', certificate: 'none', 'verify-server-certificate': 'false', user: '' }, sensitive: ['password'] },
  // Static server bindings (the PPPoE, L2TP, PPTP, SSTP and OpenVPN server pages): an interface for one user's session.
  ...([['pppoe-server', 'pppoe-in'], ['l2tp-server', 'l2tp-in'], ['pptp-server', 'pptp-in'], ['sstp-server', 'sstp-in'], ['ovpn-server', 'ovpn-in']] as const).map(
    ([menu, type]): MenuSpec => ({ ...base(`interface/${menu}`, type, type), bools: ['disabled'], defaults: { disabled: 'false', user: '' } }),
  ),
  // help.mikrotik.com/docs/spaces/ROS/pages/40992794/VPLS: a pseudowire to `peer`; no LDP neighbour ever comes up here.
  { ...base('interface/vpls', 'vpls', 'vpls'), bools: ['disabled', 'disable-running-check'], defaults: { disabled: 'false', 'disable-running-check': 'false', arp: 'enabled', 'arp-timeout': 'auto', 'pw-type': 'raw-ethernet', 'pw-control-word': 'default', mtu: '1500' } },
  // help.mikrotik.com/docs/spaces/ROS/pages/2031631/L2TP ("L2TP Ethernet", 7.x): an L2TPv3 pseudowire with a generated
  // MAC; its MTU default is not on the page, so none is printed.
  { ...base('interface/l2tp-ether', 'l2tp-ether', 'l2tp-ether'), bools: ['disabled', 'allow-fast-path'], defaults: { disabled: 'false', 'allow-fast-path': 'false' }, derive: (values) => ({ ...noLink(), ...generatedMac(values) }), sensitive: ['ipsec-secret'] },
  // help.mikrotik.com/docs/spaces/ROS/pages/246120453/MACsec: on top of an existing interface; keys agreed with a peer (none here).
  { ...base('interface/macsec', 'macsec', 'macsec'), bools: ['disabled'], required: ['interface'], refs: { interface: 'interface' }, defaults: { disabled: 'false' }, sensitive: ['cak'] },
];
