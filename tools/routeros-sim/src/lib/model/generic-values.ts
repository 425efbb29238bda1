import { errors } from '../rest/rest-error';
import { invalidArg, numberIn, outOfRangeText } from './arg-rules';
import { normaliseRate } from './queues';
import { parseTimeMs } from './values';
import { U32 } from './value-bounds';

/**
 * Value syntax of generic menus' arguments the tree does not describe (no description, or `see documentation`),
 * read from MikroTik's manual page of the menu (`source`). Only arguments whose type the manual states are listed;
 * an argument whose page gives no type (RIP's `route-timeout`) stays free text.
 */
export type GenericValueRule =
  /** A RouterOS time (`30s`, `1h30m`, `00:05:00`, plain seconds), or one of `keywords`. */
  | { kind: 'time'; keywords?: string[]; source: string }
  /** A decimal integer within [min, max], or one of `keywords`. */
  | { kind: 'integer'; min: number; max: number; keywords?: string[]; source: string }
  /** One of the words the manual lists, and only where its list is complete; a comma list of them where `list`. */
  | { kind: 'enum'; values: string[]; list?: boolean; source: string }
  /** A size in KiB within [min, max], written bare or with its unit, stored as RouterOS prints it (`2048KiB`). */
  | { kind: 'kib'; min: number; max: number; source: string }
  /** A comma list of integers and ascending `a-b` ranges within [min, max] (`http-codes=200-299,301`). */
  | { kind: 'ranges'; min: number; max: number; source: string }
  /** A rate in bits per second as queues take it (`10M`, `1500k`, `64000`), stored as RouterOS prints it (model/queues.ts). */
  | { kind: 'rate'; source: string }
  /** A composite value its table checks itself (model/routing-values.ts: communities, number ranges); returns it as stored. */
  | { kind: 'shaped'; check: (key: string, value: string) => string; source: string };

const RPKI = 'https://help.mikrotik.com/docs/spaces/ROS/pages/59277471/RPKI';
const RIP = 'https://help.mikrotik.com/docs/spaces/ROS/pages/328211/RIP';
const IP_SETTINGS = 'https://help.mikrotik.com/docs/spaces/ROS/pages/103841817/IP+Settings';
const RADIUS = 'https://help.mikrotik.com/docs/spaces/ROS/pages/328097/RADIUS';
const PROXY = 'https://wiki.mikrotik.com/wiki/Manual:IP/Proxy';
const TRAFFIC_FLOW = 'https://help.mikrotik.com/docs/spaces/ROS/pages/21102653/Traffic+Flow';
const PPPOE = 'https://help.mikrotik.com/docs/display/ROS/PPPoE';
const SSTP = 'https://help.mikrotik.com/docs/display/ROS/SSTP';
const L2TP = 'https://help.mikrotik.com/docs/x/DwAf';
const PPTP = 'https://help.mikrotik.com/docs/display/ROS/PPTP';
const OVPN = 'https://help.mikrotik.com/docs/x/GwDuCg';
const HOTSPOT = 'https://help.mikrotik.com/docs/spaces/ROS/pages/56459266/Hotspot';
export const WIFI = 'https://help.mikrotik.com/docs/spaces/ROS/pages/224559120/WiFi';
const INTERWORKING = 'https://help.mikrotik.com/docs/spaces/ROS/pages/334168086/Interworking+for+WiFi6';
export { U32 };

const DHCP = 'https://help.mikrotik.com/docs/spaces/ROS/pages/24805500/DHCP';
const IPSEC = 'https://help.mikrotik.com/docs/spaces/ROS/pages/11993097/IPsec';
const QUEUES = 'https://help.mikrotik.com/docs/spaces/ROS/pages/328088/Queues';
/** MikroTik's CLI reference: each menu's arguments with RouterOS's own value types (`num`, `bool`, `enum (…)`). */
const CLI = 'https://manual.mikrotik.com/docs/cli-reference';
const QUEUE_TYPE = `${CLI}/queue/type.md`;
const NETWATCH = `${CLI}/tool/netwatch.md`;
/** `num` with no range in the CLI reference: RouterOS's unsigned 32-bit integer (U32, the bound chosen as above). */
const num = (source: string): GenericValueRule => ({ kind: 'integer', min: 0, max: U32, source });

/** `menu` → argument → rule. Arguments the tree describes, or a curated rule covers, are never checked here. */
export const GENERIC_VALUES: Record<string, Record<string, GenericValueRule>> = {
  'routing/rpki': {
    'expire-interval': { kind: 'integer', min: 600, max: 172800, source: RPKI },
    'refresh-interval': { kind: 'integer', min: 1, max: 86400, source: RPKI },
    'retry-interval': { kind: 'integer', min: 1, max: 7200, source: RPKI },
    port: { kind: 'integer', min: 0, max: 65535, source: RPKI },
    preference: { kind: 'integer', min: 0, max: 4294967295, source: RPKI },
  },
  'routing/rip/instance': { 'update-interval': { kind: 'time', source: RIP } },
  'ip/settings': {
    'icmp-rate-limit': { kind: 'integer', min: 0, max: U32, source: IP_SETTINGS },
    'rp-filter': { kind: 'enum', values: ['loose', 'no', 'strict'], source: IP_SETTINGS },
  },
  radius: {
    'accounting-port': { kind: 'integer', min: 1, max: 65535, source: RADIUS },
    'authentication-port': { kind: 'integer', min: 1, max: 65535, source: RADIUS },
  },
  'ip/proxy': { 'cache-hit-dscp': { kind: 'integer', min: 0, max: 63, source: PROXY } },
  'ip/traffic-flow': {
    'sampling-interval': { kind: 'integer', min: 0, max: U32, source: TRAFFIC_FLOW },
    'sampling-space': { kind: 'integer', min: 0, max: U32, source: TRAFFIC_FLOW },
  },
  // PPP servers. Left free on purpose: max-mtu/max-mru (`integer` without a range, and clients take `auto`), and
  // keepalive-timeout where the page omits the `disabled` that exports show (L2TP, PPTP, SSTP); L2TP's use-ipsec
  // (the page says `require`, RouterOS writes `required`); PPPoE's max-sessions (exports show `unlimited`).
  'interface/pppoe-server/server': {
    'keepalive-timeout': { kind: 'time', keywords: ['disabled'], source: PPPOE },
    mrru: { kind: 'integer', min: 512, max: 65535, keywords: ['disabled'], source: PPPOE },
  },
  'interface/sstp-server/server': {
    mrru: { kind: 'integer', min: 512, max: 65535, keywords: ['disabled'], source: SSTP },
    pfs: { kind: 'enum', values: ['no', 'required', 'yes'], source: SSTP },
    'tls-version': { kind: 'enum', values: ['any', 'only-1.2'], source: SSTP },
  },
  'interface/l2tp-server/server': {
    'accept-proto-version': { kind: 'enum', values: ['all', 'l2tpv2', 'l2tpv3'], source: L2TP },
    'accept-pseudowire-type': { kind: 'enum', values: ['all', 'ether', 'ppp'], source: L2TP },
    'caller-id-type': { kind: 'enum', values: ['ip-address', 'number'], source: L2TP },
    'l2tpv3-cookie-length': { kind: 'enum', values: ['0', '4-bytes', '8-bytes'], source: L2TP },
    'l2tpv3-digest-hash': { kind: 'enum', values: ['md5', 'none', 'sha1'], source: L2TP },
    'max-sessions': { kind: 'integer', min: 0, max: U32, keywords: ['unlimited'], source: L2TP }, // `unlimited / number`
    mrru: { kind: 'integer', min: 0, max: U32, keywords: ['disabled'], source: L2TP }, // `disabled | integer`, no range
  },
  'interface/pptp-server/server': {
    mrru: { kind: 'integer', min: 0, max: U32, keywords: ['disabled'], source: PPTP }, // `disabled | integer`, no range
  },
  // `integer` without a range on the page (U32): netmask, port, ipv6-prefix-len, reneg-sec. keepalive-timeout stays
  // free: `integer | disabled` here, yet the L2TP client's same argument defaults to `60s`, so a time may be taken.
  'interface/ovpn-server/server': {
    'ipv6-prefix-len': { kind: 'integer', min: 0, max: U32, source: OVPN },
    mode: { kind: 'enum', values: ['ethernet', 'ip'], source: OVPN },
    netmask: { kind: 'integer', min: 0, max: U32, source: OVPN },
    port: { kind: 'integer', min: 0, max: U32, source: OVPN },
    protocol: { kind: 'enum', values: ['tcp', 'udp'], source: OVPN },
    'reneg-sec': { kind: 'integer', min: 0, max: U32, source: OVPN },
    'tls-version': { kind: 'enum', values: ['any', 'only-1.2'], source: OVPN },
    'user-auth-method': { kind: 'enum', values: ['mschap2', 'pap'], source: OVPN },
  },
  // HotSpot: shared-users (`integer`, exports show `unlimited`) and users' limit-bytes-* (beyond 32 bits) stay free.
  'ip/hotspot': {
    'addresses-per-mac': { kind: 'integer', min: 0, max: U32, keywords: ['unlimited'], source: HOTSPOT }, // `integer/unlimited`
  },
  'ip/hotspot/profile': {
    'radius-mac-format': {
      kind: 'enum',
      values: ['XX XX XX XX XX XX', 'XX:XX:XX:XX:XX:XX', 'XXXXXX-XXXXXX', 'XXXXXXXXXXXX', 'XX-XX-XX-XX-XX-XX', 'XXXX:XXXX:XXXX', 'XXXXXX:XXXXXX'],
      source: HOTSPOT,
    },
  },
  'ip/hotspot/user/profile': { 'open-status-page': { kind: 'enum', values: ['always', 'http-login'], source: HOTSPOT } },
  'ip/hotspot/ip-binding': { type: { kind: 'enum', values: ['blocked', 'bypassed', 'regular'], source: HOTSPOT } },
  'ip/hotspot/walled-garden': { action: { kind: 'enum', values: ['allow', 'deny'], source: HOTSPOT } },
  'ip/hotspot/walled-garden/ip': { action: { kind: 'enum', values: ['accept', 'drop', 'reject'], source: HOTSPOT } },
  // WiFi profiles nobody curated. Left free: venue (a `venue` with examples, no list), authentication-types,
  // connection-capabilities and operational-classes (composite lists no kind here describes), access-list's
  // signal-range (`min..max` of negative numbers) and time, multi-passphrase's expires (a date).
  'interface/wifi/interworking': {
    'network-type': { kind: 'enum', values: ['emergency-only', 'personal-device', 'private', 'private-with-guest', 'public-chargeable', 'public-free', 'test', 'wildcard'], source: INTERWORKING },
    'ipv4-availability': { kind: 'enum', values: ['double-nated', 'not-available', 'port-restricted', 'port-restricted-double-nated', 'port-restricted-single-nated', 'public', 'single-nated', 'unknown'], source: INTERWORKING },
    'ipv6-availability': { kind: 'enum', values: ['available', 'not-available', 'unknown'], source: INTERWORKING },
    'wan-status': { kind: 'enum', values: ['down', 'reserved', 'test', 'up'], source: INTERWORKING },
    'wan-downlink': { kind: 'integer', min: 0, max: U32, source: INTERWORKING }, // `number` (kbps)
    'wan-uplink': { kind: 'integer', min: 0, max: U32, source: INTERWORKING },
    'wan-downlink-load': { kind: 'integer', min: 0, max: 255, source: INTERWORKING },
    'wan-uplink-load': { kind: 'integer', min: 0, max: 255, source: INTERWORKING },
    'wan-measurement-duration': { kind: 'integer', min: 0, max: 65535, source: INTERWORKING },
  },
  'interface/wifi/access-list': {
    action: { kind: 'enum', values: ['accept', 'query-radius', 'reject'], source: WIFI },
    'vlan-id': { kind: 'integer', min: 1, max: 4095, keywords: ['none'], source: WIFI },
  },
  // DHCP menus nobody curated (the curated ones: model/dhcp-values.ts). The matcher's `code` has no range on the page.
  // The code is `num [1 .. 254]` or `vendor-specific` (43) in the CLI reference of option and matcher.
  'ip/dhcp-server/option': { code: { kind: 'integer', min: 1, max: 254, keywords: ['vendor-specific'], source: `${DHCP} ${CLI}/ip/dhcp-server/option.md` } },
  'ip/dhcp-server/matcher': {
    'matching-type': { kind: 'enum', values: ['exact', 'substring'], source: DHCP },
    code: { kind: 'integer', min: 1, max: 254, keywords: ['vendor-specific'], source: `${CLI}/ip/dhcp-server/matcher.md` },
  },
  'ipv6/dhcp-server/binding': {
    iaid: { kind: 'integer', min: 0, max: U32, source: DHCP },
    'ia-type': { kind: 'enum', values: ['na', 'pd'], source: `${CLI}/ipv6/dhcp-server/binding.md` },
  },
  'ipv6/dhcp-server/option': { code: num(`${CLI}/ipv6/dhcp-server/option.md`) },
  'ipv6/dhcp-client/option': { code: num(`${CLI}/ipv6/dhcp-client/option.md`) },
  'ip/ipsec/mode-config': {
    'address-prefix-length': { kind: 'integer', min: 1, max: 32, source: IPSEC },
    'use-responder-dns': { kind: 'enum', values: ['exclusively', 'no', 'yes'], source: `${CLI}/ip/ipsec/mode-config.md` },
  },
  // Netwatch (the CLI reference). `thr-loss-percent` stays free: `num`, yet RouterOS prints `85.0%`.
  'tool/netwatch': {
    type: { kind: 'enum', values: ['dns', 'http-get', 'https-get', 'icmp', 'simple', 'tcp-conn'], source: NETWATCH },
    'record-type': { kind: 'enum', values: ['A', 'AAAA', 'MX', 'NS'], source: NETWATCH },
    'http-codes': { kind: 'ranges', min: 100, max: 599, source: NETWATCH },
    'packet-count': num(NETWATCH),
    'packet-size': num(NETWATCH),
    ttl: num(NETWATCH),
    port: num(NETWATCH),
    'thr-loss-count': num(NETWATCH),
  },
  // Queue types: the Queues page and the CLI reference. PCQ masks are `number`: the family's prefix lengths bound them
  // (chosen). PCQ rates are `number`, with the burst of simple queues (the page), so a queue's rate syntax. Left free
  // (docs/simulator.md): values RouterOS prints with units the pages do not describe (`cake-memlimit=32.0MiB`,
  // `fq-codel-memlimit`, `cake-bandwidth=0bps`).
  'queue/type': {
    kind: { kind: 'enum', values: ['bfifo', 'cake', 'codel', 'fq-codel', 'mq-pfifo', 'none', 'pcq', 'pfifo', 'red', 'sfq'], source: `${QUEUES} ${QUEUE_TYPE}` },
    'cake-atm': { kind: 'enum', values: ['atm', 'none', 'ptm'], source: QUEUE_TYPE },
    'cake-ack-filter': { kind: 'enum', values: ['aggressive', 'filter', 'none'], source: QUEUE_TYPE },
    'cake-diffserv': { kind: 'enum', values: ['besteffort', 'diffserv3', 'diffserv4', 'diffserv8', 'precedence'], source: QUEUE_TYPE },
    'cake-overhead-scheme': {
      kind: 'enum', list: true, source: QUEUE_TYPE,
      values: ['bridged-llcsnap', 'bridged-ptm', 'bridged-vcmux', 'conservative', 'docsis', 'ether-vlan', 'ethernet', 'ipoa-llcsnap', 'ipoa-vcmux', 'pppoa-llc', 'pppoa-vcmux', 'pppoe-llcsnap', 'pppoe-ptm', 'pppoe-vcmux', 'raw', 'via-ethernet'],
    },
    // `number … (in KiB)` (the Queues page), printed `50KiB`: taken as DNS's cache-size is.
    'pcq-limit': { kind: 'kib', min: 0, max: U32, source: `${QUEUES} ${QUEUE_TYPE}` },
    'pcq-total-limit': { kind: 'kib', min: 0, max: U32, source: `${QUEUES} ${QUEUE_TYPE}` },
    ...Object.fromEntries(['bfifo-limit', 'pfifo-limit', 'mq-pfifo-limit', 'red-limit', 'red-min-threshold', 'red-max-threshold', 'red-burst', 'red-avg-packet', 'sfq-perturb', 'sfq-allot', 'codel-limit', 'fq-codel-limit', 'fq-codel-flows', 'fq-codel-quantum'].map((arg) => [arg, num(QUEUE_TYPE)])),
    'cake-flowmode': { kind: 'enum', values: ['dsthost', 'dual-dsthost', 'dual-srchost', 'flowblind', 'flows', 'hosts', 'srchost', 'triple-isolate'], source: QUEUES },
    'cake-rtt-scheme': { kind: 'enum', values: ['datacentre', 'internet', 'interplanetary', 'lan', 'metro', 'none', 'oceanic', 'regional', 'satellite'], source: QUEUES },
    'cake-mpu': { kind: 'integer', min: -64, max: 256, source: QUEUES },
    'cake-overhead': { kind: 'integer', min: -64, max: 256, source: QUEUES },
    'pcq-src-address-mask': { kind: 'integer', min: 0, max: 32, source: QUEUES },
    'pcq-dst-address-mask': { kind: 'integer', min: 0, max: 32, source: QUEUES },
    'pcq-src-address6-mask': { kind: 'integer', min: 0, max: 128, source: QUEUES },
    'pcq-dst-address6-mask': { kind: 'integer', min: 0, max: 128, source: QUEUES },
    'pcq-rate': { kind: 'rate', source: QUEUES },
    'pcq-burst-rate': { kind: 'rate', source: QUEUES },
    'pcq-burst-threshold': { kind: 'rate', source: QUEUES },
  },
  // `integer 0..4095; Default: none`: `none` is taken as the default the page names (chosen without a source).
  'interface/wifi/security/multi-passphrase': { 'vlan-id': { kind: 'integer', min: 0, max: 4095, keywords: ['none'], source: WIFI } },
};

/**
 * Yes/no arguments of generic menus, per the manual page in `source`: booleans like the curated ones
 * (`yes|no|true|false`, stored as `true`/`false`). The wifi profiles' inline forms (`steering.rrm` on
 * /interface/wifi) take the same (model/wifi-values.ts).
 */
export const GENERIC_ARG_BOOLS: Record<string, { args: string[]; source: string }> = {
  // `bool` both (CLI reference): use-radius is no longer a curated boolean name (the DHCP servers take `accounting`).
  'user/aaa': { args: ['accounting', 'use-radius'], source: 'https://manual.mikrotik.com/docs/cli-reference/user/aaa.md' },
  'interface/wifi/steering': { args: ['2g-probe-delay', 'rrm', 'wnm'], source: WIFI },
  'interface/wifi/interworking': { args: ['esr', 'hotspot20', 'hotspot20-dgaf', 'internet', 'uesa', 'wan-at-capacity', 'wan-symmetric'], source: INTERWORKING },
  'interface/wifi/access-list': { args: ['client-isolation', 'radius-accounting'], source: WIFI },
  'interface/wifi/security/multi-passphrase': { args: ['isolation'], source: WIFI },
  'ip/ipsec/mode-config': { args: ['system-dns'], source: IPSEC },
  // `bool` in the CLI reference (and a `no`/`yes` default on the Queues page).
  'queue/type': { args: ['cake-autorate-ingress', 'cake-nat', 'cake-wash', 'codel-ecn', 'fq-codel-ecn'], source: `${QUEUES} ${QUEUE_TYPE}` },
  'ip/dhcp-server/option': { args: ['force'], source: `${CLI}/ip/dhcp-server/option.md` },
  'ip/dhcp-server/config': { args: ['accounting'], source: `${CLI}/ip/dhcp-server/config.md` },
  'ip/dns/adlist': { args: ['ssl-verify'], source: `${CLI}/ip/dns/adlist.md` },
  'tool/netwatch': { args: ['accept-icmp-time-exceeded', 'check-certificate', 'early-failure-detection', 'early-success-detection', 'ignore-initial-down', 'ignore-initial-up'], source: NETWATCH },
};

/**
 * Generic menus whose every `add`/`set` argument is a yes/no toggle per the manual, so they take RouterOS's booleans
 * (`yes|no|true|false`, stored as `true`/`false`) like the curated booleans (model/generic-menus.ts GENERIC_BOOLS).
 * `/ip/traffic-flow/ipfix`: the manual's IPFIX section lists each flow-record field that is sent or not.
 */
export const GENERIC_MENU_BOOLS: Record<string, string> = {
  'ip/traffic-flow/ipfix': TRAFFIC_FLOW,
};

/** Checks a value against its rule; returns it as stored or throws RouterOS's refusal (value-rules.ts wording). */
export function checkGenericValue(rule: GenericValueRule, key: string, value: string): string {
  if (value === '') return value; // clearing is left to the menu, as for tree-described arguments
  if (rule.kind === 'shaped') return rule.check(key, value);
  if (rule.kind === 'enum') {
    if ((rule.list ? value.split(',') : [value]).some((v) => !rule.values.includes(v))) throw errors.noMatch(key);
    return value;
  }
  if (rule.kind === 'kib') {
    const m = /^(\d+)(KiB)?$/.exec(value);
    if (!m) throw invalidArg(key);
    if (Number(m[1]) < rule.min || Number(m[1]) > rule.max) throw outOfRangeText(key, `${rule.min}..${rule.max}`);
    return `${Number(m[1])}KiB`;
  }
  if (rule.kind === 'rate') return normaliseRate(key, value);
  if (rule.kind === 'ranges') {
    for (const part of value.split(',')) {
      const [from, to = from, extra] = part.split('-');
      if (extra !== undefined) throw invalidArg(key);
      numberIn(key, from, rule.min, rule.max);
      numberIn(key, to, rule.min, rule.max);
      if (Number(to) < Number(from)) throw invalidArg(key);
    }
    return value;
  }
  if (rule.keywords?.includes(value)) return value;
  if (rule.kind === 'integer' && rule.min < 0) {
    // A negative bound (`-64 ... 256`): a signed decimal, refused as the unsigned ones are.
    if (!/^-?\d+$/.test(value)) throw invalidArg(key);
    if (Number(value) < rule.min || Number(value) > rule.max) throw outOfRangeText(key, `${rule.min}..${rule.max}`);
    return String(Number(value));
  }
  if (rule.kind === 'integer') return numberIn(key, value, rule.min, rule.max);
  if (parseTimeMs(value) === undefined) throw invalidArg(key);
  return value;
}
