import { errors } from '../rest/rest-error';
import type { ArgContext } from './arg-rules';
import { invalidArg, numberIn } from './arg-rules';
import type { FirewallValueRule } from './firewall-values';
import { strictBool } from './menu-values';
import { U32 } from './value-bounds';

/**
 * Firewall rule tables' arguments the mangle reference (model/firewall-more-values.ts) does not list, settled by the
 * CLI reference of the tables that take them: filter's `hw-offload`, NAT's `randomise-ports`, `socks5-port` and `socksify-service`, and
 * IPv6's `headers` and mangle's `new-hop-limit`. Merged into model/firewall-values.ts's table. A type with `!` in its
 * `super { … }` takes a leading `!` (`matcher: true`); the others do not.
 */
const CLI = 'https://manual.mikrotik.com/docs/cli-reference';
const FILTER = `${CLI}/ip/firewall/filter.md`;
const NAT = `${CLI}/ip/firewall/nat.md`;
const IPV6_FILTER = `${CLI}/ipv6/firewall/filter.md`;
const IPV6_MANGLE = `${CLI}/ipv6/firewall/mangle.md`;
type Check = (key: string, value: string, ctx: ArgContext) => string;

const HEADERS = ['ah', 'dst', 'esp', 'frag', 'hop', 'none', 'proto', 'route'];
/** `ubit (hop, dst, …)[:exact|contains]`: a comma list of next-header names, then how they match (`frag,hop:exact`). */
const headers: Check = (key, value) => {
  const [names, mode, extra] = value.split(':');
  if (extra !== undefined || (mode !== undefined && !['contains', 'exact'].includes(mode))) throw invalidArg(key);
  for (const name of names.split(',')) if (!HEADERS.includes(name)) throw errors.noMatch(key);
  return value;
};

/** `mode:value`, both required, value 0..255 (`new-hop-limit=set:64`). */
const hopLimit: Check = (key, value) => {
  const m = /^([a-z]+):(\d+)$/.exec(value);
  if (!m || !['decrement', 'increment', 'set'].includes(m[1])) throw invalidArg(key);
  numberIn(key, m[2], 0, 255);
  return value;
};

/** `enum` naming a /ip/socksify row (7.20): an unknown one is `input does not match any value of socksify-service`. */
const socksifyService: Check = (key, value, ctx) => {
  if (!ctx.rowsOf('ip/socksify').some((r) => r['name'] === value)) throw errors.noMatch(key);
  return value;
};

const rule = (source: string, matcher: boolean, check: Check): FirewallValueRule => ({ source, matcher, check });
const bool = (source: string) => rule(source, false, (key, value) => strictBool(key, value));

export const FIREWALL_REST_VALUES: Record<string, FirewallValueRule> = {
  'hw-offload': bool(FILTER),
  'randomise-ports': bool(NAT),
  'socks5-port': rule(NAT, false, (key, value) => numberIn(key, value, 0, U32)),
  'socksify-service': rule(NAT, false, socksifyService),
  headers: rule(IPV6_FILTER, true, headers),
  'new-hop-limit': rule(IPV6_MANGLE, false, hopLimit),
};
