import type { DeviceState, DeviceUser } from '../model/device-state';
import { handleRest } from '../rest/rest-handler';
import { RestError } from '../rest/rest-error';
import { parseTimeMs } from '../model/values';
import type { Row } from '../rest/print-query';
import { ConsoleSyntaxError } from './console-parser';
import type { ConsoleCommand } from './console-resolve';
import { consoleRate } from './print-stats';
import { LINK_MONITOR_COMMANDS } from '../rest/link-monitor-commands';

/** The link monitors that name items (the others monitor a whole menu). */
const ITEM_MONITOR = /^(interface\/|radius\/monitor$)/;

/**
 * Menu-specific commands the console runs through the REST layer (the same checks and model), then prints as
 * RouterOS's console does: backups, ping, traceroute, torch, monitor-traffic.
 */
interface ToolSyntax {
  /** The argument a bare first word gives (`/ping 10.0.0.1`, `/interface monitor-traffic ether1`). */
  unnamed?: string;
  /** Arguments that take no value on the console (`once`). */
  switches?: string[];
  /**
   * Without `count`/`duration`/`once` RouterOS's console runs until Ctrl+C; an exec session cannot press it, so the
   * console stops after this (chosen without a source, docs/simulator.md).
   */
  bounded?: Record<string, string>;
}

const TOOLS: Record<string, ToolSyntax> = {
  'system/backup/save': { switches: ['dont-encrypt'] },
  'system/backup/load': {},
  'file/read': {},
  // `/import x.rsc` (rest/import-command.ts).
  import: { unnamed: 'file-name', switches: ['verbose', 'dry-run'] },
  ping: { unnamed: 'address', switches: ['arp-ping', 'do-not-fragment'], bounded: { count: '3' } },
  'tool/ping': { unnamed: 'address', switches: ['arp-ping', 'do-not-fragment'], bounded: { count: '3' } },
  'tool/traceroute': { unnamed: 'address', switches: ['do-not-fragment', 'use-dns'], bounded: { count: '3' } },
  'tool/torch': { unnamed: 'interface', bounded: { duration: '1s' } },
  'interface/monitor-traffic': { unnamed: 'interface', switches: ['once'], bounded: { once: '' } },
  // Monitors of modelled menus (rest/monitor-commands.ts), printed as `name: value` lines.
  ...Object.fromEntries(['interface/ethernet/monitor', 'interface/ethernet/cable-test', 'interface/bridge/monitor', 'interface/bridge/port/monitor', 'interface/bonding/monitor'].map((m) => [m, { unnamed: 'numbers', switches: ['once'], bounded: { once: '' } }])),
  'system/resource/monitor': { switches: ['once'], bounded: { once: '' } },
  // Clients of other hosts (rest/reach-out-commands.ts): `/tool fetch http://…`, `/system ssh 10.0.0.1`.
  'tool/fetch': { unnamed: 'url' },
  'tool/flood-ping': { unnamed: 'address', switches: ['once'] },
  ...Object.fromEntries(['tool/bandwidth-test', 'tool/speed-test', 'system/ssh', 'system/ssh-exec', 'system/telnet'].map((m) => [m, { unnamed: 'address' }])),
  // Commands that answer a value (rest/routing-internal-commands.ts, package-commands.ts, certificate-remote-commands.ts, neighbour-tools-commands.ts).
  'ip/route/check': { unnamed: 'dst-ip', switches: ['once'], bounded: { once: '' } },
  'routing/filter/test-as-path-regexp': {},
  'routing/rpki/rpki-check': {},
  'system/check-installation': { switches: ['once'] },
  'certificate/scep-server/otp/generate': {},
  'system/device-mode/update': {},
  'tool/romon/ping': { unnamed: 'id', bounded: { count: '3' } },
  // Runs until Ctrl+C, which an exec session cannot send: one reading, as torch.
  'tool/traffic-generator/quick': { bounded: { duration: '1s' } },
  // Issue 23's last monitors and scans (rest/quiet-monitor-commands.ts): one reading, or a second of scanning.
  ...Object.fromEntries(['ip/dhcp-relay/monitor', 'ipv6/dhcp-relay/monitor', 'interface/bridge/msti/monitor', 'interface/bridge/port/mst-override/monitor'].map((m) => [m, { unnamed: 'numbers', switches: ['once'], bounded: { once: '' } }])),
  ...Object.fromEntries(['ip/traffic-flow/monitor', 'queue/monitor', 'routing/stats/info', 'disk/copy'].map((m) => [m, { switches: ['once'], bounded: { once: '' } }])),
  'interface/bonding/monitor-slaves': { unnamed: 'bond', switches: ['once'], bounded: { once: '' } },
  'tool/ping-speed': { unnamed: 'address', switches: ['once'], bounded: { once: '' } },
  ...Object.fromEntries(['tool/ip-scan', 'tool/profile', 'tool/sniffer/quick', 'disk/test'].map((m) => [m, { bounded: { duration: '1s' } }])),
  'interface/mesh/traceroute': { unnamed: 'address', bounded: { duration: '1s' } },
  'interface/wifi/devel': { unnamed: 'number', bounded: { duration: '1s' } },
  // Commands that answer a text (rest/config-transfer-commands.ts, leftover-commands.ts) or the console's own tree.
  'interface/wireguard/wg-export': { unnamed: 'number' },
  'interface/wireguard/peers/show-client-config': { unnamed: 'number' },
  'routing/nexthop/dump-dot': {},
  'console/inspect': {},
  // Monitors of links that never come up (rest/link-monitor-commands.ts).
  ...Object.fromEntries(Object.keys(LINK_MONITOR_COMMANDS).filter((m) => /monitor(-peers)?$/.test(m)).map((m) => [m, ITEM_MONITOR.test(m) ? { unnamed: 'numbers', switches: ['once'], bounded: { once: '' } } : m === 'system/ntp/monitor-peers' ? { bounded: { duration: '1s' } } : { switches: ['once'], bounded: { once: '' } }])),
};

export const isConsoleTool = (c: ConsoleCommand) => c.command !== undefined && TOOLS[path(c)] !== undefined;

const path = (c: ConsoleCommand) => (c.menu ? `${c.menu}/${c.command}` : c.command!);

/** Checks the words against the tree before anything runs (`expected end of command` at the first one it lacks). */
export function precheckTool(state: DeviceState, c: ConsoleCommand): void {
  const syntax = TOOLS[path(c)];
  const args = state.tree[c.menu]?.args[c.command!] ?? [];
  const badArg = c.args.find((a) => !args.includes(a.text));
  const positional = c.positional.filter((w, i) => !(i === 0 && syntax.unnamed && !(syntax.switches ?? []).includes(w.text)));
  const badWord = positional.find((w) => !(syntax.switches ?? []).includes(w.text) || !args.includes(w.text));
  const bad = badArg ?? badWord;
  if (bad) throw new ConsoleSyntaxError('expected end of command', c.line, bad.column);
}

function body(c: ConsoleCommand): Record<string, string> {
  const syntax = TOOLS[path(c)];
  const out: Record<string, string> = {};
  c.positional.forEach((w, i) => {
    if (i === 0 && syntax.unnamed && !(syntax.switches ?? []).includes(w.text)) out[syntax.unnamed] = w.text;
    else out[w.text] = 'yes';
  });
  for (const a of c.args) out[a.text] = a.value!;
  const bounded = syntax.bounded ?? {};
  if (Object.keys(bounded).length > 0 && !['count', 'duration', 'once'].some((k) => out[k] !== undefined)) Object.assign(out, bounded);
  if (out['once'] === 'yes') out['once'] = '';
  return out;
}

const pad = (value: string, width: number, right = false) => (right ? value.padStart(width) : value.padEnd(width));

/** A table with RouterOS's `Columns:` line and header, cells three blanks apart, numbers right-aligned. */
function columns(names: string[], keys: string[], rows: Row[], numbered: boolean): string {
  const cells = rows.map((row, i) => [...(numbered ? [String(i + 1)] : []), ...keys.map((k) => row[k] ?? '')]);
  const header = [...(numbered ? ['#'] : []), ...names];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i].length)));
  const numeric = header.map((_, i) => cells.length > 0 && cells.every((r) => /^\d+$/.test(r[i]) || r[i] === ''));
  const line = (r: string[]) => r.map((v, i) => pad(v, widths[i], numeric[i])).join('   ').trimEnd();
  return [`Columns: ${names.join(', ')}`, line(header), ...cells.map(line)].map((l) => `${l}\r\n`).join('');
}

const withRates = (row: Row, keys: (k: string) => boolean): Row => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, keys(k) ? consoleRate(v) : v]));

/** `name: value` lines with the names right-aligned, as the console prints a monitor. */
function monitor(rows: Row[]): string {
  return rows
    .map((row) => {
      const keys = Object.keys(row).filter((k) => !k.startsWith('.'));
      const width = Math.max(...keys.map((k) => k.length));
      return keys.map((k) => `${k.padStart(width)}: ${row[k]}\r\n`).join('');
    })
    .join('\r\n');
}

function render(command: string, rows: Row[]): string {
  switch (command) {
    case 'system/backup/save':
      return 'Configuration backup saved\r\n';
    case 'system/backup/load':
      return 'Restore and reboot? [y/N]: y\r\nRestoring system configuration\r\nSystem configuration restored, rebooting now\r\n';
    case 'ping':
    case 'tool/ping': {
      const last = rows[rows.length - 1] ?? {};
      const table = columns(['SEQ', 'HOST', 'SIZE', 'TTL', 'TIME', 'STATUS'], ['seq', 'host', 'size', 'ttl', 'time', 'status'], rows, false).split('\r\n').slice(1).join('\r\n');
      const stats = ['sent', 'received', 'packet-loss', 'min-rtt', 'avg-rtt', 'max-rtt'].filter((k) => last[k] !== undefined).map((k) => `${k}=${last[k]}${k === 'packet-loss' ? '%' : ''}`);
      return `${table}    ${stats.join(' ')}\r\n`;
    }
    case 'tool/romon/ping':
      return columns(['SEQ', 'HOST', 'STATUS'], ['seq', 'host', 'status'], rows, false) + `    sent=${rows.length} received=0 packet-loss=100%\r\n`;
    case 'tool/traceroute':
      return columns(['ADDRESS', 'LOSS', 'SENT', 'LAST', 'AVG', 'BEST', 'WORST', 'STD-DEV', 'STATUS'], ['address', 'loss', 'sent', 'last', 'avg', 'best', 'worst', 'std-dev', 'status'], rows, true);
    case 'tool/torch': {
      // The address and port columns appear when torch classifies by them (`src-address=0.0.0.0/0`, `port=any`).
      const classified = ['src-address', 'src-port', 'dst-address', 'dst-port'].filter((k) => rows.some((r) => k in r));
      const keys = ['mac-protocol', 'ip-protocol', ...classified, 'tx', 'rx', 'tx-packets', 'rx-packets'];
      const names = keys.map((k) => (k === 'mac-protocol' ? 'ETH-PROTOCOL' : k.toUpperCase()));
      return columns(names, keys, rows.map((r) => withRates(r, (k) => k === 'tx' || k === 'rx')), false);
    }
    case 'tool/ip-scan':
      return columns(['ADDRESS', 'MAC-ADDRESS', 'TIME', 'DNS', 'SNMP', 'NETBIOS'], ['address', 'mac-address', 'time', 'dns', 'snmp', 'netbios'], rows, false);
    case 'tool/profile':
      return columns(['NAME', 'CPU', 'USAGE'], ['name', 'cpu', 'usage'], rows, false);
    case 'console/inspect': {
      const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
      return rows.length === 0 ? '' : columns(keys.map((k) => k.toUpperCase()), keys, rows, false);
    }
    default:
      return monitor(rows.map((r) => withRates(r, (k) => k.endsWith('-bits-per-second'))));
  }
}

/** `5m00s` as the manual's prompt writes the activation timeout (seconds below a minute: `10s`). */
function promptTime(value: string | undefined): string {
  const seconds = Math.round((value === undefined ? 300_000 : parseTimeMs(value) ?? 300_000) / 1000);
  return seconds < 60 ? `${seconds}s` : `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;
}

/** Runs one tool command for a console session; a refusal is thrown as the REST layer's error. */
export async function runConsoleTool(state: DeviceState, c: ConsoleCommand, user: DeviceUser): Promise<string> {
  const command = path(c);
  const args = body(c);
  let reply;
  try {
    reply = await handleRest(state, { method: 'POST', path: command, query: new URLSearchParams(), body: args, user }, new AbortController().signal);
  } catch (error) {
    // The Device-mode manual's prompt comes first, then the cancellation (rest/package-commands.ts).
    if (command === 'system/device-mode/update' && error instanceof RestError && /^failure: update canceled/.test(String(error.detail))) {
      throw new RestError(error.status, `update: please activate by turning power off or pressing reset or mode button in ${promptTime(args['activation-timeout'])}\r\n${error.detail}`);
    }
    throw error;
  }
  // A text the command answers (`wg-export`, `dump-dot`) is printed as it is.
  const text = (reply.body as { ret?: unknown } | undefined)?.ret;
  if (!Array.isArray(reply.body) && typeof text === 'string') return text.replace(/\r?\n/g, '\r\n');
  const rows = Array.isArray(reply.body) ? (reply.body as Row[]) : [];
  return render(command, rows);
}
