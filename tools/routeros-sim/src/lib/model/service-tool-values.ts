import { ascendingRange } from './value-ranges';
import { invalidArg, numberIn } from './arg-rules';
import { errors } from '../rest/rest-error';
import type { GenericValueRule } from './generic-values';
import { U32 } from './value-bounds';
import { CALEA_VALUES } from './calea-values';
import { enumRule as word, intRule as num, shapedRule as shaped } from './value-rule-builders';

/**
 * Value syntax of the web proxy, SOCKS, socksify, HotSpot, disk, packet sniffer and traffic generator menus (generic
 * menus), read from MikroTik's CLI reference of each menu (`source`): `enum (a | b)` lists, `bool`, `num` (with its range, else
 * RouterOS's unsigned 32 bits as in model/generic-values.ts), `multi` lists of numbers and `super { ! … }` matchers
 * that take a leading `!`. Host names, paths, files, port names and protocol names the reference leaves open
 * (`enum ()`) stay free text (docs/simulator.md says which and why).
 */
const CLI = 'https://manual.mikrotik.com/docs/cli-reference';
const PROXY = `${CLI}/ip/proxy.md`;
const PROXY_ACCESS = `${CLI}/ip/proxy/access.md`;
const PROXY_CACHE = `${CLI}/ip/proxy/cache.md`;
const SOCKS = `${CLI}/ip/socks.md`;
const SOCKS_ACCESS = `${CLI}/ip/socks/access.md`;
const SNIFFER = `${CLI}/tool/sniffer.md`;
const TEMPLATE = `${CLI}/tool/traffic-generator/packet-template.md`;
const STREAM = `${CLI}/tool/traffic-generator/stream.md`;
const RAW_TEMPLATE = `${CLI}/tool/traffic-generator/raw-packet-template.md`;
const GENERATOR = `${CLI}/tool/traffic-generator.md`;
const SOCKSIFY = `${CLI}/ip/socksify.md`;
const DISK = `${CLI}/disk.md`;
const DISK_SETTINGS = `${CLI}/disk/settings.md`;
const HOTSPOT_PROFILE = `${CLI}/ip/hotspot/profile.md`;
const HOTSPOT_USER_PROFILE = `${CLI}/ip/hotspot/user/profile.md`;
const WALLED_GARDEN = `${CLI}/ip/hotspot/walled-garden.md`;
const WALLED_GARDEN_IP = `${CLI}/ip/hotspot/walled-garden/ip.md`;
const SOCKS_USERS = `${CLI}/ip/socks/users.md`;

type Check = (key: string, value: string) => string;

/** `super { ! , … }`: the value may start with one `!` (negation); the rest is checked by `inner`. */
const negatable = (inner: Check): Check => (key, value) => {
  if (!value.startsWith('!')) return inner(key, value);
  if (value === '!') throw invalidArg(key);
  return `!${inner(key, value.slice(1))}`;
};
/** `from[-to]`, each within [min, max], ascending. */
const range = (min: number, max: number): Check => ascendingRange(min, max);
/** A comma list (`multi { … }`), each item checked by `item`; `limit` items at most (the sniffer's "up to 16"). */
const list = (item: Check, limit = Infinity): Check => (key, value) => {
  const items = value.split(',');
  if (items.length > limit) throw invalidArg(key);
  return items.map((part) => item(key, part)).join(',');
};
const integer = (min: number, max: number): Check => (key, value) => numberIn(key, value, min, max);
/** A name of `names` or a number within [0, max] (the sniffer's protocol filters). */
const nameOrNumber = (names: string[], max: number): Check => (key, value) => {
  if (names.includes(value)) return value;
  if (!/^\d+$/.test(value)) throw errors.noMatch(key);
  return numberIn(key, value, 0, max);
};
/** A number, optionally written in KiB as RouterOS prints it (`2048KiB`), or one of the keywords. */
const kibOr = (keywords: string[]): Check => (key, value) => {
  if (keywords.includes(value)) return value;
  const m = /^(\d+)(KiB)?$/.exec(value);
  if (!m) throw invalidArg(key);
  return `${numberIn(key, m[1], 0, U32)}KiB`;
};

const METHODS = ['CONNECT', 'DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'TRACE'];
/** The matchers /ip/proxy/access and /ip/proxy/cache share (the cache page: "the matchers work as in access"). */
const proxyMatchers = (source: string): Record<string, GenericValueRule> => ({
  'dst-port': shaped(negatable(list(range(0, 65535))), source),
  'local-port': shaped(negatable(integer(0, 65535)), source),
  method: shaped(negatable((key, value) => {
    if (!METHODS.includes(value)) throw errors.noMatch(key);
    return value;
  }), source),
});

// The sniffer's names, as its page lists them.
const MAC_PROTOCOLS = ['802.2', 'arp', 'capsman', 'dot1x', 'homeplug-av', 'ip', 'ipv6', 'ipx', 'lacp', 'lldp', 'loop-protect', 'macsec', 'mpls-multicast', 'mpls-unicast', 'mvrp', 'packing-compr', 'packing-simple', 'pppoe', 'pppoe-discovery', 'rarp', 'romon', 'service-vlan', 'vlan'];
const IP_PROTOCOLS = ['dccp', 'ddp', 'egp', 'encap', 'etherip', 'ggp', 'gre', 'hmp', 'icmp', 'icmpv6', 'idpr-cmtp', 'igmp', 'ipencap', 'ipip', 'ipsec-ah', 'ipsec-esp', 'ipv6-encap', 'ipv6-frag', 'ipv6-nonxt', 'ipv6-opts', 'ipv6-route', 'iso-tp4', 'l2tp', 'ospf', 'pim', 'pup', 'rdp', 'rspf', 'rsvp', 'sctp', 'st', 'tcp', 'udp', 'udp-lite', 'vmtp', 'vrrp', 'xns-idp', 'xtp'];
/** A sniffer filter: up to 16 entries, each negatable on its own. */
const filter = (item: Check) => shaped(list(negatable(item), 16), SNIFFER);

/** A traffic-generator template's `multi { x: num [ .. max] }`: a comma list of numbers within [0, max]. */
const numbers = (max: number, source = TEMPLATE) => shaped(list(integer(0, max)), source);

export const SERVICE_TOOL_VALUES: Record<string, Record<string, GenericValueRule>> = {
  'ip/firewall/calea': CALEA_VALUES,
  'ip/proxy': {
    port: shaped(list(integer(1, 65535)), PROXY),
    'parent-proxy-port': num(PROXY),
    'max-cache-size': shaped(kibOr(['none', 'unlimited']), PROXY),
    // `num` in KiB; RouterOS prints it with the unit (`Default: 2048KiB`), and takes it so.
    'max-cache-object-size': { kind: 'kib', min: 0, max: U32, source: PROXY },
    'max-client-connections': num(PROXY),
    'max-server-connections': num(PROXY),
  },
  'ip/proxy/access': { ...proxyMatchers(PROXY_ACCESS), action: word(['allow', 'deny', 'redirect', 'url-append'], PROXY_ACCESS) },
  'ip/proxy/cache': { ...proxyMatchers(PROXY_CACHE), action: word(['allow', 'deny'], PROXY_CACHE) },
  // HotSpot's RADIUS words (server profile). The users' byte limits stay free: `num`, yet scripts write byte counts past
  // 32 bits (data caps of gigabytes) that a 32-bit bound would refuse.
  'ip/hotspot/profile': {
    'mac-auth-mode': word(['mac-as-username', 'mac-as-username-and-password'], HOTSPOT_PROFILE),
    'nas-port-type': word(['cable', 'ethernet', 'wireless-802.11'], HOTSPOT_PROFILE),
    'radius-mac-format': word(['XX XX XX XX XX XX', 'XX-XX-XX-XX-XX-XX', 'XX:XX:XX:XX:XX:XX', 'XXXX:XXXX:XXXX', 'XXXXXX-XXXXXX', 'XXXXXX:XXXXXX', 'XXXXXXXXXXXX'], HOTSPOT_PROFILE),
  },
  // The walled garden's matchers are the proxy's (`super { ! … }`); its `action` words are in model/generic-values.ts.
  'ip/hotspot/walled-garden': { 'dst-port': proxyMatchers(WALLED_GARDEN)['dst-port'], method: proxyMatchers(WALLED_GARDEN).method },
  'ip/hotspot/walled-garden/ip': { 'dst-port': shaped(negatable(range(0, 65535)), WALLED_GARDEN_IP) },
  'ip/socks': {
    port: num(SOCKS),
    'max-connections': num(SOCKS, 1, 500),
    version: word(['4', '5'], SOCKS),
    'auth-method': word(['none', 'password'], SOCKS),
  },
  'ip/socksify': {
    // Seconds, 0 to 3000 (the page), a bare number.
    'connection-timeout': num(SOCKSIFY, 0, 3000),
    port: num(SOCKSIFY),
    'socks5-port': num(SOCKSIFY),
  },
  'ip/socks/access': {
    'src-port': shaped(negatable(range(0, 65535)), SOCKS_ACCESS),
    'dst-port': shaped(negatable(range(0, 65535)), SOCKS_ACCESS),
    action: word(['allow', 'deny'], SOCKS_ACCESS),
  },
  // Sizes and offsets the page writes with units (`file-size=1G`, `tmpfs-max-size` in `100M`) stay free.
  disk: {
    type: word(['crypted', 'file', 'hardware', 'iscsi', 'nfs', 'nvme-tcp', 'partition', 'raid', 'ramdisk', 'smb', 'sshfs', 'tmpfs'], DISK),
    'partition-number': num(DISK),
    'sshfs-port': num(DISK),
  },
  'tool/sniffer': {
    // `num`, in KiB (10..4294967295); RouterOS prints them with the unit (`Default: 100KiB`).
    'memory-limit': { kind: 'kib', min: 10, max: U32, source: SNIFFER },
    'file-limit': { kind: 'kib', min: 10, max: U32, source: SNIFFER },
    'max-packet-size': num(SNIFFER, 2048, 65536),
    'quick-rows': num(SNIFFER),
    'filter-direction': word(['any', 'rx', 'tx'], SNIFFER),
    'filter-operator-between-entries': word(['and', 'or'], SNIFFER),
    'filter-vlan': filter(integer(0, 4095)),
    'filter-cpu': filter(integer(0, U32)),
    'filter-size': filter(range(0, 65535)),
    'filter-mac-protocol': filter(nameOrNumber(MAC_PROTOCOLS, 65535)),
    'filter-ip-protocol': filter(nameOrNumber(IP_PROTOCOLS, 255)),
  },
  'tool/traffic-generator/packet-template': {
    'header-stack': { kind: 'enum', values: ['ip', 'ipv6', 'mac', 'raw', 'tcp', 'udp', 'vlan'], list: true, source: TEMPLATE },
    data: word(['incrementing', 'random', 'specific-byte', 'uninitialized'], TEMPLATE),
    'data-byte': num(TEMPLATE),
    'compute-checksum-from-offset': num(TEMPLATE),
    'vlan-priority': numbers(7),
    'vlan-id': numbers(4095),
    'ip-dscp': numbers(255),
    'ip-id': numbers(65535),
    'ip-frag-off': numbers(65535),
    'ip-ttl': numbers(255),
    'ipv6-traffic-class': numbers(255),
    'ipv6-flow-label': numbers(0xfffff),
    'ipv6-hop-limit': numbers(255),
    'tcp-data-offset': numbers(15),
    'tcp-window-size': numbers(65535),
    'tcp-urgent-pointer': numbers(65535),
  },
  'tool/traffic-generator/raw-packet-template': {
    data: word(['incrementing', 'random', 'specific-byte', 'uninitialized'], RAW_TEMPLATE),
    'data-byte': num(RAW_TEMPLATE),
    'compute-checksum-from-offset': num(RAW_TEMPLATE),
    'ip-header-offset': numbers(65535, RAW_TEMPLATE),
    'ipv6-header-offset': numbers(65535, RAW_TEMPLATE),
    'udp-header-offset': numbers(65535, RAW_TEMPLATE),
    'tcp-header-offset': numbers(65535, RAW_TEMPLATE),
  },
  'tool/traffic-generator': { 'test-id': num(GENERATOR), 'stats-samples-to-keep': num(GENERATOR) },
  'tool/traffic-generator/stream': {
    id: num(STREAM),
    pps: num(STREAM),
    mbps: num(STREAM),
    'packet-count': num(STREAM),
    // `range` without bounds: `from[-to]` within RouterOS's unsigned 32 bits.
    'packet-size': shaped(range(0, U32), STREAM),
    'cpu-core': shaped(range(0, U32), STREAM),
  },
};

/** Yes/no arguments of these menus (`bool` in the CLI reference). */
export const SERVICE_TOOL_ARG_BOOLS: Record<string, { args: string[]; source: string }> = {
  'tool/sniffer': { args: ['filter-stream', 'memory-scroll', 'only-headers', 'quick-show-frame', 'streaming-enabled'], source: SNIFFER },
  'tool/traffic-generator/packet-template': { args: ['special-footer'], source: TEMPLATE },
  'tool/traffic-generator/raw-packet-template': { args: ['special-footer'], source: RAW_TEMPLATE },
  'tool/traffic-generator': { args: ['measure-out-of-order'], source: GENERATOR },
  disk: { args: ['compress', 'media-sharing', 'mount-filesystem', 'mount-read-only', 'smb-encryption', 'smb-sharing', 'swap'], source: DISK },
  'ip/hotspot/profile': { args: ['radius-accounting'], source: HOTSPOT_PROFILE },
  'ip/hotspot/user/profile': { args: ['advertise'], source: HOTSPOT_USER_PROFILE },
  'ip/socks/users': { args: ['only-one'], source: SOCKS_USERS },
  'disk/settings': { args: ['auto-media-sharing', 'auto-smb-sharing'], source: DISK_SETTINGS },
};
