import type { DeviceState } from '../model/device-state';
import type { Row } from './print-query';
import { commandItems } from './command-items';
import type { MenuCommand } from './menu-commands';
import { sessionSleep } from './session-sleep';

/**
 * `monitor` of the menus whose state the simulator models: one sample per item, with the properties MikroTik's
 * manual lists for the monitor, read from the item's live row. With `once` the samples come at once; with `duration`
 * after a moment (the simulator's time is compressed); without either the command runs until the session closes,
 * as `/interface/monitor-traffic` does (rest/commands.ts). Monitors of what the simulator does not run (tunnels'
 * peers, LTE, Wi-Fi radios, UPS) stay unmodelled.
 */
type Sampler = (state: DeviceState, row: Row) => Row;

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** `1G-baseT-full` → `1Gbps`, full duplex (Ethernet manual, Monitor: rate, full-duplex). */
function rateOf(speed: string | undefined): { rate: string; fullDuplex: boolean } {
  const match = /^(\d+(?:\.\d+)?)([MG])-[A-Za-z0-9]*?-?(half|full)?$/.exec(speed ?? '') ?? /^(\d+(?:\.\d+)?)([MG])/.exec(speed ?? '');
  if (!match) return { rate: '1Gbps', fullDuplex: true };
  return { rate: `${match[1]}${match[2]}bps`, fullDuplex: match[3] !== 'half' };
}

/** Ethernet manual, "Monitor": status, auto-negotiation, rate, full-duplex, flow control. */
const ethernet: Sampler = (_state, row) => {
  const up = row['running'] === 'true';
  const { rate, fullDuplex } = rateOf(row['speed']);
  return {
    name: row['name'], status: up ? 'link-ok' : 'no-link', 'auto-negotiation': up ? 'done' : 'incomplete',
    ...(up ? { rate, 'full-duplex': yesNo(fullDuplex), 'tx-flow-control': 'no', 'rx-flow-control': 'no' } : {}),
  };
};

/**
 * Ethernet manual, "Cable test": a port with a link shows `link-ok`; one without shows each pair's state and the
 * distance to the fault. The simulator has no cable: an unplugged pair is `open` at 4 m (chosen, docs/simulator.md).
 * The pipeline refuses the command (it takes the link down on a real port); the simulator answers it as RouterOS does.
 */
const cableTest: Sampler = (_state, row): Row =>
  row['running'] === 'true' ? { name: row['name'], status: 'link-ok' } : { name: row['name'], status: 'no-link', 'cable-pairs': 'open:4,open:4,open:4,open:4' };

/** Bridging manual, "Monitor": the bridge is the root of its (R)STP tree (the simulator has no other bridge to elect). */
const bridge: Sampler = (state, row) => {
  const ports = state.list('interface/bridge/port').filter((p) => p['bridge'] === row['name']);
  const mac = row['mac-address'] ?? '';
  return {
    state: row['disabled'] === 'true' ? 'disabled' : 'enabled', 'current-mac-address': mac, 'root-bridge': 'yes',
    'root-bridge-id': `${row['priority'] ?? '0x8000'}.${mac}`, 'root-path-cost': '0', 'port-count': String(ports.length),
    'designated-port-count': String(ports.filter((p) => p['disabled'] !== 'true').length), 'fast-forward': 'no',
  };
};

/** Bridging manual, "Port monitor": an enabled port of a root bridge is a forwarding designated port. */
const bridgePort: Sampler = (state, row) => {
  const on = row['disabled'] !== 'true';
  return {
    interface: row['interface'], status: on ? 'in-bridge' : 'disabled', 'port-number': String(state.list('interface/bridge/port').findIndex((p) => p['.id'] === row['.id']) + 1),
    role: on ? 'designated-port' : 'disabled-port', 'edge-port': 'yes', 'edge-port-discovery': 'yes', 'point-to-point-port': 'yes', 'external-fdb': 'no',
    'sending-rstp': yesNo(on), learning: yesNo(on), forwarding: yesNo(on),
  };
};

/** Bonding manual, "Monitor": the mode, and which ports carry traffic (the running ones). */
const bonding: Sampler = (state, row) => {
  const slaves = (row['slaves'] ?? '').split(',').filter(Boolean);
  const running = (name: string) => {
    try {
      const port = state.get('interface', name);
      return port['running'] === 'true';
    } catch {
      return false;
    }
  };
  return { mode: row['mode'] ?? 'balance-rr', 'active-ports': slaves.filter(running).join(','), 'inactive-ports': slaves.filter((s) => !running(s)).join(',') };
};

/** System resources manual, "Monitor": CPU use and free memory, as `/system/resource` shows them now. */
const resource = (state: DeviceState): Row => {
  const now = state.singleton('system/resource');
  return { 'cpu-used': now['cpu-load'] ?? '0', 'cpu-used-per-cpu': now['cpu-load'] ?? '0', 'free-memory': now['free-memory'] ?? '0' };
};

const sleep = sessionSleep;

/** Waits as a monitor does before its answer: none with `once`, a moment with `duration`, else until stopped. */
export const waitFor = (body: Record<string, unknown>, signal?: AbortSignal) => (body['once'] !== undefined ? Promise.resolve() : sleep(body['duration'] !== undefined ? 5 : 24 * 3600_000, signal));

export const itemMonitor = (menu: string, sample: Sampler) => async (state: DeviceState, body: Record<string, unknown>, signal?: AbortSignal) => {
  const rows = commandItems(state, menu, body); // refused before it runs: a missing or unknown item
  await waitFor(body, signal);
  return rows.map((row) => sample(state, state.get(menu, row['.id'])));
};

export const MONITOR_COMMANDS: Record<string, MenuCommand> = {
  'interface/ethernet/monitor': itemMonitor('interface/ethernet', ethernet),
  'interface/ethernet/cable-test': itemMonitor('interface/ethernet', cableTest),
  'interface/bridge/monitor': itemMonitor('interface/bridge', bridge),
  'interface/bridge/port/monitor': itemMonitor('interface/bridge/port', bridgePort),
  'interface/bonding/monitor': itemMonitor('interface/bonding', bonding),
  'system/resource/monitor': async (state, body, signal) => {
    await waitFor(body, signal);
    return [resource(state)];
  },
};
