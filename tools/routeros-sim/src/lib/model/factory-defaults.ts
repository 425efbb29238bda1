import type { Row } from '../rest/print-query';
import type { TreeSchema } from '../schema/menu-schema';
import { ND_DEFAULTS } from './ipv6';

/**
 * What a fresh RouterOS 7 prints in menus no profile seeds: the factory values of singletons and the built-in rows of
 * tables (the `*` default rows). Values come from MikroTik's manual page cited per menu; a property the page gives no
 * default for is left unprinted (docs/simulator.md). Each version keeps only the properties its command tree has, so
 * a 7.20-only property never shows on 7.15. A profile that seeds a menu itself wins over these.
 */
interface FactoryMenu {
  /** One row for a singleton; the built-in rows of a table. */
  rows: Row[];
  /** Read-only properties printed beside the settable ones (`default=true` on the `*` rows). */
  readOnly?: string[];
}

const T = 'true';
const F = 'false';

/** Built-in rows print `default=true` (the `*` flag) and cannot be removed. */
const builtin = (row: Row): Row => ({ ...row, default: T, '.builtin': T });

/** PPP profile rows (PPP AAA manual, "User profiles"): `default` and `default-encryption` differ only in `use-encryption`. */
const pppProfile = (name: string, encryption: string): Row =>
  builtin({ name, 'use-mpls': 'default', 'use-compression': 'default', 'use-encryption': encryption, 'only-one': 'default', 'change-tcp-mss': T, 'use-upnp': 'default', 'address-list': '', 'on-up': '', 'on-down': '', 'bridge-learning': 'default', 'use-ipv6': T });

/** PCQ rows of `/queue/type` (Queue types manual: rate 0, 50KiB per sub-queue, 2000KiB in total, full masks). */
const pcq = (name: string, classifier: string): Row =>
  builtin({ name, kind: 'pcq', 'pcq-rate': '0', 'pcq-limit': '50KiB', 'pcq-classifier': classifier, 'pcq-total-limit': '2000KiB', 'pcq-burst-rate': '0', 'pcq-burst-threshold': '0', 'pcq-burst-time': '10s', 'pcq-src-address-mask': '32', 'pcq-dst-address-mask': '32', 'pcq-src-address6-mask': '128', 'pcq-dst-address6-mask': '128' });

/** A NAT helper of `/ip/firewall/service-port`: built in, not flagged `default`. */
const helper = (name: string, disabled: string, values: Row = {}): Row => ({ name, disabled, ...values, '.builtin': T });

const FACTORY: Record<string, FactoryMenu> = {
  // help.mikrotik.com/docs/spaces/ROS/pages/24805517/Neighbor+discovery: every protocol, both directions, on every
  // interface but dynamic ones; LLDP extras off.
  'ip/neighbor/discovery-settings': { rows: [{ 'discover-interface-list': '!dynamic', protocol: 'cdp,lldp,mndp', mode: 'tx-and-rx', 'discover-interval': '30s', 'lldp-med-net-policy-vlan': 'disabled', 'lldp-mac-phy-config': F, 'lldp-max-frame-size': F, 'lldp-vlan-info': F }] },
  // help.mikrotik.com/docs/spaces/ROS/pages/103841817/IP+Settings ("IPv4 Settings"). The neighbour-table sizes depend
  // on the device's memory, so they are not printed.
  'ip/settings': { rows: [{ 'accept-redirects': F, 'accept-source-route': F, 'allow-fast-path': T, 'arp-timeout': '30s', 'icmp-errors-use-inbound-interface-address': F, 'icmp-rate-limit': '10', 'icmp-rate-mask': '0x1818', 'ip-forward': T, 'ipv4-multipath-hash-policy': 'l3', 'rp-filter': 'no', 'secure-redirects': T, 'send-redirects': T, 'tcp-syncookies': F, 'tcp-timestamps': 'random-offset' }] },
  // Same page, "IPv6 Settings".
  'ipv6/settings': { rows: [{ 'accept-redirects': 'yes-if-forwarding-disabled', 'accept-router-advertisements': 'yes-if-forwarding-disabled', 'allow-fast-path': T, 'disable-ipv6': F, 'disable-link-local-address': F, forward: T, 'multipath-hash-policy': 'l3', 'stale-neighbor-detect-interval': '30', 'stale-neighbor-timeout': '60' }] },
  // help.mikrotik.com/docs/spaces/ROS/pages/2555969/Certificates ("Settings"): CRLs neither downloaded nor used, kept in RAM.
  'certificate/settings': { rows: [{ 'crl-download': F, 'crl-use': F, 'crl-store': 'ram' }] },
  // help.mikrotik.com/docs/spaces/ROS/pages/11993097/IPsec ("Settings", "Mode configs"). The default profile, proposal
  // and group are the curated IPsec menus' (another stream), as `/snmp`, its `public` community and the logging actions.
  'ip/ipsec/settings': { rows: [{ accounting: T, 'interim-update': '0s', 'xauth-use-radius': F }] },
  'ip/ipsec/mode-config': { rows: [builtin({ name: 'request-only', responder: F })], readOnly: ['default', 'responder'] },
  // help.mikrotik.com/docs/spaces/ROS/pages/2031625/PPP+AAA ("RADIUS", "User profiles").
  'ppp/aaa': { rows: [{ accounting: T, 'interim-update': '0s', 'use-circuit-id-in-nas-port-id': F, 'use-radius': F, 'enable-ipv6-accounting': F }] },
  // The PPP clients of model/ppp-interfaces.ts name `default`; a profile that seeds `/ppp/profile` (the curated PPP
  // menus) replaces these rows.
  'ppp/profile': { rows: [pppProfile('default', 'default'), pppProfile('default-encryption', T)], readOnly: ['default'] },
  // help.mikrotik.com/docs/spaces/ROS/pages/196345874/Queue+types (the default queue types RouterOS ships).
  'queue/type': {
    rows: [
      builtin({ name: 'default', kind: 'pfifo', 'pfifo-limit': '50' }),
      builtin({ name: 'ethernet-default', kind: 'pfifo', 'pfifo-limit': '50' }),
      builtin({ name: 'wireless-default', kind: 'sfq', 'sfq-perturb': '5', 'sfq-allot': '1514' }),
      builtin({ name: 'synchronous-default', kind: 'red', 'red-limit': '60', 'red-min-threshold': '10', 'red-max-threshold': '50', 'red-burst': '20', 'red-avg-packet': '1000' }),
      builtin({ name: 'hotspot-default', kind: 'sfq', 'sfq-perturb': '5', 'sfq-allot': '1514' }),
      pcq('pcq-upload-default', 'src-address'),
      pcq('pcq-download-default', 'dst-address'),
      builtin({ name: 'only-hardware-queue', kind: 'none' }),
      builtin({ name: 'multi-queue-ethernet-default', kind: 'mq-pfifo', 'mq-pfifo-limit': '50' }),
      builtin({ name: 'default-small', kind: 'pfifo', 'pfifo-limit': '10' }),
    ],
    readOnly: ['default'],
  },
  // help.mikrotik.com/docs/spaces/ROS/pages/24805500/UPnP, .../Proxy, .../SOCKS, .../NTP, .../Traffic+Flow,
  // .../Bridging+and+Switching ("Bridge Settings"): services that ship disabled.
  'ip/upnp': { rows: [{ enabled: F, 'allow-disable-external-interface': F, 'show-dummy-rule': T }] },
  'ip/proxy': { rows: [{ enabled: F, port: '8080', anonymous: F, 'always-from-cache': F, 'cache-administrator': 'webmaster', 'cache-hit-dscp': '4', 'cache-on-disk': F, 'cache-path': 'web-proxy', 'max-client-connections': '600', 'max-fresh-time': '3d', 'max-server-connections': '600', 'serialize-connections': F }] },
  'ip/socks': { rows: [{ enabled: F, port: '1080', 'connection-idle-timeout': '2m', 'max-connections': '200', version: '4', 'auth-method': 'none', vrf: 'main' }] },
  'system/ntp/server': { rows: [{ enabled: F, broadcast: F, 'broadcast-addresses': '', multicast: F, manycast: F, 'use-local-clock': F, 'local-clock-stratum': '5', vrf: 'main' }] },
  'ip/traffic-flow': { rows: [{ enabled: F, interfaces: 'all', 'active-flow-timeout': '30m', 'inactive-flow-timeout': '15s', 'packet-sampling': F }] },
  'interface/bridge/settings': { rows: [{ 'allow-fast-path': T, 'use-ip-firewall': F, 'use-ip-firewall-for-pppoe': F, 'use-ip-firewall-for-vlan': F }] },
  // help.mikrotik.com/docs/spaces/ROS/pages/40992815/IPv6+Neighbor+Discovery ("Prefix" defaults).
  'ipv6/nd/prefix/default': { rows: [{ autonomous: T, 'preferred-lifetime': '1w', 'valid-lifetime': '4w2d' }] },
  // help.mikrotik.com/docs/spaces/ROS/pages/97779929/Cloud: DDNS off, time updates on.
  'ip/cloud': { rows: [{ 'ddns-enabled': F, 'ddns-update-interval': 'none', 'update-time': T }] },
  'ip/cloud/advanced': { rows: [{ 'use-local-address': F }] },
  // help.mikrotik.com/docs/spaces/ROS/pages/132350014/SSH. `host-key-type` is the key the simulator serves (ed25519,
  // identity/device-identity.ts), not the manual's rsa: chosen so the menu and the served key agree (docs/simulator.md).
  'ip/ssh': { rows: [{ 'strong-crypto': F, 'allow-none-crypto': F, 'always-allow-password-login': F, 'forwarding-enabled': 'no', 'host-key-size': '2048', 'host-key-type': 'ed25519', ciphers: 'auto' }] },
  // Same page: the built-in `*` row sends router advertisements on every interface.
  'ipv6/nd': { rows: [builtin({ interface: 'all', ...ND_DEFAULTS })], readOnly: ['default'] },
  // MikroTik's manual, "Services" ("Service Ports"): the NAT helpers RouterOS ships. Rows
  // cannot be added or removed (the tree has no `add`/`remove`), only set, enabled or disabled; `name` is read-only.
  // Which ship disabled (irc, rtsp) and the SIP values follow a 7.13 `/export verbose` (docs/simulator.md). Built in
  // (no `*` flag: RouterOS prints none here) so a change exports against the factory row.
  'ip/firewall/service-port': {
    rows: [
      helper('ftp', F, { ports: '21' }),
      helper('tftp', F, { ports: '69' }),
      helper('irc', T, { ports: '6667' }),
      helper('h323', F),
      helper('sip', F, { ports: '5060,5061', 'sip-direct-media': T, 'sip-timeout': '1h' }),
      helper('pptp', F),
      helper('rtsp', T, { ports: '554' }),
      helper('udplite', F),
      helper('dccp', F),
      helper('sctp', F),
    ],
    readOnly: ['name'],
  },
  // MikroTik's manual, "HotSpot" (server and user profiles): the
  // built-in `default` profiles (values as a 7.13 `/export verbose` prints them); neither can be removed.
  'ip/hotspot/profile': { rows: [builtin({ name: 'default', 'dns-name': '', 'hotspot-address': '0.0.0.0', 'html-directory': 'hotspot', 'html-directory-override': '', 'http-cookie-lifetime': '3d', 'http-proxy': '0.0.0.0:0', 'install-hotspot-queue': F, 'login-by': 'cookie,http-chap', 'smtp-server': '0.0.0.0', 'split-user-domain': F, 'use-radius': F })], readOnly: ['default'] },
  'ip/hotspot/user/profile': { rows: [builtin({ name: 'default', 'add-mac-cookie': T, 'address-list': '', 'idle-timeout': 'none', 'keepalive-timeout': '2m', 'mac-cookie-timeout': '3d', 'shared-users': '1', 'status-autorefresh': '1m', 'transparent-proxy': F })], readOnly: ['default'] },
  // MikroTik's manual, "MAC server": MAC Telnet, MAC Winbox and MAC ping on every interface.
  'tool/mac-server': { rows: [{ 'allowed-interface-list': 'all' }] },
  'tool/mac-server/mac-winbox': { rows: [{ 'allowed-interface-list': 'all' }] },
  'tool/mac-server/ping': { rows: [{ enabled: T }] },
  // MikroTik's manual, "RoMON": off, the id taken from a MAC (all zeros until set), no secrets.
  'tool/romon': { rows: [{ enabled: F, id: '00:00:00:00:00:00', secrets: '' }] },
  // MikroTik's manual, "Watchdog": the hardware timer on, a supout on a crash, no ping watch.
  'system/watchdog': { rows: [{ 'auto-send-supout': F, 'automatic-supout': T, 'ping-start-after-boot': '5m', 'ping-timeout': '1m', 'watch-address': 'none', 'watchdog-timer': T }] },
};

const byTree = new WeakMap<TreeSchema, [string, Row[]][]>();

/**
 * The factory rows of the menus `tree` has, each kept to the properties the tree's `add`/`set` take (plus the menu's
 * read-only ones): built once per version, copied per device.
 */
export function factoryRows(tree: TreeSchema): [string, Row[]][] {
  let rows = byTree.get(tree);
  if (!rows) {
    rows = Object.entries(FACTORY).flatMap(([path, menu]): [string, Row[]][] => {
      const node = tree[path];
      if (!node) return [];
      const keep = new Set([...(node.add ?? []), ...(node.set ?? []), ...(menu.readOnly ?? [])]);
      return [[path, menu.rows.map((row) => Object.fromEntries(Object.entries(row).filter(([k]) => k.startsWith('.') || keep.has(k))))]];
    });
    byTree.set(tree, rows);
  }
  return rows;
}

/** The menus this file seeds (for docs and specs). */
export const FACTORY_MENUS: readonly string[] = Object.keys(FACTORY);

/** Properties a menu's factory values show as `true`/`false`: yes/no there, whatever they take elsewhere (`enabled`). */
export function factoryBools(path: string): string[] {
  const rows = FACTORY[path]?.rows ?? [];
  return [...new Set(rows.flatMap((row) => Object.keys(row).filter((k) => !k.startsWith('.') && k !== 'default' && (row[k] === T || row[k] === F))))];
}
