import { errors } from '../rest/rest-error';
import type { ArgContext } from './arg-rules';
import { invalidArg, numberIn } from './arg-rules';
import type { FirewallValueRule } from './firewall-values';
import { U32 } from './value-bounds';
import { parseTimeMs } from './values';

/**
 * Firewall rule tables' matchers and mangle's action properties that model/firewall-values.ts left free because the
 * manual pages and RouterOS's prints disagreed, settled by MikroTik's CLI reference of `/ip/firewall/mangle` (its
 * `super { … }` types: the same matchers the filter, NAT and raw tables take, as the Common Firewall Matchers page
 * says). A type with `!` in its `super` takes a leading `!` (`matcher: true`); the others do not.
 */
const MANGLE_CLI = 'https://manual.mikrotik.com/docs/cli-reference/ip/firewall/mangle.md';
type Check = (key: string, value: string, ctx: ArgContext) => string;

const word = (key: string, value: string, words: string[]) => {
  if (!words.includes(value)) throw invalidArg(key);
};
const time = (key: string, value: string) => {
  if (parseTimeMs(value) === undefined) throw invalidArg(key);
};

/** `type[:code]`, type 0..255, code a number or `from-to` within 0..255 (prints write `8:0-255`). */
const icmpOptions: Check = (key, value) => {
  const m = /^(\d+)(?::(\d+)(?:-(\d+))?)?$/.exec(value);
  if (!m) throw invalidArg(key);
  numberIn(key, m[1], 0, 255);
  if (m[2] !== undefined) numberIn(key, m[2], 0, 255);
  if (m[3] !== undefined) numberIn(key, m[3], 0, 255);
  if (m[3] !== undefined && Number(m[3]) < Number(m[2])) throw invalidArg(key);
  return value;
};

/** `mode[:value]`, value 0..255: `ttl=equal:63` (matcher), `new-ttl=decrement:1` (action). */
const modeValue = (modes: string[]): Check => (key, value) => {
  const [mode, n, extra] = value.split(':');
  if (extra !== undefined) throw invalidArg(key);
  word(key, mode, modes);
  if (n !== undefined) numberIn(key, n, 0, 255);
  return value;
};

/** `rate[/time][,burst][:packet|bit]`: rate 1..32000000000, time above zero, burst 0..2000000000 (`50,5:packet`, `10/1m,5:packet`). */
const limit: Check = (key, value) => {
  const m = /^(\d+)(?:\/([^,:]+))?(?:,(\d+))?(?::([a-z]+))?$/.exec(value);
  if (!m) throw invalidArg(key);
  numberIn(key, m[1], 1, 32000000000);
  if (m[2] !== undefined && !parseTimeMs(m[2])) throw invalidArg(key);
  if (m[3] !== undefined) numberIn(key, m[3], 0, 2000000000);
  if (m[4] !== undefined) word(key, m[4], ['bit', 'packet']);
  return value;
};

const DST_LIMIT_MODES = ['addresses-and-dst-port', 'dst-address', 'dst-address-and-port', 'src-address', 'src-and-dst-addresses'];
/** `rate[/time][,burst][,mode][/expire]` (`dst-limit=10/1m,20,src-and-dst-addresses/1m`). */
const dstLimit: Check = (key, value) => {
  const m = /^(\d+)(?:\/([^,]+))?(?:,(\d+))?(?:,([a-z-]+)(?:\/([^,]+))?)?$/.exec(value);
  if (!m) throw invalidArg(key);
  numberIn(key, m[1], 0, U32);
  if (m[2] !== undefined) time(key, m[2]);
  if (m[3] !== undefined) numberIn(key, m[3], 0, U32);
  if (m[4] !== undefined) word(key, m[4], DST_LIMIT_MODES);
  if (m[5] !== undefined) time(key, m[5]);
  return value;
};

const P2P = ['all-p2p', 'bit-torrent', 'blubster', 'direct-connect', 'edonkey', 'fasttrack', 'gnutella', 'soulseek', 'warez', 'winmx'];
const integer = (min: number, max: number): Check => (key, value) => numberIn(key, value, min, max);

const rule = (matcher: boolean, check: Check): FirewallValueRule => ({ source: MANGLE_CLI, matcher, check });

export const FIREWALL_MORE_VALUES: Record<string, FirewallValueRule> = {
  'icmp-options': rule(true, icmpOptions),
  ttl: rule(false, modeValue(['equal', 'greater-than', 'less-than', 'not-equal'])),
  limit: rule(true, limit),
  'dst-limit': rule(false, dstLimit),
  p2p: rule(true, (key, value) => {
    if (!P2P.includes(value)) throw errors.noMatch(key);
    return value;
  }),
  'new-ttl': rule(false, modeValue(['decrement', 'increment', 'set'])),
  // `clamp-to-pmtu` or 40..65534 (exports write `new-mss=clamp-to-pmtu`).
  'new-mss': rule(false, (key, value) => (value === 'clamp-to-pmtu' ? value : numberIn(key, value, 40, 65534))),
  'sniff-id': rule(false, integer(0, U32)),
  'sniff-target-port': rule(false, integer(0, U32)),
};
