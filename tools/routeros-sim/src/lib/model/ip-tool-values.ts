import { errors } from '../rest/rest-error';
import { invalidArg, numberIn, outOfRangeText } from './arg-rules';
import type { GenericValueRule } from './generic-values';
import { U32 } from './value-bounds';
import { ascendingRange } from './value-ranges';
import { enumRule as word, intRule as num, shapedRule as shaped } from './value-rule-builders';

/**
 * Value syntax of the generic `/ip`, `/ipv6`, `/tool` and bridge CALEA menus' arguments still free after the other
 * tables, read from MikroTik's CLI reference of each menu (`source`): `enum (a | b)` lists, `num` (with its range, else
 * 0..4294967295), `multi { num }` port lists and `bool`. Merged into the generic menus' values by
 * model/generic-menus.ts. Left free, and why: docs/simulator.md.
 */
const CLI = 'https://manual.mikrotik.com/docs/cli-reference';
const page = (menu: string) => `${CLI}/${menu}.md`;

type Check = (key: string, value: string) => string;

/** `multi { num [min .. max] }`: a comma list of port numbers. */
const portList = (min: number, max: number): Check => (key, value) => {
  for (const port of value.split(',')) numberIn(key, port, min, max);
  return value;
};
/** `super { !, … }`: one leading `!` negates; the rest is checked by `inner`. */
const negatable = (inner: Check): Check => (key, value) => {
  if (!value.startsWith('!')) return inner(key, value);
  if (value === '!') throw invalidArg(key);
  return `!${inner(key, value.slice(1))}`;
};
/** `multi { range [ .. 65535] }`: a comma list of ports and ascending ranges. */
const portRanges: Check = (key, value) => {
  const range = ascendingRange(0, 65535);
  for (const part of value.split(',')) range(key, part);
  return value;
};
const METHODS = ['CONNECT', 'DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'TRACE'];
const method: Check = (key, value) => {
  if (!METHODS.includes(value)) throw errors.noMatch(key);
  return value;
};
/**
 * `num`, as RouterOS prints `/ip/settings icmp-rate-mask` (`0x1818`, the IP Settings page's default): decimal or `0x`
 * hex within 0..4294967295, stored as written.
 */
const decimalOrHex: Check = (key, value) => {
  const m = /^(?:0x([0-9a-fA-F]+)|(\d+))$/.exec(value);
  if (!m) throw invalidArg(key);
  if (m[1] !== undefined && parseInt(m[1], 16) > U32) throw outOfRangeText(key, `0..${U32}`);
  if (m[2] !== undefined) numberIn(key, m[2], 0, U32);
  return value;
};

const PACKING = ['compress-all', 'compress-headers', 'none', 'simple'];
const HASH_POLICIES = ['l3', 'l3-inner', 'l4'];
const CACHE_ENTRIES = ['128k', '16M', '16k', '1M', '1k', '256k', '2M', '2k', '32M', '32k', '4M', '4k', '512k', '64k', '8M', '8k'];

export const IP_TOOL_VALUES: Record<string, Record<string, GenericValueRule>> = {
  // `enum (input | forward | output)`, unlike the IP firewall's CALEA whose chain the page says may be any name.
  'interface/bridge/calea': { chain: word(['forward', 'input', 'output'], page('interface/bridge/calea')) },
  // `alt { num [1 .. 254], enum (hostname | vendor-specific | vendor-class-id | client-id) }`.
  'ip/dhcp-client/option': { code: num(page('ip/dhcp-client/option'), 1, 254, ['client-id', 'hostname', 'vendor-class-id', 'vendor-specific']) },
  'ip/firewall/connection/tracking': { enabled: word(['auto', 'no', 'yes'], page('ip/firewall/connection/tracking')) },
  'ip/firewall/service-port': { ports: shaped(portList(0, 65535), page('ip/firewall/service-port')) },
  'ip/hotspot/service-port': { ports: shaped(portList(1, 65535), page('ip/hotspot/service-port')) },
  'ip/nat-pmp/interfaces': { type: word(['external', 'internal'], page('ip/nat-pmp/interfaces')) },
  'ip/upnp/interfaces': { type: word(['external', 'internal'], page('ip/upnp/interfaces')) },
  'ip/packing': {
    'aggregated-size': num(page('ip/packing')),
    packing: word(PACKING, page('ip/packing')),
    unpacking: word(PACKING, page('ip/packing')),
  },
  // The proxy's direct-access rules: the same matchers as its access rules (model/service-tool-values.ts).
  'ip/proxy/direct': {
    action: word(['allow', 'deny'], page('ip/proxy/direct')),
    'dst-port': shaped(negatable(portRanges), page('ip/proxy/direct')),
    'local-port': shaped(negatable((key, value) => numberIn(key, value, 0, 65535)), page('ip/proxy/direct')),
    method: shaped(negatable(method), page('ip/proxy/direct')),
  },
  'ip/settings': {
    'icmp-rate-mask': shaped(decimalOrHex, page('ip/settings')),
    'ipv4-multipath-hash-policy': word(HASH_POLICIES, page('ip/settings')),
    'max-neighbor-entries': num(page('ip/settings')),
    'tcp-timestamps': word(['disabled', 'enabled', 'random-offset'], page('ip/settings')),
  },
  'ip/smb': { enabled: word(['auto', 'no', 'yes'], page('ip/smb')) },
  'ip/socks/connections': { rx: num(page('ip/socks/connections')), tx: num(page('ip/socks/connections')), type: word(['in', 'out', 'unknown'], page('ip/socks/connections')) },
  'ip/tftp/settings': { 'max-block-size': word(['1454', '4096', '512', '8192'], page('ip/tftp/settings')) },
  'ip/traffic-flow': { 'cache-entries': word(CACHE_ENTRIES, page('ip/traffic-flow')) },
  'ip/traffic-flow/target': {
    port: num(page('ip/traffic-flow/target')),
    'v9-template-refresh': num(page('ip/traffic-flow/target')),
    version: word(['1', '5', '9', 'ipfix'], page('ip/traffic-flow/target')),
  },
  // The neighbour timers are `num` and print as bare numbers (`stale-neighbor-timeout=60`).
  'ipv6/settings': {
    'accept-router-advertisements': word(['no', 'yes', 'yes-if-forwarding-disabled'], page('ipv6/settings')),
    'max-neighbor-entries': num(page('ipv6/settings')),
    'min-neighbor-entries': num(page('ipv6/settings')),
    'soft-max-neighbor-entries': num(page('ipv6/settings')),
    'multipath-hash-policy': word(HASH_POLICIES, page('ipv6/settings')),
    'stale-neighbor-detect-interval': num(page('ipv6/settings')),
    'stale-neighbor-timeout': num(page('ipv6/settings')),
  },
  'tool/bandwidth-server': { 'allocate-udp-ports-from': num(page('tool/bandwidth-server')), 'max-sessions': num(page('tool/bandwidth-server')) },
  'tool/e-mail': { port: num(page('tool/e-mail')), tls: word(['no', 'starttls', 'yes'], page('tool/e-mail')) },
  'tool/graphing': { 'store-every': word(['24hours', '5min', 'hour'], page('tool/graphing')) },
  'tool/romon/port': { cost: num(page('tool/romon/port')) },
  'tool/sms': { channel: num(page('tool/sms')), 'sms-storage': word(['combined', 'modem', 'sim'], page('tool/sms')) },
  'tool/traffic-monitor': {
    threshold: num(page('tool/traffic-monitor')),
    traffic: word(['received', 'transmitted'], page('tool/traffic-monitor')),
    trigger: word(['above', 'always', 'below'], page('tool/traffic-monitor')),
  },
};

/** Generic menus' arguments the reference types `bool`: yes/no, stored as `true`/`false` as other generic booleans. */
export const IP_TOOL_ARG_BOOLS: Record<string, { args: string[]; source: string }> = {
  'ip/dhcp-relay': { args: ['add-relay-info', 'local-address-as-src-ip'], source: page('ip/dhcp-relay') },
  'ipv6/dhcp-relay': { args: ['store-relayed-bindings'], source: page('ipv6/dhcp-relay') },
  'ip/firewall/connection/tracking': { args: ['liberal-tcp-tracking', 'loose-tcp-tracking'], source: page('ip/firewall/connection/tracking') },
  'ip/nat-pmp': { args: ['enabled'], source: page('ip/nat-pmp') },
  'ip/smb/shares': { args: ['read-only', 'require-encryption'], source: page('ip/smb/shares') },
  'ip/smb/users': { args: ['read-only'], source: page('ip/smb/users') },
  'ip/tftp': { args: ['allow', 'allow-overwrite', 'allow-rollover', 'read-only'], source: page('ip/tftp') },
  'tool/bandwidth-server': { args: ['authenticate', 'enabled'], source: page('tool/bandwidth-server') },
  // The graphing pages are `ifaces` and `queues` (the menus `interface` and `queue`), with the same arguments.
  'tool/graphing/interface': { args: ['store-on-disk'], source: page('tool/graphing/ifaces') },
  'tool/graphing/queue': { args: ['allow-target', 'store-on-disk'], source: page('tool/graphing/queues') },
  'tool/graphing/resource': { args: ['store-on-disk'], source: page('tool/graphing/resource') },
  'tool/romon/port': { args: ['forbid'], source: page('tool/romon/port') },
  'tool/sms': { args: ['polling', 'receive-enabled', 'remove-sent-sms-after-send'], source: page('tool/sms') },
};
