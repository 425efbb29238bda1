import type { DeviceState } from '../model/device-state';
import { commandItems } from './command-items';
import type { MenuCommand } from './menu-commands';
import { waitFor } from './monitor-commands';
import { errors, RestError } from './rest-error';
import { sessionSleep } from './session-sleep';

/**
 * RoMON, MAC tools and the traffic generator (RoMON, MAC server, Traffic Generator manuals). The simulator emulates
 * no layer-2 peer that answers RoMON or MAC-Telnet and loops no generated traffic back, so: discovery and scans list
 * nobody, a RoMON ping gets no reply, RoMON SSH and MAC-Telnet connections are never answered, and what the
 * generator sends is not received. Texts of the refusals are chosen (docs/simulator.md).
 */
function existingInterface(state: DeviceState, name: string): void {
  if (name === 'all') return;
  try {
    state.interfaceRow(name);
  } catch {
    throw errors.noMatch('interface');
  }
}

/** RoMON commands need RoMON enabled (`/tool romon set enabled=yes`; off on a fresh router). */
function romonEnabled(state: DeviceState): void {
  if (state.singleton('tool/romon')['enabled'] !== 'true' && state.singleton('tool/romon')['enabled'] !== 'yes') throw new RestError(400, 'failure: romon is not enabled');
}

/** `/tool romon ping id= [count=] [interval=] [size=]`: one row per probe, none answered. */
const romonPing: MenuCommand = async (state, body, signal) => {
  if (body['id'] === undefined) throw errors.missingValue('id');
  romonEnabled(state);
  const count = body['count'] === undefined ? undefined : Number(body['count']);
  if (count !== undefined && !(Number.isInteger(count) && count >= 1)) throw errors.invalidValue('count', String(body['count']));
  const rows: Record<string, string>[] = [];
  for (let seq = 0; count === undefined || seq < count; seq++) {
    await sessionSleep(5, signal);
    rows.push({ seq: String(seq), host: String(body['id']).toUpperCase(), status: 'timeout', sent: String(seq + 1), received: '0', 'packet-loss': '100' });
  }
  return rows;
};

const romonDiscover: MenuCommand = async (state, body, signal) => {
  romonEnabled(state);
  await waitFor(body, signal);
  return [];
};

/** RoMON SSH and MAC-Telnet: the peer named by its MAC address never answers. */
const macConnect = (key: string, romon: boolean): MenuCommand => (state, body) => {
  if (body[key] === undefined || body[key] === '') throw errors.missingValue(key);
  if (romon) romonEnabled(state);
  throw new RestError(400, `failure: connection to ${String(body[key]).toUpperCase()} failed: connection timed out`);
};

/** `/tool mac-scan interface=`: runs until stopped (or `duration`), hearing no MAC-server answer. */
const macScan: MenuCommand = async (state, body, signal) => {
  if (body['interface'] === undefined) throw errors.missingValue('interface');
  existingInterface(state, String(body['interface']));
  await waitFor(body, signal);
  return [];
};

/** The generator sends from `/tool traffic-generator port` entries; without one it has nothing to send from. */
function ports(state: DeviceState): void {
  if (state.list('tool/traffic-generator/port').length === 0) throw new RestError(400, 'failure: no ports configured');
}

const quick: MenuCommand = async (state, body, signal) => {
  if (body['interface'] !== undefined) existingInterface(state, String(body['interface']));
  else ports(state);
  await waitFor(body, signal);
  return [];
};

const start: MenuCommand = (state, body) => {
  if (body['interface'] !== undefined) existingInterface(state, String(body['interface']));
  else ports(state);
  state.commandSetSingleton('tool/traffic-generator', { running: 'true' });
  return [];
};

/** `inject interface= data=`: one frame leaves the interface (nothing observes it). */
const inject: MenuCommand = (state, body) => {
  if (body['interface'] === undefined) throw errors.missingValue('interface');
  existingInterface(state, String(body['interface']));
  if (body['data'] === undefined) throw errors.missingValue('data');
  if (!/^([0-9a-fA-F]{2})+$/.test(String(body['data']))) throw errors.invalidValue('data', String(body['data']));
  return [];
};

const injectPcap: MenuCommand = (state, body) => {
  if (body['interface'] === undefined) throw errors.missingValue('interface');
  existingInterface(state, String(body['interface']));
  if (body['pcap-file'] === undefined) throw errors.missingValue('pcap-file');
  if (!state.fileRow(String(body['pcap-file']))) throw new RestError(400, 'failure: no such file');
  return [];
};

export const NEIGHBOUR_TOOL_COMMANDS: Record<string, MenuCommand> = {
  'tool/romon/ping': romonPing,
  'tool/romon/discover': romonDiscover,
  'tool/romon/ssh': macConnect('address', true),
  'tool/mac-telnet': macConnect('host', false),
  'tool/mac-scan': macScan,
  'tool/traffic-generator/quick': quick,
  'tool/traffic-generator/start': start,
  'tool/traffic-generator/stop': (state) => {
    state.commandSetSingleton('tool/traffic-generator', { running: 'false' });
    return [];
  },
  'tool/traffic-generator/inject': inject,
  'tool/traffic-generator/inject-pcap': injectPcap,
};

/**
 * Wi-Fi radio tools on an existing `/interface/wifi` interface (WiFi manual: scan, frequency-scan, sniffer,
 * spectral-scan…): the simulator has no radio and hears no other AP, so each checks its interface and lists nothing
 * (runs for `duration`, or until stopped); `wps-push-button` opens a WPS window no client uses; `roam` needs a
 * station connected to an AP, which a simulated radio never is.
 */
const wifiListening: MenuCommand = async (state, body, signal) => {
  commandItems(state, 'interface/wifi', body, 'number');
  await waitFor(body, signal);
  return [];
};

export const WIFI_RADIO_COMMANDS: Record<string, MenuCommand> = {
  ...Object.fromEntries(['scan', 'frequency-scan', 'flat-snoop', 'sniffer', 'spectral-scan', 'spectral-history', 'wps-client'].map((c) => [`interface/wifi/${c}`, wifiListening])),
  'interface/wifi/wps-push-button': (state, body) => {
    commandItems(state, 'interface/wifi', body);
    return [];
  },
  'interface/wifi/roam': (state, body) => {
    commandItems(state, 'interface/wifi', body, 'number');
    if (body['addr'] === undefined) throw errors.missingValue('addr');
    throw new RestError(400, 'failure: interface is not connected to an AP');
  },
};
