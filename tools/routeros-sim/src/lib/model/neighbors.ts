import type { Row } from '../rest/print-query';
import { interfaceInList } from './management-path';
import type { MenuSpec, ReadContext } from './menu-spec';
import { existingName, oneOf, strictBool } from './menu-values';
import { numberIn } from './arg-rules';
import { formatDuration, formatId } from './values';

/**
 * `/ip/neighbor` (Neighbor discovery manual): what MNDP/CDP/LLDP learnt from the devices cabled to this one. The
 * simulator's devices are cabled as a chain (chosen, docs/simulator.md): device i's second cabled ethernet port goes
 * to device i+1's first, so each device of a fleet sees the one before it on its first port and the one after it on
 * its second. A device alone (a one-device fleet) sees no neighbour. Rows are dynamic and read-only.
 */

/** One end of a cable: a device (its rows as it would print them) and its port. */
export interface CableEnd {
  device: ReadContext;
  port: string;
}

const PROTOCOLS = ['cdp', 'lldp', 'mndp'];

const settingsOf = (device: ReadContext) => device.rowsOf('ip/neighbor/discovery-settings')[0] ?? {};

const running = (device: ReadContext, name: string) =>
  device.rowsOf('interface').some((i) => i['name'] === name && i['disabled'] !== 'true' && i['.link'] !== 'down');

/** The bridge a port is an enabled member of, if any. */
const bridgeOf = (device: ReadContext, port: string) =>
  device.rowsOf('interface/bridge/port').find((p) => p['interface'] === port && p['disabled'] !== 'true')?.['bridge'];

/** `!dynamic`, `LAN`, `all`: whether the port (or the bridge it is in) is one discovery runs on. */
function discovers(device: ReadContext, port: string): boolean {
  const setting = settingsOf(device)['discover-interface-list'] ?? '!dynamic';
  const negated = setting.startsWith('!');
  const list = negated ? setting.slice(1) : setting;
  const inList = [port, bridgeOf(device, port)].some((name) => name !== undefined && interfaceInList(device.rowsOf, list, name));
  return negated ? !inList : inList;
}

/** The protocols a device runs in one direction (`mode`: tx-and-rx, rx-only, tx-only). */
function protocols(device: ReadContext, direction: 'tx' | 'rx'): string[] {
  const settings = settingsOf(device);
  const mode = settings['mode'] ?? 'tx-and-rx';
  if (mode !== 'tx-and-rx' && mode !== `${direction}-only`) return [];
  return (settings['protocol'] ?? PROTOCOLS.join(',')).split(',').filter((p) => PROTOCOLS.includes(p));
}

/** The link-local address SLAAC makes from a MAC (EUI-64, universal/local bit flipped). */
export function linkLocalOf(mac: string): string {
  const b = mac.split(/[:-]/).map((x) => parseInt(x, 16));
  const groups = [((b[0] ^ 2) << 8) | b[1], (b[2] << 8) | 0xff, 0xfe00 | b[3], (b[4] << 8) | b[5]];
  return `fe80::${groups.map((g) => g.toString(16)).join(':')}`;
}

/**
 * What `here` learns from `there` over one cable, or nothing: both ports running, discovery on both ports, `there`
 * sending a protocol `here` listens to. Fields as RouterOS 7 prints a MikroTik neighbour.
 */
export function neighborOver(here: CableEnd, there: CableEnd, id: number): Row | undefined {
  if (!running(here.device, here.port) || !running(there.device, there.port)) return undefined;
  if (!discovers(here.device, here.port) || !discovers(there.device, there.port)) return undefined;
  const heard = protocols(there.device, 'tx').filter((p) => protocols(here.device, 'rx').includes(p));
  if (heard.length === 0) return undefined;
  const peer = there.device;
  const localBridge = bridgeOf(here.device, here.port);
  const peerBridge = bridgeOf(peer, there.port);
  const mac = peer.rowsOf('interface').find((i) => i['name'] === there.port)?.['mac-address'] ?? '';
  const address = peer.rowsOf('ip/address').find((a) => a['interface'] === (peerBridge ?? there.port) && a['disabled'] !== 'true')?.['address']?.split('/')[0];
  const board = peer.rowsOf('system/routerboard')[0];
  const boardName = board?.['board-name'] ?? peer.rowsOf('system/resource')[0]?.['board-name'] ?? 'CHR';
  const serial = board?.['serial-number'];
  const version = `${peer.version} (stable)`;
  const ipv6 = peer.rowsOf('ipv6/settings')[0]?.['disable-ipv6'] !== 'true';
  const caps = peer.rowsOf('interface/bridge').length > 0 ? 'bridge,router' : 'router';
  return {
    '.id': formatId(id),
    interface: localBridge ? `${here.port},${localBridge}` : here.port,
    ...(address ? { address, address4: address } : {}),
    ...(ipv6 && mac ? { address6: linkLocalOf(mac) } : {}),
    'mac-address': mac,
    identity: peer.rowsOf('system/identity')[0]?.['name'] ?? 'MikroTik',
    platform: 'MikroTik',
    version,
    unpack: 'none',
    // Discovery repeats every `discover-interval` (30s): the age cycles within it (chosen).
    age: formatDuration(Math.min(peer.uptime, peer.tick % 30)),
    uptime: formatDuration(peer.uptime),
    'software-id': serial ? `${serial.slice(0, 4)}-${serial.slice(-4)}` : '',
    board: boardName,
    ipv6: ipv6 ? 'yes' : 'no',
    'interface-name': peerBridge ? `${peerBridge}/${there.port}` : there.port,
    'system-description': `MikroTik RouterOS ${version} ${boardName}`,
    'system-caps': caps,
    'system-caps-enabled': caps,
    'discovered-by': heard.join(','),
    dynamic: 'true',
  };
}

/** A device's first and second cabled ethernet ports (link not down, enabled or not): the chain's uplink and downlink. */
const ports = (device: ReadContext) => device.rowsOf('interface/ethernet').filter((e) => e['.link'] !== 'down').map((e) => e['name']);

/** The neighbours device `index` of a fleet sees: the one before it on its uplink, the one after it on its downlink. */
export function fleetNeighbors(index: number, fleet: ReadContext[]): Row[] {
  const self = fleet[index];
  const before = fleet[index - 1];
  const after = fleet[index + 1];
  const rows: (Row | undefined)[] = [];
  const [uplink, downlink] = ports(self);
  if (before && uplink && ports(before)[1]) rows.push(neighborOver({ device: self, port: uplink }, { device: before, port: ports(before)[1] }, 1));
  if (after && downlink && ports(after)[0]) rows.push(neighborOver({ device: self, port: downlink }, { device: after, port: ports(after)[0] }, 2));
  return rows.filter((r): r is Row => r !== undefined);
}

function discoveryArg(key: string, value: string, ctx: { rowsOf(path: string): Row[] }): string | undefined {
  switch (key) {
    // An interface list (built-in `all`, `none`, `dynamic`, `static` included), `!` for every interface but it.
    case 'discover-interface-list': {
      const list = value.startsWith('!') ? value.slice(1) : value;
      existingName(key, list, 'interface/list', ctx.rowsOf);
      return value;
    }
    case 'mode': return oneOf(key, value, ['rx-only', 'tx-and-rx', 'tx-only']);
    case 'lldp-med-net-policy-vlan': return value === 'disabled' ? value : numberIn(key, value, 0, 4094);
    // 7.20 only, so not one of the menu's `bools` (both trees must have those).
    case 'lldp-vlan-info': return strictBool(key, value);
  }
  return undefined;
}

export const NEIGHBOR_MENUS: MenuSpec[] = [
  // Rows come from the fleet (fleet.ts attaches them as live rows); nothing configures them.
  { path: 'ip/neighbor', kind: 'table', writable: false },
  {
    path: 'ip/neighbor/discovery-settings', kind: 'singleton', writable: true, bools: ['lldp-mac-phy-config', 'lldp-max-frame-size'],
    argRule: discoveryArg, namedRefs: { 'discover-interface-list': 'interface/list' },
  },
];
