import ipaddr from 'ipaddr.js';
import type { DeviceState } from '../model/device-state';
import { commandItems } from './command-items';
import { pathTo, resolveHost } from './diagnostics';
import type { MenuCommand } from './menu-commands';
import { waitFor } from './monitor-commands';
import type { Row } from './print-query';
import { errors, RestError } from './rest-error';

/**
 * Monitors and scans of what the simulator carries no traffic for (issue 23; docs/simulator.md, "Menu-specific
 * commands"): relays, traffic flow, queues and MST instances count nothing, scans hear only what the device knows
 * (its ARP table), sniffers catch no packet. Each checks its items and arguments first, then runs as a monitor does
 * (`once`, `duration`, or until the session closes). The field names are the manuals' where they give them, else
 * chosen; every counter is zero, as traffic never flows through the simulator.
 */
const itemsThen = (menu: string, sample: (row: Row, state: DeviceState) => Row, key = 'numbers'): MenuCommand => async (state, body, signal) => {
  const rows = commandItems(state, menu, body, key);
  await waitFor(body, signal);
  return rows.map((row) => sample(row, state));
};

const menuThen = (sample: (state: DeviceState) => Row[]): MenuCommand => async (state, body, signal) => {
  await waitFor(body, signal);
  return sample(state);
};

/** An argument naming an item of `menu` by name or id: `missing value for <key>`, `input does not match any value of <key>`. */
function named(state: DeviceState, menu: string, body: Record<string, unknown>, key: string): Row {
  const value = body[key];
  if (value === undefined || value === '') throw errors.missingValue(key);
  const row = state.rawRow(menu, String(value));
  if (!row) throw errors.noMatch(key);
  return row;
}

function existingInterface(state: DeviceState, name: string, key = 'interface'): void {
  try {
    state.interfaceRow(name);
  } catch {
    throw errors.noMatch(key);
  }
}

const relayCounters = (row: Row): Row => ({ name: row['name'] ?? '', 'requests-received': '0', 'requests-relayed': '0', 'replies-received': '0', 'replies-relayed': '0' });

/** Bonding manual, "monitor-slaves": each slave of the bond; 802.3ad partner fields stay empty (no LACP partner answers). */
const monitorSlaves: MenuCommand = async (state, body, signal) => {
  const bond = named(state, 'interface/bonding', body, 'bond');
  await waitFor(body, signal);
  const lacp = bond['mode'] === '802.3ad';
  return String(bond['slaves'] ?? '').split(',').filter(Boolean).map((name) => ({
    interface: name,
    ...(lacp ? { 'aggregation-id': '0', 'partner-sys-id': '00:00:00:00:00:00', 'partner-sys-priority': '0', 'partner-key': '0', 'actor-state': '', 'partner-state': '' } : {}),
  }));
};

/** `/tool ip-scan interface= | address-range=`: the hosts the device knows (its ARP table), in the range or behind the interface. */
const ipScan: MenuCommand = async (state, body, signal) => {
  const iface = body['interface'] === undefined ? undefined : String(body['interface']);
  const range = body['address-range'] === undefined ? undefined : String(body['address-range']);
  if (iface === undefined && range === undefined) throw new RestError(400, 'failure: interface or address-range must be specified');
  if (iface !== undefined) existingInterface(state, iface);
  const inRange = range === undefined ? () => true : rangeTest(range);
  await waitFor(body, signal);
  return state
    .list('ip/arp')
    .filter((row) => row['address'] && row['mac-address'] && (iface === undefined || row['interface'] === iface) && inRange(row['address']))
    .map((row) => ({ address: row['address'], 'mac-address': row['mac-address'], time: '1ms', dns: '', snmp: '', netbios: '' }));
};

/** `10.0.0.0/24` or `10.0.0.1-10.0.0.9`. */
function rangeTest(range: string): (address: string) => boolean {
  const bad = () => errors.invalidValue('address-range', range);
  try {
    if (range.includes('-')) {
      const [from, to] = range.split('-').map((a) => ipaddr.IPv4.parse(a.trim()).toByteArray().reduce((n, b) => n * 256 + b, 0));
      return (address) => {
        const n = ipaddr.IPv4.parse(address).toByteArray().reduce((acc, b) => acc * 256 + b, 0);
        return n >= from && n <= to;
      };
    }
    const cidr = ipaddr.IPv4.parseCIDR(range.includes('/') ? range : `${range}/32`);
    return (address) => ipaddr.IPv4.parse(address).match(cidr);
  } catch {
    throw bad();
  }
}

/**
 * `/tool ping-speed address=` (Ping Speed manual: `current` and `average` rates): a target that answers pings gets the
 * simulated link's rate (1Gbps less the ping overhead: 950.0Mbps, chosen); one that does not gets 0bps.
 */
const pingSpeed: MenuCommand = async (state, body, signal) => {
  const host = String(body['address'] ?? '');
  if (!host) throw errors.missingValue('address');
  const reachable = pathTo(state, resolveHost(state, host)).reachable;
  await waitFor(body, signal);
  const rate = reachable ? '950.0Mbps' : '0bps';
  return [{ current: rate, average: rate }];
};

/** `/tool profile` (Profiler manual: NAME, CPU, USAGE): the device's CPU load is management work, the rest idle. */
const profile: MenuCommand = async (state, body, signal) => {
  await waitFor(body, signal);
  const load = Math.min(100, Math.max(0, Number(state.singleton('system/resource')['cpu-load'] ?? 0) || 0));
  const cpu = body['cpu'] === undefined ? 'all' : String(body['cpu']);
  return [
    { name: 'idle', cpu, usage: `${100 - load}%` },
    { name: 'management', cpu, usage: `${load}%` },
    { name: 'total', cpu, usage: `${load}%` },
  ];
};

/** `/tool sniffer quick`: catches nothing (the simulator carries no packets, as `/tool sniffer save` writes none). */
const sniffQuick: MenuCommand = async (state, body, signal) => {
  for (const name of String(body['interface'] ?? '').split(',').filter((n) => n && n !== 'all')) existingInterface(state, name);
  await waitFor(body, signal);
  return [];
};

/** `/interface mesh traceroute mesh= address=`: no mesh peer answers, so no hop is listed. */
const meshTraceroute: MenuCommand = async (state, body, signal) => {
  named(state, 'interface/mesh', body, 'mesh');
  if (body['address'] === undefined) throw errors.missingValue('address');
  await waitFor(body, signal);
  return [];
};

/** `/disk copy src= dst=` and 7.20's `/disk test disk=`: both disks must exist; no profile seeds a disk. */
const diskCopy: MenuCommand = async (state, body, signal) => {
  const src = named(state, 'disk', body, 'src');
  const dst = named(state, 'disk', body, 'dst');
  if (src['.id'] === dst['.id']) throw new RestError(400, 'failure: source and destination are the same disk');
  await waitFor(body, signal);
  return [{ status: 'finished', copied: '0' }];
};

const diskTest: MenuCommand = async (state, body, signal) => {
  named(state, 'disk', body, 'disk');
  await waitFor(body, signal);
  return [];
};

export const QUIET_MONITOR_COMMANDS: Record<string, MenuCommand> = {
  'ip/dhcp-relay/monitor': itemsThen('ip/dhcp-relay', relayCounters),
  'ipv6/dhcp-relay/monitor': itemsThen('ipv6/dhcp-relay', relayCounters),
  'interface/bridge/msti/monitor': itemsThen('interface/bridge/msti', (row) => ({ identifier: row['identifier'] ?? '', 'root-bridge': 'yes', 'root-path-cost': '0', 'root-port': 'none' })),
  'interface/bridge/port/mst-override/monitor': itemsThen('interface/bridge/port/mst-override', (row) => ({ interface: row['interface'] ?? '', identifier: row['identifier'] ?? '', role: 'designated-port', status: 'forwarding' })),
  'ip/traffic-flow/monitor': menuThen((state) => [{ status: state.singleton('ip/traffic-flow')['enabled'] === 'true' || state.singleton('ip/traffic-flow')['enabled'] === 'yes' ? 'running' : 'stopped', 'active-flows': '0', 'exported-flows': '0' }]),
  'queue/monitor': menuThen(() => [{ 'queued-packets': '0', 'queued-bytes': '0', 'dropped-packets': '0' }]),
  'routing/stats/info': menuThen(() => []),
  'interface/bonding/monitor-slaves': monitorSlaves,
  'tool/ip-scan': ipScan,
  'tool/ping-speed': pingSpeed,
  'tool/profile': profile,
  'tool/sniffer/quick': sniffQuick,
  'interface/mesh/traceroute': meshTraceroute,
  // Wi-Fi's development hooks (undocumented): the radio is checked, then nothing is reported (chosen).
  'interface/wifi/devel': async (state, body, signal) => {
    commandItems(state, 'interface/wifi', body, 'number');
    await waitFor(body, signal);
    return [];
  },
  'ip/dhcp-server/lease/check-status': (state, body) => {
    commandItems(state, 'ip/dhcp-server/lease', body);
    return [];
  },
  'disk/copy': diskCopy,
  'disk/test': diskTest,
};
