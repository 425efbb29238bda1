import type { Row } from '@routeros-mcp/domain-changes';
import { Ipv4Range, parseIpv4Range, rangeContains } from './ip-range';
import { isTrue, Snapshot, splitList } from './snapshot';

/** The management packet as the input chain sees it. `srcPort` absent: a fresh connection's ephemeral port. */
export interface Packet {
  srcIp: number;
  dstIp: number;
  srcPort?: number;
  dstPort: number;
  inInterface: string;
  inBridgePort?: string;
  srcMac?: string;
  state: 'new' | 'established' | 'untracked';
}

/** `true`/`false`, or the name of the construct that makes the answer unknown. */
export type Tri = boolean | string;

/** Everything a matcher may look at besides the packet; `expired` evaluates with timed address-list entries gone. */
export interface MatchContext {
  snap: Snapshot;
  lists: Map<string, { permanent: Ipv4Range[]; timed: Ipv4Range[] }>;
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
  matchers: Matcher[];
}

/** Properties that configure a rule rather than match packets. */
const NOT_MATCHERS = new Set(['chain', 'action', 'disabled', 'comment', 'log', 'log-prefix', 'jump-target', 'dynamic', 'invalid', 'bytes', 'packets', 'address-list', 'address-list-timeout', 'reject-with', 'hw-offload', 'place-before', 'passthrough', 'new-mss']);

const EPHEMERAL: [number, number] = [1024, 65535];

const negated = (value: string): [boolean, string] => (value.startsWith('!') ? [true, value.slice(1)] : [false, value]);
const flip = (neg: boolean, t: Tri): Tri => (typeof t === 'string' ? t : t !== neg);

function portRanges(value: string): Array<[number, number]> {
  return splitList(value).map((p) => {
    const [lo, hi] = p.split('-').map(Number);
    return [lo, Number.isFinite(hi) ? hi : lo] as [number, number];
  });
}

function portMatcher(name: string, value: string, pick: (p: Packet) => Array<number | undefined>): Matcher {
  const [neg, body] = negated(value);
  const ranges = portRanges(body);
  const one = (port: number | undefined): Tri => {
    if (port !== undefined) return ranges.some(([lo, hi]) => port >= lo && port <= hi);
    const covered = ranges.filter(([lo, hi]) => hi >= EPHEMERAL[0] && lo <= EPHEMERAL[1]);
    if (covered.length === 0) return false;
    return covered.some(([lo, hi]) => lo <= EPHEMERAL[0] && hi >= EPHEMERAL[1]) ? true : name;
  };
  return (p) => {
    const results = pick(p).map(one);
    const any: Tri = results.includes(true) ? true : (results.find((r) => typeof r === 'string') ?? false);
    return flip(neg, any);
  };
}

function addressMatcher(value: string, pick: (p: Packet) => number): Matcher {
  const [neg, body] = negated(value);
  const range = parseIpv4Range(body);
  return (p) => (range ? rangeContains(range, pick(p)) !== neg : false);
}

function listMatcher(value: string, pick: (p: Packet) => number, src: boolean): Matcher {
  const [neg, list] = negated(value);
  return (p, c) => {
    const entries = c.lists.get(list);
    const ip = pick(p);
    const member = (src && c.added.has(list)) || (entries !== undefined && (entries.permanent.some((r) => rangeContains(r, ip)) || (!c.expired && entries.timed.some((r) => rangeContains(r, ip)))));
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
    const flags = p.state === 'new' ? ['syn'] : ['ack'];
    return wanted.every(([neg, flag]) => flags.includes(flag) !== neg);
  };
}

/** Builds the matcher for one property, or `undefined` when the property is not one this evaluation models. */
function matcherFor(key: string, value: string, snap: Snapshot): Matcher | undefined {
  const iface = (name: string) => snap.canon(name);
  switch (key) {
    case 'protocol': {
      const [neg, body] = negated(value);
      return () => (body === 'tcp' || body === '6') !== neg;
    }
    case 'src-address': return addressMatcher(value, (p) => p.srcIp);
    case 'dst-address': return addressMatcher(value, (p) => p.dstIp);
    case 'src-address-list': return listMatcher(value, (p) => p.srcIp, true);
    case 'dst-address-list': return listMatcher(value, (p) => p.dstIp, false);
    case 'dst-port': return portMatcher(key, value, (p) => [p.dstPort]);
    case 'src-port': return portMatcher(key, value, (p) => [p.srcPort]);
    case 'port': return portMatcher(key, value, (p) => [p.srcPort, p.dstPort]);
    case 'connection-state': return setMatcher(value, (p) => [p.state]);
    case 'connection-nat-state': return setMatcher(value, () => []);
    case 'src-address-type': return setMatcher(value, () => ['unicast']);
    case 'dst-address-type': return setMatcher(value, () => ['local']);
    case 'tcp-flags': return tcpFlagsMatcher(value);
    case 'in-interface': {
      const [neg, name] = negated(value);
      const target = iface(name);
      return (p) => (p.inInterface === target) !== neg;
    }
    case 'in-interface-list': {
      const [neg, list] = negated(value);
      return (p, c) => (c.snap.interfaceLists.get(list)?.has(p.inInterface) ?? false) !== neg;
    }
    case 'in-bridge-port': {
      const [neg, name] = negated(value);
      const target = iface(name);
      return (p) => (p.inBridgePort === target) !== neg;
    }
    case 'in-bridge-port-list': {
      const [neg, list] = negated(value);
      return (p, c) => (p.inBridgePort !== undefined && (c.snap.interfaceLists.get(list)?.has(p.inBridgePort) ?? false)) !== neg;
    }
    // Packets to the device itself have no output interface or bridge port.
    case 'out-interface': case 'out-interface-list': case 'out-bridge-port': case 'out-bridge-port-list':
      return () => value.startsWith('!');
    case 'src-mac-address': {
      const [neg, mac] = negated(value.toUpperCase());
      return (p) => (p.srcMac === undefined ? key : (p.srcMac === mac) !== neg);
    }
    default:
      return undefined;
  }
}

/** Compiles one firewall row; properties this evaluation does not model become matchers whose answer is unknown. */
export function compileRule(row: Row, position: number, snap: Snapshot): CompiledRule {
  const matchers: Matcher[] = [];
  const unknown: string[] = [];
  for (const [key, value] of Object.entries(row)) {
    if (key.startsWith('.') || NOT_MATCHERS.has(key) || value === '') continue;
    const m = matcherFor(key, value, snap);
    if (m) matchers.push(m);
    else unknown.push(key);
  }
  // Unknown constructs go last so that a known matcher which excludes the packet makes the rule irrelevant.
  for (const key of unknown) matchers.push(() => key);
  return { id: row['.id'] ?? '', position, chain: row['chain'] ?? '', action: row['action'] || 'accept', jumpTarget: row['jump-target'] ?? '', addressList: row['address-list'] ?? '', matchers };
}

/** Whether a rule matches: `false` as soon as one matcher excludes the packet, else the first unknown, else `true`. */
export function ruleMatches(rule: CompiledRule, p: Packet, c: MatchContext): Tri {
  let unknown: string | undefined;
  for (const m of rule.matchers) {
    const r = m(p, c);
    if (r === false) return false;
    if (typeof r === 'string') unknown ??= r;
  }
  return unknown ?? true;
}

/** A firewall table's enabled rules by chain, in order, each with its position in the whole table. */
export function compileTable(rows: readonly Row[], snap: Snapshot): Map<string, CompiledRule[]> {
  const chains = new Map<string, CompiledRule[]>();
  rows.forEach((row, position) => {
    if (isTrue(row['disabled']) || isTrue(row['invalid'])) return;
    const rule = compileRule(row, position, snap);
    const list = chains.get(rule.chain) ?? [];
    list.push(rule);
    chains.set(rule.chain, list);
  });
  return chains;
}
