import { applyOperations, LiveRows } from '@routeros-mcp/domain-changes';
import { bridgeTopic, planTopic } from '../../index';

const port = (id: string, iface: string, extra: Record<string, string> = {}) => ({ '.id': id, bridge: 'bridge', interface: iface, pvid: '1', 'frame-types': 'admit-all', 'ingress-filtering': 'false', hw: 'true', disabled: 'false', comment: 'defconf', status: 'in-bridge', ...extra });
const live: LiveRows = {
  interface: ['ether1', 'ether2', 'ether3', 'ether4', 'ether5', 'bridge', 'br-lab'].map((name, i) => ({ '.id': `*${i + 1}`, name })),
  'interface/bridge': [{ '.id': '*6', name: 'bridge', 'vlan-filtering': 'false' }, { '.id': '*7', name: 'br-lab' }],
  'interface/bridge/port': [port('*10', 'ether2'), port('*11', 'ether3'), port('*12', 'ether4'), port('*13', 'ether5', { bridge: 'br-lab' })],
  'interface/bridge/vlan': [{ '.id': '*20', bridge: 'bridge', 'vlan-ids': '10', tagged: 'ether3,bridge', untagged: '', 'current-tagged': 'bridge,ether3' }],
};
const change = {
  bridge: 'bridge',
  ports: [{ interface: 'ether3', pvid: 20, 'frame-types': 'admit-only-untagged-and-priority-tagged', comment: 'defconf' }, { interface: 'ether1', comment: 'uplink' }],
  vlans: [{ 'vlan-ids': 10, tagged: ['bridge', 'ether3'] }, { 'vlan-ids': [20], tagged: ['bridge'], untagged: ['ether3'] }],
  remove: { ports: ['ether4'] },
};
const propose = (state: LiveRows, c: Record<string, unknown>) => bridgeTopic.planner.propose(state, bridgeTopic.parse(c));

describe('bridge topic', () => {
  it('holds ports (PVID, frame types) and VLAN rows (members as sets) on one bridge, removes what is listed', () => {
    const outcome = propose(live, change);
    if (outcome.kind !== 'change') throw new Error('expected a change');
    expect(outcome.proposal.operations).toEqual([
      { kind: 'remove', menu: 'interface/bridge/port', id: '*12' },
      { kind: 'set', menu: 'interface/bridge/port', id: '*11', props: { pvid: '20', 'frame-types': 'admit-only-untagged-and-priority-tagged' } },
      { kind: 'add', menu: 'interface/bridge/port', props: { bridge: 'bridge', interface: 'ether1', comment: 'uplink' } },
      { kind: 'add', menu: 'interface/bridge/vlan', props: { bridge: 'bridge', 'vlan-ids': '20', tagged: 'bridge', untagged: 'ether3' } },
    ]);
    expect(outcome.proposal.risk).toBe('high');
    expect(propose(applyOperations(live, outcome.proposal.operations), change).kind).toBe('no_change');
  });

  it('refuses ports of another bridge, unknown interfaces and members that are not ports', () => {
    expect(() => propose(live, { bridge: 'bridge', ports: [{ interface: 'ether5' }] })).toThrow(/port of bridge br-lab/);
    expect(() => propose(live, { bridge: 'bridge', ports: [{ interface: 'ether9' }] })).toThrow(/ether9/);
    expect(() => propose(live, { bridge: 'bridge', vlans: [{ 'vlan-ids': 30, tagged: ['ether1'] }] })).toThrow(/neither bridge/);
    expect(() => propose(live, { bridge: 'nope', ports: [{ interface: 'ether1' }] })).toThrow(/nope/);
  });

  it('refuses malformed changes field by field', () => {
    expect(() => bridgeTopic.parse({ bridge: 'bridge' })).toThrow('ports');
    expect(() => bridgeTopic.parse({ bridge: 'bridge', ports: [{ interface: 'ether1', pvid: 5000 }] })).toThrow('ports.0.pvid');
    expect(() => bridgeTopic.parse({ bridge: 'bridge', ports: [{ interface: 'ether1', 'frame-types': 'all' }] })).toThrow('ports.0.frame-types');
    expect(() => bridgeTopic.parse({ bridge: 'bridge', vlans: [{ 'vlan-ids': 'x' }] })).toThrow('vlans.0.vlan-ids');
    expect(() => bridgeTopic.parse({ bridge: 'bridge', vlans: [{ 'vlan-ids': 5, tagged: ['a'], untagged: ['a'] }] })).toThrow('also tagged');
    expect(() => bridgeTopic.parse({ bridge: 'bridge', ports: [{ interface: 'ether1' }], remove: { ports: ['ether1'] } })).toThrow('both held and removed');
    expect(planTopic('bridge')).toBe(bridgeTopic);
    expect(bridgeTopic.requiresFlag).toBe('allow_bridge_writes');
  });
});
