import { ipv4Network } from './ip';
import { routeStates } from './routing';
import { interfaceCounters } from './interface-traffic';
import { isBound, leaseDnsServers } from './dhcp-client';
import { MenuSpec, ReadContext } from './menu-spec';
import { deviceDateTime, schedulerStatus } from './scheduler';
import { WIREGUARD_MENUS } from './wireguard';
import { TUNNEL_INTERFACE_MENUS } from './tunnel-interfaces';
import { PPP_INTERFACE_MENUS } from './ppp-interfaces';
import { USER_MENUS } from './users';
import { USER_SETTINGS_MENU } from './password-rules';
import { CONTAINER_MENUS } from './container';
import { SSH_KEY_MENUS } from './ssh-keys';
import { FILE_MENU } from './files';
import { QUEUE_MENUS } from './queues';
import { CERTIFICATE_MENU, serviceCertificateArg } from './certificate';
import { PPP_MENUS } from './ppp';
import { LOGGING_ACTION_MENU } from './logging';
import { IPSEC_MENUS } from './ipsec';
import { ROUTING_CONFIG_MENUS } from './routing-config';
import { SNMP_MENUS } from './snmp';
import { IPV6_MENUS } from './ipv6';
import { CLOUD_SSH_MENUS } from './cloud-ssh';
import { NEIGHBOR_MENUS } from './neighbors';
import { formatDuration, noise, parseSeconds, versionAtLeast } from './values';
import type { Row } from '../rest/print-query';

const common = ['disabled'];

/** Seconds a row has existed in this boot: since it was added, or since boot for what the configuration loaded. */
function secondsAlive(row: Row, ctx: ReadContext): number {
  const since = row['.counters-reset'] ?? row['.created'];
  const created = since ? Math.floor(Date.parse(since) / 1000) : -Infinity;
  return Math.max(0, Math.min(ctx.uptime, ctx.tick - created));
}

/** A rule's counters grow from 0 (when it was added, or at boot) at its own rate; packets are plausible sizes. */
function ruleCounters(row: Row, ctx: ReadContext, table: string): Record<string, string> {
  const rate = noise(ctx.seed, row['.id'] + table, 0);
  const packets = Math.floor(secondsAlive(row, ctx) * rate * 3);
  const size = 60 + Math.floor(noise(ctx.seed, row['.id'] + table, 1) * 1000);
  return { bytes: String(packets * size), packets: String(packets), dynamic: 'false', invalid: 'false' };
}

/**
 * Something that started `.since` seconds after boot (a client associating, a CAP connecting): its uptime is
 * what is left of the device's, so it never exceeds it and ticks with the clock; a reboot starts it over.
 */
const upSince = (row: Row, ctx: ReadContext) => Math.max(0, ctx.uptime - Number(row['.since'] ?? 0));

/** A registered client's uptime and its traffic in that time (`tx,rx`, as the registration tables print them). */
function clientCounters(row: Row, ctx: ReadContext): Record<string, string> {
  const seconds = upSince(row, ctx);
  const packets = ['tx', 'rx'].map((dir) => Math.floor(seconds * (2 + noise(ctx.seed, row['mac-address'] + dir, 0) * 40)));
  const bytes = packets.map((n, i) => n * (300 + Math.floor(noise(ctx.seed, row['mac-address'] + i, 1) * 1100)));
  return { uptime: formatDuration(seconds), packets: packets.join(','), bytes: bytes.join(','), 'last-activity': '0s' };
}

/**
 * A lease as the server sees it: bound leases renew at half their time, so `expires-after` and `last-seen`
 * cycle within the lease time and never go back before the client first asked (`.since` after boot).
 */
function leaseState(row: Row, ctx: ReadContext): Record<string, string> {
  const common = { dynamic: row['.dynamic'] ?? 'false', blocked: 'false', radius: 'false', 'address-lists': row['address-lists'] ?? '', 'dhcp-option': row['dhcp-option'] ?? '' };
  // A lease added by hand waits until its client asks (seeded leases carry when it did, `.since`).
  if (row['disabled'] === 'true' || row['.since'] === undefined) return { ...common, status: 'waiting' };
  const lease = parseSeconds(ctx.rowsOf('ip/dhcp-server').find((s) => s['name'] === row['server'])?.['lease-time'] ?? '30m');
  const sinceRenewal = upSince(row, ctx) % Math.max(1, Math.floor(lease / 2));
  return {
    ...common, status: 'bound', 'active-address': row['address'], 'active-mac-address': row['mac-address'], 'active-client-id': row['client-id'] ?? '',
    'active-server': row['server'] ?? '', 'expires-after': formatDuration(lease - sinceRenewal), 'last-seen': formatDuration(sinceRenewal),
  };
}

/** A DHCP client's read-only properties as the manual lists them; bound only to a seeded lease (model/dhcp-client.ts). */
function dhcpClientState(row: Row, ctx: ReadContext): Record<string, string> {
  const common = { dynamic: 'false', invalid: 'false' };
  if (row['disabled'] === 'true') return { ...common, status: 'stopped' };
  if (!isBound(row, ctx.rowsOf)) return { ...common, status: 'searching...' };
  const [primary = '', secondary = ''] = (row['.lease-dns'] ?? '').split(',');
  const lease = parseSeconds(row['.lease-time'] ?? '1d');
  return {
    ...common, status: 'bound', address: row['.lease-address'], gateway: row['.lease-gateway'] ?? '', 'dhcp-server': row['.lease-server'] ?? '',
    'primary-dns': primary, 'secondary-dns': secondary, 'expires-after': formatDuration(lease - (ctx.uptime % Math.max(1, Math.floor(lease / 2)))),
  };
}

/** A timed entry is dynamic and shows the time it has left; it is gone when that reaches zero. */
function addressListState(row: Row, ctx: ReadContext): Record<string, string> {
  const expires = row['.expires'] ? Math.ceil((Number(row['.expires']) - ctx.now) / 1000) : undefined;
  return { 'creation-time': row['.created'] ? deviceDateTime(Date.parse(row['.created'])) : '', dynamic: row['.dynamic'] ?? 'false', ...(expires !== undefined ? { timeout: formatDuration(Math.max(0, expires)) } : {}) };
}

export const MENUS: MenuSpec[] = [
  {
    path: 'system/resource', kind: 'singleton', writable: false,
    computed: (row, ctx) => ({
      uptime: formatDuration(ctx.uptime),
      'cpu-load': String(ctx.cpuLoadPercent ?? Math.floor(noise(ctx.seed, 'cpu', ctx.tick) * 25)),
      'free-memory': String(Number(row['total-memory']) - Math.floor(Number(row['total-memory']) * (0.25 + noise(ctx.seed, 'mem', Math.floor(ctx.tick / 10)) * 0.05))),
      version: `${ctx.version} (stable)`,
    }),
  },
  { path: 'system/identity', kind: 'singleton', writable: true, factory: { name: 'MikroTik' } },
  {
    path: 'system/clock', kind: 'singleton', writable: true, bools: ['time-zone-autodetect'],
    computed: (_row, ctx) => {
      const now = new Date(ctx.tick * 1000).toISOString();
      return { date: now.slice(0, 10), time: now.slice(11, 19), 'gmt-offset': '+00:00', 'dst-active': 'false' };
    },
  },
  { path: 'system/package', kind: 'table', writable: false },
  {
    path: 'system/health', kind: 'table', writable: false,
    computed: (row, ctx): Record<string, string> => (row['name'] === 'temperature' || row['name'] === 'cpu-temperature' ? { value: String(40 + Math.floor(noise(ctx.seed, row['name'], Math.floor(ctx.tick / 30)) * 8)) } : {}),
  },
  { path: 'system/routerboard', kind: 'singleton', writable: false, package: 'routerboard' },
  { path: 'system/logging', kind: 'table', writable: true, bools: common, defaults: { disabled: 'false', prefix: '', action: 'memory' }, required: ['topics'], refs: { action: 'system/logging/action' } },
  LOGGING_ACTION_MENU,
  { path: 'system/scheduler', kind: 'table', writable: true, bools: common, unique: 'name', required: ['name'], defaults: { disabled: 'false', interval: '0s', 'on-event': '', policy: 'ftp,reboot,read,write,policy,test,password,sniff,sensitive,romon', 'start-time': 'startup' }, computed: (row) => ({ owner: row['owner'] ?? 'admin', ...(row['start-date'] ? {} : { 'start-date': (row['.created'] ?? '').slice(0, 10) }), ...schedulerStatus(row) }) },
  // Scripts (tools/routeros-sim/src/lib/script): run bookkeeping is state kept on the row, not configuration.
  {
    path: 'system/script', kind: 'table', writable: true, unique: 'name', required: ['name'], bools: ['dont-require-permissions'],
    defaults: { source: '', policy: 'ftp,reboot,read,write,policy,test,password,sniff,sensitive,romon', 'dont-require-permissions': 'false' },
    computed: (row) => ({ owner: row['owner'] ?? 'admin', 'run-count': row['.run-count'] ?? '0', invalid: 'false', ...(row['.last-started'] ? { 'last-started': deviceDateTime(Number(row['.last-started'])) } : {}) }),
  },
  { path: 'system/script/job', kind: 'table', writable: false },
  { path: 'system/script/environment', kind: 'table', writable: false },
  {
    path: 'system/ntp/client', kind: 'singleton', writable: true, bools: ['enabled'],
    // 7.20 reports the synchronisation per server; 7.15 keeps the older single status line.
    computed: (row, ctx): Record<string, string> =>
      row['enabled'] !== 'true'
        ? { status: 'stopped' }
        : versionAtLeast(ctx.version, '7.20')
          ? { status: 'synchronized', 'synced-server': (row['servers'] ?? '').split(',')[0] ?? '', 'synced-stratum': '2', 'system-offset': String(Math.floor(noise(ctx.seed, 'ntp', ctx.tick) * 900) - 450) }
          : { status: 'synchronized', 'freq-drift': '-0.7', 'synced-server': (row['servers'] ?? '').split(',')[0] ?? '' },
  },
  { path: 'system/ntp/client/servers', kind: 'table', writable: true, bools: ['disabled', 'iburst'], required: ['address'], defaults: { disabled: 'false', iburst: 'true' } },
  { path: 'ip/dns', kind: 'singleton', writable: true, bools: ['allow-remote-requests', 'verify-doh-cert'], computed: (_row, ctx) => ({ 'cache-used': '38', 'dynamic-servers': leaseDnsServers(ctx.rowsOf) }) },
  { path: 'ip/dns/cache', kind: 'table', writable: false },
  {
    path: 'ip/address', kind: 'table', writable: true, bools: common, required: ['address', 'interface'], refs: { interface: 'interface' }, defaults: { disabled: 'false' },
    derive: (values): Record<string, string> => {
      const network = ipv4Network(values['address']);
      return values['network'] || !network ? {} : { network };
    },
    computed: (row, ctx) => {
      const iface = ctx.rowsOf('interface').find((i) => i['name'] === row['interface']);
      return { network: ipv4Network(row['address']) ?? row['network'] ?? '', 'actual-interface': row['interface'], dynamic: row['.dynamic'] ?? 'false', invalid: String(!iface || iface['disabled'] === 'true'), slave: 'false' };
    },
  },
  {
    path: 'ip/route', kind: 'table', writable: true, bools: ['disabled', 'blackhole', 'suppress-hw-offload'], idBase: 0x80000000, required: ['gateway'],
    defaults: { disabled: 'false', distance: '1', 'dst-address': '0.0.0.0/0', 'routing-table': 'main', scope: '30', 'target-scope': '10', 'suppress-hw-offload': 'false' },
    computed: (row, ctx) => {
      const dynamic = row['.dynamic'] === 'true';
      const state = routeStates(ctx.rowsOf('ip/route'), ctx.rowsOf('interface')).get(row['.id']);
      const active = state?.active ?? false;
      return { active: String(active), dynamic: String(dynamic), static: String(!dynamic), connect: String(dynamic), inactive: String(!active), 'immediate-gw': state?.immediateGw ?? '', ecmp: 'false', 'hw-offloaded': 'false' };
    },
  },
  { path: 'ip/arp', kind: 'table', writable: true, bools: ['disabled', 'published'], required: ['address', 'interface'], refs: { interface: 'interface' }, defaults: { disabled: 'false', published: 'false' }, computed: (row) => ({ dynamic: row['.dynamic'] ?? 'false', complete: 'true', invalid: 'false', DHCP: row['.dhcp'] ?? 'false' }) },
  { path: 'ip/pool', kind: 'table', writable: true, unique: 'name', required: ['name', 'ranges'] },
  { path: 'ip/dhcp-server', kind: 'table', writable: true, bools: ['disabled', 'add-arp', 'always-broadcast'], unique: 'name', required: ['interface'], refs: { interface: 'interface' }, defaults: { disabled: 'false', 'lease-time': '30m', 'address-pool': 'static-only' }, computed: () => ({ dynamic: 'false', invalid: 'false' }) },
  { path: 'ip/dhcp-server/lease', kind: 'table', writable: true, dynamicRemovable: true, bools: ['disabled', 'block-access'], required: ['address', 'mac-address'], defaults: { disabled: 'false' }, computed: leaseState, uniqueTogether: { fields: ['mac-address', 'server'], detail: 'failure: already have static lease with this mac address' } },
  { path: 'ip/dhcp-server/network', kind: 'table', writable: true, required: ['address'] },
  // `add-default-route` is yes|no|special-classless (DHCP client manual), so it stays a word, not a boolean.
  { path: 'ip/dhcp-client', kind: 'table', writable: true, bools: ['disabled', 'use-peer-dns', 'use-peer-ntp'], required: ['interface'], refs: { interface: 'interface' }, defaults: { disabled: 'false', 'add-default-route': 'yes', 'use-peer-dns': 'true', 'use-peer-ntp': 'true' }, computed: dhcpClientState },
  ...(['ip/firewall/filter', 'ip/firewall/nat', 'ip/firewall/mangle', 'ip/firewall/raw', 'ipv6/firewall/filter', 'ipv6/firewall/nat', 'ipv6/firewall/mangle', 'ipv6/firewall/raw'] as const).map(
    (path): MenuSpec => ({
      // IPv4's `fragment`, mangle's `passthrough` and IPv4 NAT's `same-not-by-dst` are `yes | no` (Common Firewall
      // Matchers and Actions; Mangle; NAT).
      path, kind: 'table', writable: true, required: ['chain'],
      bools: ['disabled', 'log', ...(path.startsWith('ip/') ? ['fragment'] : []), ...(path.endsWith('/mangle') ? ['passthrough'] : []), ...(path === 'ip/firewall/nat' ? ['same-not-by-dst'] : [])], defaults: { disabled: 'false', action: 'accept', log: 'false', 'log-prefix': '' },
      computed: (row, ctx) => ruleCounters(row, ctx, path.split('/').pop()!),
    }),
  ),
  ...(['ip', 'ipv6'] as const).map(
    (family): MenuSpec => ({
      path: `${family}/firewall/address-list`, kind: 'table', writable: true, dynamicWritable: true, bools: ['disabled', 'dynamic'], required: ['list', 'address'], defaults: { disabled: 'false' },
      // A disabled entry does not hold its address: RouterOS takes an enabled duplicate of it.
      uniqueTogether: { fields: ['list', 'address'], detail: 'failure: already have such entry', enabledOnly: true },
      computed: addressListState,
    }),
  ),
  // `certificate` names a /certificate row or `none`, and follows its renames (model/certificate.ts).
  { path: 'ip/service', kind: 'table', writable: true, bools: common, namedRefs: { certificate: 'certificate' }, argRule: serviceCertificateArg, computed: () => ({ invalid: 'false', dynamic: 'false' }) },
  { path: 'interface', kind: 'table', writable: true, bools: common },
  { path: 'interface/ethernet', kind: 'table', writable: true, bools: [...common, 'auto-negotiation', 'mdix-enable', 'sfp-ignore-rx-los', 'disable-running-check'], idGroup: 'interface', interfaceType: 'ether', computed: interfaceCounters },
  { path: 'interface/vlan', kind: 'table', writable: true, bools: common, idGroup: 'interface', interfaceType: 'vlan', unique: 'name', required: ['name', 'vlan-id', 'interface'], refs: { interface: 'interface' }, defaults: { disabled: 'false', mtu: '1500', arp: 'enabled', 'use-service-tag': 'no' }, computed: interfaceCounters },
  { path: 'interface/bridge', kind: 'table', writable: true, bools: ['disabled', 'vlan-filtering', 'igmp-snooping', 'auto-mac'], idGroup: 'interface', interfaceType: 'bridge', unique: 'name', required: ['name'], defaults: { disabled: 'false', 'vlan-filtering': 'false', 'protocol-mode': 'rstp', pvid: '1', mtu: 'auto', 'auto-mac': 'true', 'ageing-time': '5m' }, computed: interfaceCounters },
  { path: 'interface/bridge/port', kind: 'table', writable: true, bools: ['disabled', 'edge', 'hw'], required: ['bridge', 'interface'], refs: { bridge: 'interface/bridge', interface: 'interface' }, defaults: { disabled: 'false', pvid: '1', hw: 'true', 'frame-types': 'admit-all' }, computed: () => ({ dynamic: 'false', inactive: 'false', status: 'in-bridge' }) },
  { path: 'interface/bridge/vlan', kind: 'table', writable: true, bools: common, required: ['bridge', 'vlan-ids'], refs: { bridge: 'interface/bridge' }, defaults: { disabled: 'false', tagged: '', untagged: '' }, computed: (row) => ({ dynamic: 'false', 'current-tagged': row['tagged'] ?? '', 'current-untagged': row['untagged'] ?? '' }) },
  // A wifi interface leaves the factory disabled and unconfigured; defconf's band, SSID and security are configuration.
  { path: 'interface/wifi', kind: 'table', writable: true, bools: common, idGroup: 'interface', interfaceType: 'wifi', sensitive: ['security.passphrase'], factory: { disabled: 'true' }, computed: interfaceCounters },
  { path: 'interface/wifi/registration-table', kind: 'table', writable: false, computed: clientCounters },
  // The wifi package's CAPsMAN manager (7.13+) and the CAPs it controls.
  { path: 'interface/wifi/capsman', kind: 'singleton', writable: true, bools: ['enabled', 'require-peer-certificate'], factory: { enabled: 'false', interfaces: '', 'upgrade-policy': 'none', 'package-path': '', 'require-peer-certificate': 'false', certificate: 'none', 'ca-certificate': 'none' } },
  { path: 'interface/wifi/capsman/remote-cap', kind: 'table', writable: false, computed: (row, ctx) => ({ 'connected-time': formatDuration(upSince(row, ctx)) }) },
  {
    path: 'interface/wireless', kind: 'table', writable: true, bools: common, idGroup: 'interface', interfaceType: 'wlan', package: 'wireless', computed: interfaceCounters,
    packageArgs: ['band', 'channel-width', 'comment', 'country', 'disabled', 'frequency', 'installation', 'mode', 'mtu', 'name', 'security-profile', 'ssid', 'wireless-protocol', 'wps-mode'],
    refs: { 'security-profile': 'interface/wireless/security-profiles' },
  },
  // The legacy package's security profiles (hand-kept like its interfaces: the reference trees come from devices
  // without the package). The arguments are those of RouterOS's wireless manual for WPA/WPA2 PSK and EAP profiles.
  {
    path: 'interface/wireless/security-profiles', kind: 'table', writable: true, package: 'wireless', unique: 'name', required: ['name'],
    defaults: { mode: 'none', 'authentication-types': '', 'unicast-ciphers': 'aes-ccm', 'group-ciphers': 'aes-ccm', 'wpa-pre-shared-key': '', 'wpa2-pre-shared-key': '', 'management-protection': 'disabled' },
    sensitive: ['wpa-pre-shared-key', 'wpa2-pre-shared-key'],
    packageArgs: ['authentication-types', 'comment', 'group-ciphers', 'management-protection', 'mode', 'name', 'supplicant-identity', 'unicast-ciphers', 'wpa-pre-shared-key', 'wpa2-pre-shared-key'],
    computed: (row) => ({ default: String(row['name'] === 'default') }),
  },
  { path: 'interface/wireless/registration-table', kind: 'table', writable: false, package: 'wireless', computed: clientCounters },
  // The legacy CAPsMAN of the wireless package (hand-kept: the reference trees come from devices without it).
  {
    path: 'caps-man/manager', kind: 'singleton', writable: true, bools: ['enabled', 'require-peer-certificate'], package: 'wireless',
    factory: { enabled: 'false', 'upgrade-policy': 'none', 'package-path': '', 'require-peer-certificate': 'false', certificate: 'none', 'ca-certificate': 'none' },
    packageArgs: ['ca-certificate', 'certificate', 'enabled', 'package-path', 'require-peer-certificate', 'upgrade-policy'],
  },
  { path: 'caps-man/interface', kind: 'table', writable: false, bools: common, idGroup: 'interface', interfaceType: 'cap', package: 'wireless', computed: interfaceCounters },
  { path: 'caps-man/registration-table', kind: 'table', writable: false, package: 'wireless', computed: clientCounters },
  { path: 'caps-man/remote-cap', kind: 'table', writable: false, package: 'wireless' },
  ...WIREGUARD_MENUS,
  ...PPP_MENUS,
  ...IPSEC_MENUS,
  ...ROUTING_CONFIG_MENUS,
  ...SNMP_MENUS,
  ...IPV6_MENUS,
  ...CLOUD_SSH_MENUS,
  ...NEIGHBOR_MENUS,
  ...TUNNEL_INTERFACE_MENUS,
  ...PPP_INTERFACE_MENUS,
  { path: 'ipv6/address', kind: 'table', writable: true, bools: ['disabled', 'advertise', 'eui-64', 'no-dad'], required: ['interface'], refs: { interface: 'interface' }, defaults: { disabled: 'false', advertise: 'true', 'eui-64': 'false', 'no-dad': 'false' }, computed: (row) => ({ dynamic: row['.dynamic'] ?? 'false', invalid: 'false', 'link-local': String((row['address'] ?? '').startsWith('fe80:')), deprecated: 'false', 'actual-interface': row['interface'] ?? '' }) },
  // `main` is built in (and shown dynamic); other tables are what routing marks and rules look up.
  { path: 'routing/table', kind: 'table', writable: true, bools: ['disabled', 'fib'], unique: 'name', required: ['name'], defaults: { disabled: 'false', fib: 'false' }, computed: (row) => ({ dynamic: row['.dynamic'] ?? 'false', invalid: 'false' }) },
  { path: 'routing/rule', kind: 'table', writable: true, bools: ['disabled'], defaults: { disabled: 'false', action: 'lookup' }, computed: () => ({ inactive: 'false' }) },
  // all, none, dynamic and static are built-in lists every device has.
  { path: 'interface/list', kind: 'table', writable: true, unique: 'name', required: ['name'], defaults: { include: '', exclude: '' }, computed: (row) => ({ builtin: row['.builtin'] ?? 'false', dynamic: 'false' }) },
  { path: 'interface/list/member', kind: 'table', writable: true, bools: common, required: ['list', 'interface'], defaults: { disabled: 'false' }, uniqueTogether: { fields: ['list', 'interface'], detail: 'failure: already have such entry' }, computed: () => ({ dynamic: 'false' }) },
  { path: 'ip/dns/static', kind: 'table', writable: true, bools: ['disabled', 'match-subdomain'], defaults: { disabled: 'false', ttl: '1d' }, computed: () => ({ dynamic: 'false' }) },
  // The wifi package's configuration profiles, referenced by name from wifi interfaces and provisioning rules.
  ...(['configuration', 'security', 'datapath', 'channel'] as const).map(
    (menu): MenuSpec => ({ path: `interface/wifi/${menu}`, kind: 'table', writable: true, bools: common, unique: 'name', required: ['name'], defaults: { disabled: 'false' }, sensitive: menu === 'security' ? ['passphrase'] : undefined }),
  ),
  { path: 'interface/wifi/provisioning', kind: 'table', writable: true, bools: common, defaults: { disabled: 'false', action: 'none' } },
  { path: 'log', kind: 'table', writable: false },
  // What the device learns about its clients at run time (model/client-traces.ts): read-only.
  // `remove` (7.20) and `request-logout` (7.15) end a session (model/client-traces.ts); nothing else is written.
  { path: 'user/active', kind: 'table', writable: true, dynamicRemovable: true, unmodelled: ['add', 'set'] },
  { path: 'ip/firewall/connection', kind: 'table', writable: false },
  { path: 'interface/bridge/host', kind: 'table', writable: false },
  // The certificate www-ssl uses is seeded, so removing it can cut REST off (model/management-path.ts); as on
  // RouterOS, certificates never appear in an export.
  CERTIFICATE_MENU,
  // Users and groups (model/users.ts); logins check these rows (model/user-login.ts).
  ...USER_MENUS,
  USER_SETTINGS_MENU,
  ...SSH_KEY_MENUS,
  FILE_MENU,
  ...QUEUE_MENUS,
  ...CONTAINER_MENUS,
];

export const MENU_BY_PATH: ReadonlyMap<string, MenuSpec> = new Map(MENUS.map((m) => [m.path, m]));

/** Menus whose rows also appear in /interface. */
export const INTERFACE_MENUS = MENUS.filter((m) => m.interfaceType);
