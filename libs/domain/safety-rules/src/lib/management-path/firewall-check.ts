import { Check, CheckResult, ok } from './check';
import { Endpoint, ServiceTarget } from './endpoint';
import { CompiledRule, compileTable, MatchContext, Packet } from './firewall-rule';
import { walkTable, WalkOutcome } from './firewall-walk';
import { bridgeUnder } from './interface-graph';
import { Ipv4Span, parseIpv4Range } from './ip-range';
import { rowsOf, Snapshot } from './snapshot';

interface Tables {
  filter: Map<string, CompiledRule[]>;
  raw: Map<string, CompiledRule[]>;
  nat: Map<string, CompiledRule[]>;
  lists: MatchContext['lists'];
  timed: boolean;
}

const compiled = new WeakMap<Snapshot, Tables>();

/** Compiles a state's firewall once, however many packets are walked through it. */
function tablesOf(snap: Snapshot): Tables {
  let tables = compiled.get(snap);
  if (tables) return tables;
  const lists: MatchContext['lists'] = new Map();
  for (const e of snap.addressLists) {
    const range: Ipv4Span | undefined = parseIpv4Range(e.address);
    if (!range) continue; // DNS-name entries: RouterOS adds their resolved addresses as entries of their own
    const entry = lists.get(e.list) ?? { permanent: [], timed: [], seen: new Map() };
    (e.timed ? entry.timed : entry.permanent).push(range);
    lists.set(e.list, entry);
  }
  tables = {
    filter: compileTable(rowsOf(snap.rows, 'ip/firewall/filter')),
    raw: compileTable(rowsOf(snap.rows, 'ip/firewall/raw')),
    nat: compileTable(rowsOf(snap.rows, 'ip/firewall/nat')),
    lists,
    timed: snap.addressLists.some((e) => e.timed),
  };
  compiled.set(snap, tables);
  return tables;
}

type State = 'established' | 'new';

/**
 * The client's bridge port as the IP firewall sees it. The Bridge manual: `use-ip-firewall` sends *bridged* traffic
 * through the IP firewall (prerouting, forward, postrouting), not routed traffic; the service's packets are addressed to
 * the device, so they meet raw prerouting and input whatever the setting, never forward. What it changes for them is
 * the Filter manual's "`in-bridge-port` works only if use-ip-firewall is enabled": without it the port is unknown
 * there (`in-bridge-port=X` never matches, `!X` always does), and VLAN traffic (a VLAN-filtering bridge, or an address
 * on a VLAN over the bridge) needs `use-ip-firewall-for-vlan` too. The simulator judges it the same way.
 */
function seenBridgePort(snap: Snapshot, ep: Endpoint): string | undefined {
  if (!ep.bridgePort || !snap.bridgeFirewall.useIpFirewall) return undefined;
  const under = bridgeUnder(snap, snap.canon(ep.ingress));
  if (!under) return undefined;
  const vlan = under.vlanId !== undefined || snap.bridges.get(under.bridge)?.vlanFiltering === true;
  return vlan && !snap.bridgeFirewall.forVlan ? undefined : snap.canon(ep.bridgePort);
}

/** Destination NAT that sends a new connection elsewhere: it never reaches the device's service. */
const NAT_CUTS: ReadonlySet<string> = new Set(['dst-nat', 'redirect', 'netmap']);

/**
 * The raw prerouting, nat dstnat (a fresh connection only: an open one keeps its NAT) and filter input chains for one
 * of the service's connections, as it stands or as a fresh one.
 */
export function firewallCheck(target: ServiceTarget, state: State, expired: boolean): Check {
  return {
    name: `firewall:${target.name}:${state}${expired ? ':timed-entries-expired' : ''}`,
    run(snap, ep) {
      const t = tablesOf(snap);
      if (expired && !t.timed) return ok;
      const packet: Packet = {
        srcIp: ep.clientIp, dstIp: ep.deviceIp, dstPort: target.port, srcPort: state === 'established' ? target.srcPort : undefined,
        inInterface: snap.canon(ep.ingress), inBridgePort: seenBridgePort(snap, ep), srcMac: ep.mac,
        srcType: 'unicast', dstType: 'local', flags: state === 'new' ? ['syn'] : ['ack'], state,
      };
      // The device's answer: conntrack sees even the SYN-ACK to a new connection as established.
      const reply: Packet = {
        srcIp: ep.deviceIp, dstIp: ep.clientIp, srcPort: target.port, dstPort: packet.srcPort,
        outInterface: packet.inInterface, outBridgePort: packet.inBridgePort, srcMac: '',
        srcType: 'local', dstType: 'unicast', flags: state === 'new' ? ['syn', 'ack'] : ['ack'], state: 'established',
      };
      const ctx = (): MatchContext => ({ snap, lists: t.lists, expired, added: new Set() });
      const raw = walkTable(t.raw, 'prerouting', packet, ctx());
      if (raw.kind !== 'accept') return describe(raw, 'raw', target, ep, state, expired);
      const nat = state === 'new' ? walkTable(t.nat, 'dstnat', packet, ctx(), NAT_CUTS) : undefined;
      if (nat && nat.kind !== 'accept') return describe(nat, 'nat', target, ep, state, expired);
      const filter = walkTable(t.filter, 'input', raw.notrack ? { ...packet, state: 'untracked' } : packet, ctx());
      if (filter.kind !== 'accept') return describe(filter, 'filter', target, ep, state, expired);
      const output = walkTable(t.filter, 'output', reply, ctx());
      if (output.kind !== 'accept') return describe(output, 'filter', target, ep, state, expired, true);
      return { ok: true, facts: { accept_position: filter.rule?.position, accept_id: filter.rule?.id } };
    },
  };
}

function describe(outcome: Exclude<WalkOutcome, { kind: 'accept' }>, table: 'raw' | 'nat' | 'filter', target: ServiceTarget, ep: Endpoint, state: State, expired: boolean, reply = false): CheckResult {
  const { rule } = outcome;
  const what = reply ? `the replies of tcp/${target.port} to ${ep.client}` : `tcp/${target.port} from ${ep.client}`;
  const where = `in the ${rule.chain} chain${table === 'filter' ? '' : ` of the ${table} table`}`;
  const when = `${state === 'new' ? ' (new connections)' : ''}${expired ? ' once the timed address-list entries expire' : ''}`;
  const label = `rule ${rule.position} (${rule.id || 'new'})`;
  const identity = `${table}:${reply ? 'reply:' : ''}${rule.id || rule.position}:${outcome.kind === 'unknown' ? outcome.construct : rule.action}:${state}:${expired}`;
  const details = { table, chain: rule.chain, rule_id: rule.id, rule_position: rule.position, service: target.name, connection: state, direction: reply ? 'reply' : 'request' };
  if (outcome.kind === 'unknown') {
    return { ok: false, unknown: true, message: `${label} uses ${outcome.construct}, which this evaluation does not model, and could decide ${what} ${where}`, suffix: when, identity, details: { ...details, construct: outcome.construct, accept_id: outcome.accept?.id } };
  }
  return { ok: false, message: `${label} would ${rule.action} ${what} ${where}`, suffix: when, identity, details };
}
