import type { DeviceState } from '../model/device-state';
import type { Row } from '../rest/print-query';
import { wrapExportLine } from './export-wrap';

export interface ExportOptions {
  verbose?: boolean;
  terse?: boolean;
  compact?: boolean;
  showSensitive?: boolean;
  /** Only this menu and the menus below it (`/ip address export`). */
  under?: string;
}

/** Menus in the order RouterOS prints them in an export. */
const EXPORT_ORDER = [
  'interface/bridge', 'interface/ethernet',
  // Tunnels and virtual interfaces (model/tunnel-interfaces.ts) before what runs on top of them (VLANs on a bond, VRRP on a VLAN).
  'interface/6to4', 'interface/eoip', 'interface/eoipv6', 'interface/gre', 'interface/gre6', 'interface/ipip', 'interface/ipipv6', 'interface/veth', 'interface/vxlan',
  // PPP clients, server bindings and VPLS (model/ppp-interfaces.ts).
  'interface/l2tp-client', 'interface/l2tp-server', 'interface/ovpn-client', 'interface/ovpn-server', 'interface/pppoe-client', 'interface/pppoe-server',
  'interface/pptp-client', 'interface/pptp-server', 'interface/sstp-client', 'interface/sstp-server', 'interface/vpls', 'interface/l2tp-ether', 'interface/mesh',
  'interface/wireguard', 'interface/bonding', 'interface/vlan', 'interface/macvlan', 'interface/macsec', 'interface/vrrp', 'interface/list',
  'interface/wifi/channel', 'interface/wifi/datapath', 'interface/wifi/security', 'interface/wifi/configuration', 'interface/wifi', 'interface/wireless', 'caps-man/manager',
  // Queues before the ports and addresses, where published RouterOS 7 exports put them (their order is not documented).
  'ip/ipsec/policy/group', 'ip/ipsec/profile', 'ip/ipsec/peer', 'ip/ipsec/proposal',
  'ip/pool', 'ipv6/pool', 'ppp/profile', 'routing/bgp/template', 'routing/ospf/instance', 'routing/ospf/area', 'snmp/community', 'system/logging/action', 'routing/table',
  'queue/type', 'queue/simple', 'queue/tree', 'interface/bridge/port', 'interface/bridge/vlan', 'ip/neighbor/discovery-settings', 'interface/list/member', 'interface/wireguard/peers', 'interface/wifi/capsman', 'interface/wifi/provisioning',
  'ip/address', 'ip/cloud', 'ip/cloud/advanced', 'ip/dhcp-client', 'ip/dhcp-server', 'ip/dhcp-server/lease', 'ip/dhcp-server/network', 'ip/dns', 'ip/dns/static',
  'ip/firewall/address-list', 'ip/firewall/filter', 'ip/firewall/mangle', 'ip/firewall/nat', 'ip/firewall/raw', 'ip/ipsec/identity', 'ip/ipsec/policy', 'ip/route', 'ip/service', 'ip/ssh',
  'ppp/secret', 'routing/bgp/connection', 'routing/ospf/interface-template',
  'ipv6/route', 'ipv6/address', 'ipv6/dhcp-client', 'ipv6/dhcp-server', 'ipv6/firewall/address-list', 'ipv6/firewall/filter', 'ipv6/firewall/mangle', 'ipv6/firewall/nat', 'ipv6/firewall/raw',
  'ipv6/nd', 'ipv6/nd/prefix', 'routing/rule',
  'snmp', 'system/clock', 'system/identity', 'system/logging', 'system/ntp/client', 'system/ntp/client/servers', 'system/scheduler',
  // The container package (model/container.ts; its place in an export is not documented, chosen).
  'container/mounts', 'container/envs', 'container', 'container/config',
  // Users are never exported (RouterOS keeps them out of /export); their password rules are.
  'user/settings',
];

function quote(value: string): string {
  if (value === '') return '""';
  return /^[A-Za-z0-9_.:,/*+@-]+$/.test(value) ? value : `"${value.replace(/["\\$]/g, (c) => `\\${c}`)}"`;
}

/** RouterOS prints booleans as yes/no in exports. */
function display(value: string): string {
  return value === 'true' ? 'yes' : value === 'false' ? 'no' : value;
}

/** `configuration.mode=ap configuration.ssid=x` prints as `configuration.mode=ap .ssid=x`: RouterOS abbreviates a repeated group. */
function abbreviate(keys: string[]): string[] {
  return keys.map((key, i) => {
    const group = key.includes('.') ? key.slice(0, key.indexOf('.')) : undefined;
    const previous = keys[i - 1];
    return group && previous?.startsWith(`${group}.`) ? key.slice(group.length) : key;
  });
}

function props(row: Row, options: ExportOptions, sensitive: readonly string[], defaults: Record<string, string>, skip: readonly string[]): string {
  const keys = Object.keys(row)
    .filter((k) => !k.startsWith('.') && !skip.includes(k))
    .filter((k) => options.showSensitive || !sensitive.includes(k))
    .filter((k) => options.verbose || (row[k] !== '' && defaults[k] !== row[k]))
    .sort();
  const printed = abbreviate(keys);
  return keys.map((k, i) => `${printed[i]}=${quote(display(row[k]))}`).join(' ');
}

/**
 * The configuration as `/export` prints it: header, one `/menu` section per menu, `add` lines for rows,
 * `set [ find default-name=… ]` for built-ins, `set` for singletons; CRLF line ends. Always the current state.
 */
export function renderExport(state: DeviceState, options: ExportOptions = {}): string {
  const snapshot = state.snapshot();
  const seed = state.seedSnapshot();
  const resource = snapshot['system/resource']?.[0] ?? {};
  const board = snapshot['system/routerboard']?.[0];
  const lines: string[] = [`# ${new Date(state.readContext().tick * 1000).toISOString().replace('T', ' ').slice(0, 19)} by RouterOS ${state.version}`];
  if (board) lines.push(`# software id = ${board['serial-number']?.slice(0, 4)}-${board['serial-number']?.slice(-4)}`, '#', `# model = ${board['model']}`, `# serial number = ${board['serial-number']}`);
  else lines.push(`# system id = ${resource['board-name']?.replace(/\W+/g, '').slice(0, 11) ?? 'CHR'}`);
  // Menus served from the tree alone follow the curated ones, in path order (RouterOS's own order for them is not
  // modelled yet); they start empty, so they show only once something was written to them.
  const generic = Object.keys(snapshot).filter((p) => !EXPORT_ORDER.includes(p) && state.menu(p)?.generic).sort();
  for (const path of [...EXPORT_ORDER, ...generic].filter((p) => !options.under || p === options.under || p.startsWith(`${options.under}/`))) {
    const spec = state.menu(path);
    if (!spec) continue;
    const rows = snapshot[path] ?? [];
    const commands: string[] = [];
    const sensitive = spec.sensitive ?? [];
    // Only what can be configured is exported: read-only values (loop-protect-status, max-l2mtu) never are.
    const settable = new Set([...(state.tree[path]?.set ?? []), ...(state.tree[path]?.add ?? []), ...(spec.packageArgs ?? [])]);
    const readOnly = (row: Row) => ['dynamic', 'invalid', 'running', ...Object.keys(row).filter((k) => settable.size > 0 && !settable.has(k))];
    for (const row of rows) {
      if (row['.dynamic'] === 'true') continue;
      if (spec.kind === 'singleton') {
        const baseline = spec.factory ?? seed[path]?.[0] ?? {};
        const text = props(row, options, sensitive, options.verbose ? {} : baseline, readOnly(row));
        if (text) commands.push(`set ${text}`);
      } else if (row['.builtin'] === 'true') {
        // Built-ins print what differs from the factory: the menu's factory row when it has one (wifi interfaces
        // ship disabled and unconfigured, so defconf's settings show), else the row as first loaded.
        const seedRow = spec.factory ? { ...spec.factory, name: row['default-name'] ?? row['name'] } : (seed[path] ?? []).find((r) => r['.id'] === row['.id']) ?? {};
        const key = row['default-name'] ? 'default-name' : 'name';
        // A built-in row without a name (the `interface=all` ND row) is found by its `*` flag.
        const find = row[key] === undefined && row['default'] === 'true' ? 'default=yes' : `${key}=${quote(row[key] ?? '')}`;
        const text = props(row, options, sensitive, options.verbose ? {} : seedRow, [...readOnly(row), 'default-name', 'mac-address', 'orig-mac-address']);
        if (text) commands.push(`set [ find ${find} ] ${text}`);
      } else {
        commands.push(`add ${props(row, options, sensitive, options.verbose ? {} : spec.defaults ?? {}, readOnly(row))}`.trimEnd());
      }
    }
    if (commands.length === 0) continue;
    const menu = `/${path.replace(/\//g, ' ')}`;
    if (options.terse) commands.forEach((c) => lines.push(`${menu} ${c}`));
    else {
      lines.push(menu);
      commands.forEach((c) => lines.push(...wrapExportLine(c)));
    }
  }
  return lines.join('\r\n') + '\r\n';
}
