import type { Row } from '@routeros-mcp/domain-changes';
import { Ipv4Span, parseIpv4Range } from './ip-range';
import { isTrue, Snapshot, splitList } from './snapshot';

/**
 * A management packet as a chain sees it: the client's request (input) or the device's reply (output).
 * An absent port is a fresh connection's ephemeral client port; an absent `srcMac` is unknown, `''` is none.
 */
export interface Packet {
  srcIp: number;
  dstIp: number;
  srcPort?: number;
  dstPort?: number;
  inInterface?: string;
  inBridgePort?: string;
  outInterface?: string;
  outBridgePort?: string;
  srcMac?: string;
  srcType: string;
  dstType: string;
  /** TCP flags of the packet: a client's first packet is a SYN, the device's answer to it a SYN-ACK. */
  flags: readonly string[];
  state: 'new' | 'established' | 'untracked';
}

/** `true`/`false`, or the name of the construct that makes the answer unknown. */
export type Tri = boolean | string;

/** One address list's spans; `seen` remembers addresses already asked: 2 permanent, 1 timed only, 0 absent. */
export interface AddressList {
  permanent: Ipv4Span[];
  timed: Ipv4Span[];
  seen: Map<number, number>;
}

/** Everything a matcher may look at besides the packet; `expired` evaluates with timed address-list entries gone. */
export interface MatchContext {
  snap: Snapshot;
  lists: Map<string, AddressList>;
  expired: boolean;
  /** Lists the client was added to earlier in this walk (`add-src-to-address-list`). */
  added: Set<string>;
}

type Matcher = (p: Packet, c: MatchContext) => Tri;

export interface CompiledRule {
  id: string;
  position: number;
  chain: string;
  action: string;
  jumpTarget: string;
  addressList: string;
  row: Row;
  /** Compiled on first use. */
  matchers?: Matcher[];
}

/** Properties that configure a rule rather than match packets. */
const NOT_MATCHERS = new Set(['chain', 'action', 'disabled', 'comment', 'log', 'log-prefix', 'jump-target', 'dynamic', 'invalid', 'bytes', 'packets', 'address-list', 'address-list-timeout', 'reject-with', 'hw-offload', 'place-before', 'passthrough', 'new-mss', 'to-addresses', 'to-ports']);

const EPHEMERAL: [number, number] = [1024, 65535];

const negated = (value: string): [boolean, string] => (value.startsWith('!') ? [true, value.slice(1)] : [false, value]);
const flip = (neg: boolean, t: Tri): Tri => (typeof t === 'string' ? t : t !== neg);

function portRanges(value: string): Array<[number, number]> {
  return splitList(value).map((p) => {
    const [lo, hi] = p.split('-').map(Number);
    return [lo, Number.isFinite(hi) ? hi : lo] as [number, number];
  });
}

function portMatcher(name: string, value: string, which: 'src' | 'dst' | 'any'): Matcher {
  const [neg, body] = negated(value);
  const ranges = portRanges(body);
  const one = (port: number | undefined): Tri => {
    if (port !== undefined) return ranges.some(([lo, hi]) => port >= lo && port <= hi);
    const covered = ranges.filter(([lo, hi]) => hi >= EPHEMERAL[0] && lo <= EPHEMERAL[1]);
    if (covered.length === 0) return false;
    return covered.some(([lo, hi]) => lo <= EPHEMERAL[0] && hi >= EPHEMERAL[1]) ? true : name;
  };
  return (p) => {
    if (which === 'dst') return flip(neg, one(p.dstPort));
    if (which === 'src') return flip(neg, one(p.srcPort));
    const dst = one(p.dstPort);
    const src = one(p.srcPort);
    return flip(neg, dst === true || src === true ? true : typeof dst === 'string' ? dst : src);
  };
}

function addressMatcher(value: string, pick: (p: Packet) => number): Matcher {
  const [neg, body] = negated(value);
  const range = parseIpv4Range(body);
  if (!range) return () => false;
  const { lo, hi } = range;
  return (p) => {
    const ip = pick(p);
    return (ip >= lo && ip <= hi) !== neg;
  };
}

const within = (spans: readonly Ipv4Span[], ip: number): boolean => {
  for (const s of spans) if (ip >= s.lo && ip <= s.hi) return true;
  return false;
};

/** Whether `ip` is on the list; memoized per list, as one walk asks the same address of every rule naming it. */
function listHas(entries: AddressList, ip: number, expired: boolean): boolean {
  let known = entries.seen.get(ip);
  if (known === undefined) {
    known = within(entries.permanent, ip) ? 2 : within(entries.timed, ip) ? 1 : 0;
    entries.seen.set(ip, known);
  }
  return known === 2 || (known === 1 && !expired);
}

function listMatcher(value: string, pick: (p: Packet) => number, src: boolean): Matcher {
  const [neg, list] = negated(value);
  return (p, c) => {
    const entries = c.lists.get(list);
    const member = (src && c.added.has(list)) || (entries !== undefined && listHas(entries, pick(p), c.expired));
    return member !== neg;
  };
}

function setMatcher(value: string, actual: (p: Packet, c: MatchContext) => string[]): Matcher {
  const [neg, body] = negated(value);
  const wanted = new Set(splitList(body));
  return (p, c) => actual(p, c).some((v) => wanted.has(v)) !== neg;
}

function tcpFlagsMatcher(value: string): Matcher {
  const wanted = splitList(value).map((f) => negated(f));
  return (p) => {
    return wanted.every(([neg, flag]) => p.flags.includes(flag) !== neg);
  };
}

/** An interface matcher: a packet without that interface (a reply has no in-interface) matches only a negation. */
function interfaceMatcher(value: string, pick: (p: Packet) => string | undefined): Matcher {
  const [neg, name] = negated(value);
  return (p, c) => {
    const iface = pick(p);
    return (iface !== undefined && iface === c.snap.canon(name)) !== neg;
  };
}

function interfaceListMatcher(value: string, pick: (p: Packet) => string | undefined): Matcher {
  const [neg, list] = negated(value);
  return (p, c) => {
    const iface = pick(p);
    return (iface !== undefined && (c.snap.interfaceLists.get(list)?.has(iface) ?? false)) !== neg;
  };
}

/** Builds the matcher for one property, or `undefined` when the property is not one this evaluation models. */
function matcherFor(key: string, value: string): Matcher | undefined {
  switch (key) {
    case 'protocol': {
      const [neg, body] = negated(value);
      return () => (body === 'tcp' || body === '6') !== neg;
    }
    case 'src-address': return addressMatcher(value, (p) => p.srcIp);
    case 'dst-address': return addressMatcher(value, (p) => p.dstIp);
    case 'src-address-list': return listMatcher(value, (p) => p.srcIp, true);
    case 'dst-address-list': return listMatcher(value, (p) => p.dstIp, false);
    case 'dst-port': return portMatcher(key, value, 'dst');
    case 'src-port': return portMatcher(key, value, 'src');
    case 'port': return portMatcher(key, value, 'any');
    case 'connection-state': return setMatcher(value, (p) => [p.state]);
    case 'connection-nat-state': return setMatcher(value, () => []);
    case 'src-address-type': return setMatcher(value, (p) => [p.srcType]);
    case 'dst-address-type': return setMatcher(value, (p) => [p.dstType]);
    case 'tcp-flags': return tcpFlagsMatcher(value);
    case 'in-interface': return interfaceMatcher(value, (p) => p.inInterface);
    case 'out-interface': return interfaceMatcher(value, (p) => p.outInterface);
    case 'in-bridge-port': return interfaceMatcher(value, (p) => p.inBridgePort);
    case 'out-bridge-port': return interfaceMatcher(value, (p) => p.outBridgePort);
    case 'in-interface-list': return interfaceListMatcher(value, (p) => p.inInterface);
    case 'out-interface-list': return interfaceListMatcher(value, (p) => p.outInterface);
    case 'in-bridge-port-list': return interfaceListMatcher(value, (p) => p.inBridgePort);
    case 'out-bridge-port-list': return interfaceListMatcher(value, (p) => p.outBridgePort);
    case 'src-mac-address': {
      const [neg, mac] = negated(value.toUpperCase());
      return (p) => (p.srcMac === undefined ? key : (p.srcMac !== '' && p.srcMac === mac) !== neg);
    }
    default:
      return undefined;
  }
}

const matchers = new Map<string, Matcher | null>();

/** Matchers depend only on their property and value, so a device's rules share them across evaluations. */
function cachedMatcher(key: string, value: string): Matcher | undefined {
  const id = `${key}\u0000${value}`;
  let m = matchers.get(id);
  if (m === undefined) {
    if (matchers.size > 50_000) matchers.clear();
    m = matcherFor(key, value) ?? null;
    matchers.set(id, m);
  }
  return m ?? undefined;
}

/** A rule is compiled the first time a walk reaches it: rules of chains the packet never enters cost nothing. */
function compile(rule: CompiledRule): Matcher[] {
  if (rule.matchers) return rule.matchers;
  const known: Matcher[] = [];
  const unknown: string[] = [];
  for (const key in rule.row) {
    const value = rule.row[key];
    if (value === '' || key.charCodeAt(0) === 46 /* '.' */ || NOT_MATCHERS.has(key)) continue;
    const m = cachedMatcher(key, value);
    if (m) known.push(m);
    else unknown.push(key);
  }
  // Unknown constructs go last so that a known matcher which excludes the packet makes the rule irrelevant.
  for (const key of unknown) known.push(() => key);
  return (rule.matchers = known);
}

/** Whether a rule matches: `false` as soon as one matcher excludes the packet, else the first unknown, else `true`. */
export function ruleMatches(rule: CompiledRule, p: Packet, c: MatchContext): Tri {
  let unknown: string | undefined;
  for (const m of compile(rule)) {
    const r = m(p, c);
    if (r === false) return false;
    if (typeof r === 'string') unknown ??= r;
  }
  return unknown ?? true;
}

/**
 * A row's compiled rule. Rows are immutable, so one serves every evaluation that sees the row (before and after share
 * most); an insertion above it makes a new one at its new position, which keeps the matchers already compiled.
 */
const compiledRules = new WeakMap<Row, CompiledRule>();

/** A firewall table's enabled rules by chain, in order, each with its position in the whole table. */
export function compileTable(rows: readonly Row[]): Map<string, CompiledRule[]> {
  const chains = new Map<string, CompiledRule[]>();
  rows.forEach((row, position) => {
    if (isTrue(row['disabled']) || isTrue(row['invalid'])) return;
    const chain = row['chain'] ?? '';
    let rule = compiledRules.get(row);
    if (rule?.position !== position) {
      rule = { id: row['.id'] ?? '', position, chain, action: row['action'] || 'accept', jumpTarget: row['jump-target'] ?? '', addressList: row['address-list'] ?? '', row, matchers: rule?.matchers };
      compiledRules.set(row, rule);
    }
    const list = chains.get(chain);
    if (list) list.push(rule);
    else chains.set(chain, [rule]);
  });
  return chains;
}
