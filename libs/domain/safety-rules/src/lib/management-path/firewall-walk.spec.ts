import type { Row } from '@routeros-mcp/domain-changes';
import { compileTable, MatchContext, Packet } from './firewall-rule';
import { walkTable } from './firewall-walk';
import { parseIpv4Range } from './ip-range';
import { parseSnapshot } from './snapshot';

const snap = parseSnapshot({
  interface: [{ name: 'bridge', type: 'bridge' }, { name: 'ether1', type: 'ether' }, { name: 'ether2', type: 'ether' }],
  'interface/list': [{ name: 'LAN', include: '', exclude: '' }, { name: 'ALL-BUT-WAN', include: 'all', exclude: 'WAN' }, { name: 'WAN' }],
  'interface/list/member': [{ list: 'LAN', interface: 'bridge', disabled: 'false' }, { list: 'WAN', interface: 'ether1', disabled: 'false' }, { list: 'PORTS', interface: 'ether2', disabled: 'false' }],
});
const packet = (over: Partial<Packet> = {}): Packet => ({
  srcIp: parseIpv4Range('10.0.0.5')!.lo, dstIp: parseIpv4Range('10.0.0.1')!.lo, srcPort: 50000, dstPort: 443, inInterface: 'bridge', inBridgePort: 'ether2', srcMac: 'AA:BB:CC:00:00:05', srcType: 'unicast', dstType: 'local', flags: ['ack'], state: 'established', ...over,
});
const lists: MatchContext['lists'] = new Map([['ops', { permanent: [parseIpv4Range('10.0.0.0/28')!], timed: [], seen: new Map() }], ['temp', { permanent: [], timed: [parseIpv4Range('10.0.0.5')!], seen: new Map() }]]);
const ctx = (expired = false): MatchContext => ({ snap, lists, expired, added: new Set() });

function walk(rows: Row[], p = packet(), expired = false, chain = 'input') {
  const table = rows.map((r, i) => ({ '.id': `*${i}`, ...r }));
  const outcome = walkTable(compileTable(table), chain, p, ctx(expired));
  return outcome.kind === 'accept' ? `accept ${outcome.rule?.id ?? 'policy'}` : `${outcome.kind} ${outcome.rule.id}${outcome.kind === 'unknown' ? ` ${outcome.construct}` : ''}`;
}

const input = (action: string, props: Row = {}): Row => ({ chain: 'input', action, ...props });

describe('walkTable', () => {
  it.each<[string, Row[], string]>([
    ['falls off the chain to the accepting policy', [input('drop', { 'src-address': '192.0.2.1' })], 'accept policy'],
    ['skips disabled rules', [input('drop', { disabled: 'true' })], 'accept policy'],
    ['skips invalid rules', [input('drop', { invalid: 'true' })], 'accept policy'],
    ['ignores other chains', [{ chain: 'forward', action: 'drop' }], 'accept policy'],
    ['takes the first terminal rule', [input('accept', { protocol: 'tcp' }), input('drop')], 'accept *0'],
    ['continues past log and passthrough', [input('log'), input('passthrough'), input('drop')], 'cut *2'],
    ['comes back from a sub-chain on return', [input('jump', { 'jump-target': 'x' }), { chain: 'x', action: 'return' }, { chain: 'x', action: 'drop' }, input('accept')], 'accept *3'],
    ['treats return in the base chain as its end', [input('return'), input('drop')], 'accept policy'],
    ['survives a jump loop', [input('jump', { 'jump-target': 'x' }), { chain: 'x', action: 'jump', 'jump-target': 'input' }], 'accept policy'],
    ['negates an address', [input('drop', { 'src-address': '!10.0.0.5' })], 'accept policy'],
    ['matches a range', [input('drop', { 'src-address': '10.0.0.1-10.0.0.9' })], 'cut *0'],
    ['matches a permanent list entry', [input('drop', { 'src-address-list': 'ops' })], 'cut *0'],
    ['negates a list', [input('drop', { 'src-address-list': '!ops' })], 'accept policy'],
    ['matches a timed entry now', [input('drop', { 'src-address-list': 'temp' })], 'cut *0'],
    ['drops a timed entry once it expires', [input('accept', { 'src-address-list': 'temp' }), input('drop')], 'cut *1'],
    ['knows the destination is a local address', [input('drop', { 'dst-address-type': 'local' })], 'cut *0'],
    ['knows the source is unicast', [input('drop', { 'src-address-type': '!unicast' })], 'accept policy'],
    ['never matches an output interface in input', [input('drop', { 'out-interface': 'ether1' })], 'accept policy'],
    ['matches a negated output interface in input', [input('drop', { 'out-interface': '!ether1' })], 'cut *0'],
    ['knows the built-in static list', [input('drop', { 'in-interface-list': 'static' })], 'cut *0'],
    ['knows the built-in dynamic list', [input('drop', { 'in-interface-list': 'dynamic' })], 'accept policy'],
    ['knows the built-in none list', [input('drop', { 'in-interface-list': '!none' })], 'cut *0'],
    ['resolves include/exclude of interface lists', [input('drop', { 'in-interface-list': 'ALL-BUT-WAN' })], 'cut *0'],
    ['matches the bridge port', [input('drop', { 'in-bridge-port': 'ether2' })], 'cut *0'],
    ['matches a bridge-port list', [input('drop', { 'in-bridge-port-list': 'PORTS' })], 'cut *0'],
    ['matches the source MAC', [input('drop', { 'src-mac-address': 'aa:bb:cc:00:00:05' })], 'cut *0'],
    ['skips another source MAC', [input('drop', { 'src-mac-address': 'AA:BB:CC:00:00:06' })], 'accept policy'],
    ['knows an established packet carries ACK', [input('drop', { protocol: 'tcp', 'tcp-flags': 'syn,!ack' })], 'accept policy'],
    ['knows a connection is not NATed', [input('drop', { 'connection-nat-state': 'dstnat' })], 'accept policy'],
    ['matches either port with port=', [input('drop', { port: '50000' })], 'cut *0'],
    ['negates a port list', [input('drop', { protocol: 'tcp', 'dst-port': '!22,443' })], 'accept policy'],
    ['ignores an unknown construct when a known matcher excludes', [input('drop', { 'layer7-protocol': 'x', protocol: 'udp' })], 'accept policy'],
    ['reports an unknown drop', [input('drop', { 'layer7-protocol': 'x' })], 'unknown *0 layer7-protocol'],
    ['does not care about an unknown accept when the rest accepts anyway', [input('accept', { content: 'GET' })], 'accept policy'],
    ['reports an unknown accept that a later drop depends on', [input('accept', { content: 'GET' }), input('drop')], 'unknown *0 content'],
    ['reports an unknown action', [input('mark-connection')], 'unknown *0 action=mark-connection'],
    ['calls a definite drop after an unknown drop a cut', [input('drop', { 'layer7-protocol': 'x' }), input('drop', { protocol: 'tcp' })], 'cut *1'],
    ['lets an accept after an unknown drop depend on it', [input('drop', { 'layer7-protocol': 'x' }), input('accept'), input('drop')], 'unknown *0 layer7-protocol'],
    ['lets an unknown jump into an accepting chain depend on it', [input('jump', { 'jump-target': 'x', 'tls-host': 'a' }), { chain: 'x', action: 'accept' }, input('drop')], 'unknown *0 tls-host'],
    ['ignores an unknown jump into a chain that decides nothing', [input('jump', { 'jump-target': 'x', 'tls-host': 'a' }), { chain: 'x', action: 'log' }], 'accept policy'],
    ['follows add-src-to-address-list within the walk', [input('add-src-to-address-list', { 'address-list': 'seen' }), input('drop', { 'src-address-list': 'seen' })], 'cut *1'],
  ])('%s', (_name, rows, expected) => {
    expect(walk(rows, packet(), _name.includes('expires'))).toBe(expected);
  });

  it('treats a fresh connection\'s source port as any ephemeral port', () => {
    const p = packet({ srcPort: undefined, state: 'new', flags: ['syn'] });
    expect(walk([input('drop', { 'src-port': '1024-65535' })], p)).toBe('cut *0');
    expect(walk([input('drop', { 'src-port': '1-1023' })], p)).toBe('accept policy');
    expect(walk([input('drop', { 'src-port': '40000-50000' })], p)).toBe('unknown *0 src-port');
    expect(walk([input('drop', { protocol: 'tcp', 'tcp-flags': 'syn' })], p)).toBe('cut *0');
  });

  it('lets a raw notrack end the raw walk', () => {
    expect(walk([{ chain: 'prerouting', action: 'notrack' }, { chain: 'prerouting', action: 'drop' }], packet(), false, 'prerouting')).toBe('accept *0');
  });
});
