import { ascendingRange } from './value-ranges';
import { errors } from '../rest/rest-error';
import type { ArgContext } from './arg-rules';
import { invalidArg, MAC, macRequired, numberIn } from './arg-rules';
import { checkGenericValue } from './generic-values';
import { U32 } from './value-bounds';
import { parseTimeMs } from './values';
import { FIREWALL_MORE_VALUES } from './firewall-more-values';
import { FIREWALL_REST_VALUES } from './firewall-rest-values';

/**
 * Value syntax of the firewall rule tables' matchers and mangle's action properties (`ip|ipv6/firewall/filter|nat|
 * mangle|raw`), each read from the MikroTik manual page named in `source`. Only arguments whose page states a type
 * that RouterOS's own prints agree with are here; the others stay free text (docs/simulator.md says which and why).
 */
export interface FirewallValueRule {
  /** The manual page the type comes from. */
  source: string;
  /** A matcher takes a leading `!` (RouterOS prints `dst-address-type=!local`); action properties do not. */
  matcher: boolean;
  /** Returns the value as stored, or throws RouterOS's refusal. */
  check(key: string, value: string, ctx: ArgContext): string;
}

const COMMON = 'https://help.mikrotik.com/docs/spaces/ROS/pages/250708064/Common+Firewall+Matchers+and+Actions';
const MANGLE = 'https://help.mikrotik.com/docs/spaces/ROS/pages/48660587/Mangle';
const HOTSPOT = 'https://help.mikrotik.com/docs/spaces/ROS/pages/56459266/Hotspot';
type Check = FirewallValueRule['check'];

const integer = (min: number, max: number, keywords?: string[]): Check => (key, value) => checkGenericValue({ kind: 'integer', min, max, keywords, source: '' }, key, value);
const word = (values: string[]): Check => (key, value) => checkGenericValue({ kind: 'enum', values, source: '' }, key, value);

/** `integer[-integer]` within [min, max], the range ascending. */
const intRange = (min: number, max: number): Check => ascendingRange(min, max);

/** A comma list of the words, each negatable on its own (`tcp-flags=!fin,!syn`, `hotspot=from-client,!auth`). */
const wordList = (values: string[]): Check => (key, value) => {
  for (const item of value.split(',')) if (!values.includes(item.startsWith('!') ? item.slice(1) : item)) throw errors.noMatch(key);
  return value;
};

/**
 * A value of fixed parts (`nth=2,1`, `psd=21,3s,3,1`): `shape` splits it into groups, each checked by its part.
 * A value of another shape, or a word outside its list, is `invalid value for argument x`; a number past its bound
 * is `value of x out of range (a..b)` (chosen without a source: the pages give no refusal texts).
 */
const parts = (shape: RegExp, ...checks: ((key: string, part: string, ctx: ArgContext) => void)[]): Check => (key, value, ctx) => {
  const m = shape.exec(value);
  if (!m) throw invalidArg(key);
  checks.forEach((check, i) => check(key, m[i + 1], ctx));
  return value;
};
const num = (min: number, max: number) => (key: string, part: string) => void numberIn(key, part, min, max);
const digits = (key: string, part: string) => {
  if (!/^\d+$/.test(part)) throw invalidArg(key);
};
const oneWord = (values: string[]) => (key: string, part: string) => {
  if (!values.includes(part)) throw invalidArg(key);
};
const time = (key: string, part: string) => {
  if (parseTimeMs(part) === undefined) throw invalidArg(key);
};

const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const PCC_HASH = ['both-addresses', 'both-addresses-and-ports', 'both-ports', 'dst-address', 'dst-address-and-port', 'dst-port', 'src-address', 'src-address-and-port', 'src-port'];
const ADDRESS_TYPES = ['unicast', 'local', 'broadcast', 'multicast'];
const IPV4_OPTIONS = ['any', 'loose-source-routing', 'no-record-route', 'no-router-alert', 'no-source-routing', 'no-timestamp', 'none', 'record-route', 'router-alert', 'strict-source-routing', 'timestamp'];

/** Names of existing rows of `path` (or one of `extra`), refused as `input does not match any value of <key>`. */
const named = (paths: string[], extra: string[] = []): Check => (key, value, ctx) => {
  if (!extra.includes(value) && !paths.some((p) => ctx.rowsOf(p).some((r) => r['name'] === value))) throw errors.noMatch(key);
  return value;
};

const m = (check: Check, source = COMMON): FirewallValueRule => ({ source, matcher: true, check });
const action = (check: Check, source = MANGLE): FirewallValueRule => ({ source, matcher: false, check });

/** Argument → rule, for every rule table that takes the argument (the command tree says which do). */
export const FIREWALL_VALUES: Record<string, FirewallValueRule> = {
  dscp: m(integer(0, 63)),
  'ingress-priority': m(integer(0, 63)),
  priority: m(integer(0, 63)),
  random: m(integer(1, 99)),
  realm: m(integer(0, U32)),
  'tcp-mss': m(intRange(0, 65535)),
  'packet-size': m(intRange(0, 65535)),
  nth: m(parts(/^(\d+),(\d+)$/, num(0, U32), num(0, U32))),
  // Byte counts past 32 bits are real (`connection-bytes=2000000-0` on the page; 0 is infinity): digits, no bound.
  'connection-bytes': m(parts(/^(\d+)-(\d+)$/, digits, digits)),
  // `integer,netmask`: the netmask is a prefix length of the table's family (prints write `connection-limit=100,32`).
  'connection-limit': m(parts(/^(\d+),(\d+)$/, num(0, U32), (key, bits, ctx) => void numberIn(key, bits, 0, ctx.path.startsWith('ipv6/') ? 128 : 32))),
  'dst-address-type': m(word(ADDRESS_TYPES)),
  'src-address-type': m(word([...ADDRESS_TYPES, 'blackhole', 'prohibit', 'unreachable'])),
  // Each flag negatable on its own: exports of the `defconf: TCP flag filter` raw rule write `!fin,!syn,!rst,!ack`.
  'tcp-flags': m(wordList(['ack', 'cwr', 'ece', 'fin', 'psh', 'rst', 'syn', 'urg'])),
  // The page lists the words; RouterOS's own dynamic HotSpot rules combine and negate them (`from-client,!auth`).
  hotspot: m(wordList(['auth', 'from-client', 'http', 'local-dst', 'to-client']), `${COMMON} ${HOTSPOT}`),
  'ipv4-options': m(word(IPV4_OPTIONS)),
  'connection-type': m(word(['ftp', 'h323', 'irc', 'pptp', 'quake3', 'sip', 'tftp'])),
  'ipsec-policy': m(parts(/^([^,]*),([^,]*)$/, oneWord(['in', 'out']), oneWord(['ipsec', 'none']))),
  'per-connection-classifier': m(parts(/^([^:]*):(\d+)\/(\d+)$/, oneWord(PCC_HASH), num(0, U32), num(0, U32))),
  psd: m(parts(/^(\d+),([^,]+),(\d+),(\d+)$/, num(0, U32), time, num(0, U32), num(0, U32))),
  // `time-time,days`: the days may be left out (chosen without a source: taking more than the page writes).
  time: m(parts(/^([^-,]+)-([^-,]+)((?:,[a-z]+)*)$/, time, time, (key, days) => {
    for (const day of days.split(',').slice(1)) if (!DAYS.includes(day)) throw invalidArg(key);
  })),
  'hop-limit': m(parts(/^([^:]*):(\d+)$/, oneWord(['equal', 'greater-than', 'less-than', 'not-equal']), num(0, 255))),
  'src-mac-address': m((key, value) => {
    if (!MAC.test(value)) throw macRequired(key);
    return value.toUpperCase().replace(/-/g, ':');
  }),
  'layer7-protocol': m(named(['ip/firewall/layer7-protocol'])),
  'new-dscp': action(integer(0, 63)),
  'new-priority': action(integer(0, U32, ['from-dscp', 'from-dscp-high-3-bits', 'from-ingress'])),
  // RouterOS 7 marks routing with a routing table that must exist (the page); a VRF's table counts, as for routes.
  'new-routing-mark': action(named(['routing/table', 'ip/vrf'], ['main'])),
  // Those the CLI reference settles (model/firewall-more-values.ts).
  ...FIREWALL_MORE_VALUES,
  // Those only the filter, NAT and IPv6 tables' references list (model/firewall-rest-values.ts).
  ...FIREWALL_REST_VALUES,
};

/** The rule's stored form for a firewall rule table's argument, or undefined when no rule here covers it. */
export function firewallValue(key: string, value: string, ctx: ArgContext): string | undefined {
  const rule = FIREWALL_VALUES[key];
  if (!rule) return undefined;
  if (value === '') return value; // clearing is left to the menu, as for generic and tree-described arguments
  if (rule.matcher && value.startsWith('!')) {
    if (value === '!') throw invalidArg(key);
    return `!${rule.check(key, value.slice(1), ctx)}`;
  }
  return rule.check(key, value, ctx);
}
