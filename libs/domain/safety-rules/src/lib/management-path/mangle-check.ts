import type { Row } from '@routeros-mcp/domain-changes';
import { Check, CheckResult, cut, ok } from './check';
import { Endpoint, ServiceTarget } from './endpoint';
import { CompiledRule, compileTable, MatchContext, Packet, ruleMatches } from './firewall-rule';
import { RouteChoice, routeFor, routeInTable } from './routes';
import { rowsOf, Snapshot } from './snapshot';

/** The marks a mangle rule may match on, judged here against the marks the walk has given the packet. */
const MARK_MATCHERS = ['connection-mark', 'routing-mark', 'packet-mark'] as const;
type Marks = Partial<Record<(typeof MARK_MATCHERS)[number], string>>;
const NEW_MARK: Record<string, keyof Marks> = { 'mark-connection': 'connection-mark', 'mark-routing': 'routing-mark', 'mark-packet': 'packet-mark' };

const compiled = new WeakMap<Snapshot, Map<string, CompiledRule[]>>();

/** The mangle table by chain, its rules compiled without their mark matchers (those are judged by `marksMatch`). */
function mangleOf(snap: Snapshot): Map<string, CompiledRule[]> {
  let table = compiled.get(snap);
  if (!table) {
    const rows = rowsOf(snap.rows, 'ip/firewall/mangle').map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !(MARK_MATCHERS as readonly string[]).includes(k) && !k.startsWith('new-'))) as Row);
    table = compileTable(rows);
    compiled.set(snap, table);
  }
  return table;
}

function marksMatch(row: Row, marks: Marks): boolean {
  return MARK_MATCHERS.every((key) => {
    const value = row[key];
    if (!value) return true;
    const [neg, want] = value.startsWith('!') ? [true, value.slice(1)] : [false, value];
    return ((marks[key] ?? 'no-mark') === want) !== neg;
  });
}

/** Walks a mangle chain, marking `marks` as the rules say; the construct that makes the answer unknown, if any. */
function walk(snap: Snapshot, chain: string, packet: Packet, marks: Marks, ctx: MatchContext): string | undefined {
  const originals = rowsOf(snap.rows, 'ip/firewall/mangle');
  for (const rule of mangleOf(snap).get(chain) ?? []) {
    const row = originals[rule.position];
    if (!marksMatch(row, marks)) continue;
    const matched = ruleMatches(rule, packet, ctx);
    if (matched === false) continue;
    const mark = NEW_MARK[rule.action];
    if (matched !== true) return mark || rule.action === 'jump' ? `mangle rule ${rule.position} (${rule.id || 'new'}) matches on ${matched}` : undefined;
    if (rule.action === 'jump') return `mangle rule ${rule.position} (${rule.id || 'new'}) jumps to ${rule.jumpTarget}`;
    if (rule.action === 'accept' || rule.action === 'return') return undefined;
    if (mark) {
      marks[mark] = row[`new-${mark}`] ?? '';
      if (row['passthrough'] === 'no' || row['passthrough'] === 'false') return undefined;
    }
  }
  return undefined;
}

/**
 * The route the device's replies to the service take once mangle has marked them: a connection mark given to the
 * client's packets (prerouting, input) follows its connection, and the output chain may turn it, or anything it
 * matches, into a routing mark; the mark's table is looked up first, and without a route for the client there the
 * lookup falls through to the rules and main (RouterOS 7's marks are policy rules, as Linux's fwmark ones).
 */
function replyRoute(snap: Snapshot, ep: Endpoint, target: ServiceTarget): { route: RouteChoice; mark?: string } | { unknown: string } {
  const ctx: MatchContext = { snap, lists: new Map(), expired: false, added: new Set() };
  const ingress = snap.canon(ep.ingress);
  const request: Packet = { srcIp: ep.clientIp, dstIp: ep.deviceIp, dstPort: target.port, inInterface: ingress, srcMac: ep.mac, srcType: 'unicast', dstType: 'local', flags: ['syn'], state: 'new' };
  const marks: Marks = {};
  const unknown = walk(snap, 'prerouting', request, marks, ctx) ?? walk(snap, 'input', request, marks, ctx);
  if (unknown) return { unknown };
  const replyMarks: Marks = { 'connection-mark': marks['connection-mark'] };
  const reply: Packet = { srcIp: ep.deviceIp, dstIp: ep.clientIp, srcPort: target.port, outInterface: ingress, srcMac: '', srcType: 'local', dstType: 'unicast', flags: ['syn', 'ack'], state: 'established' };
  const later = walk(snap, 'output', reply, replyMarks, ctx);
  if (later) return { unknown: later };
  const mark = replyMarks['routing-mark'];
  if (!mark || mark === 'main' || mark === 'no-mark') return { route: routeFor(snap, ep.deviceIp, ep.clientIp) };
  const marked = routeInTable(snap, ep.clientIp, mark);
  if (marked.kind === 'none' && marked.reason.startsWith('no route in table')) return { route: routeFor(snap, ep.deviceIp, ep.clientIp), mark };
  return { route: marked, mark };
}

/** The service's replies, routed as mangle marks them, leave through the interface its packets arrive on. */
export function mangleRouteCheck(target: ServiceTarget): Check {
  return {
    name: `mangle-route:${target.name}`,
    run(snap, ep): CheckResult {
      if (!(mangleOf(snap).size > 0)) return ok;
      const reply = replyRoute(snap, ep, target);
      if ('unknown' in reply) return { ok: false, unknown: true, message: `${reply.unknown}, which this evaluation does not model, and could route the replies to ${ep.client}`, details: { service: target.name } };
      const ingress = snap.canon(ep.ingress);
      const how = reply.mark ? ` (routing mark ${reply.mark})` : '';
      if (reply.route.kind === 'none') return cut(`the replies of tcp/${target.port} to ${ep.client}${how} would find no route back (${reply.route.reason})`, { service: target.name, mark: reply.mark });
      if (reply.route.egress !== ingress) return cut(`the replies of tcp/${target.port} to ${ep.client}${how} would leave through ${reply.route.egress} (${reply.route.route}) instead of ${ingress}`, { service: target.name, mark: reply.mark });
      return ok;
    },
  };
}
