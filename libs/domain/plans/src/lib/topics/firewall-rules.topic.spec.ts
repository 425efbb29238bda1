import { applyOperations, LiveRows, Row } from '@routeros-mcp/domain-changes';
import { firewallRulesTopic, planTopic } from '../../index';

const FILTER = 'ip/firewall/filter';
const NAT = 'ip/firewall/nat';
const rule = (id: string, props: Record<string, string>): Row => ({ '.id': id, disabled: 'false', log: 'false', 'log-prefix': '', bytes: '10', packets: '1', dynamic: 'false', ...props });
const live: LiveRows = {
  [FILTER]: [
    rule('*1', { chain: 'input', action: 'accept', 'connection-state': 'established,related', comment: 'defconf: accept established' }),
    rule('*2', { chain: 'forward', action: 'fasttrack-connection', comment: 'defconf: fasttrack' }),
    rule('*3', { chain: 'input', action: 'drop', 'in-interface-list': '!LAN', comment: 'defconf: drop all not coming from LAN' }),
  ],
  [NAT]: [rule('*1', { chain: 'srcnat', action: 'masquerade', 'out-interface-list': 'WAN', comment: 'defconf: masquerade' })],
};
const change = {
  rules: [
    { key: 'admins', chain: 'input', action: 'accept', 'src-address-list': 'mcp-admins', placement: 'top' },
    { key: 'ssh-drop', chain: 'input', action: 'drop', protocol: 'tcp', 'dst-port': 22, placement: 'top', note: 'no ssh from outside' },
    { key: 'web', table: 'nat', chain: 'dstnat', action: 'dst-nat', protocol: 'tcp', 'dst-port': '8080', 'to-addresses': '192.168.88.10', 'to-ports': '80' },
  ],
};
/** The rows of a table after the proposal's operations, with the ids the device would give (placeholders). */
const afterOf = (state: LiveRows, input = firewallRulesTopic.parse(change)) => {
  const outcome = firewallRulesTopic.planner.propose(state, input);
  return outcome.kind === 'change' ? { outcome, state: applyOperations(state, outcome.proposal.operations) } : { outcome, state };
};
const comments = (state: LiveRows, menu: string) => state[menu].map((r) => r['comment']);

describe('firewall_rules topic', () => {
  it('adds tagged rules at the top of their chain in the given order, NAT too', () => {
    const { outcome, state } = afterOf(live);
    if (outcome.kind !== 'change') throw new Error('expected a change');
    expect(outcome.proposal.operations).toEqual([
      { kind: 'add', menu: FILTER, props: { chain: 'input', action: 'accept', 'src-address-list': 'mcp-admins', comment: 'mcp:admins' }, placeBefore: '*1' },
      { kind: 'add', menu: FILTER, props: { chain: 'input', action: 'drop', protocol: 'tcp', 'dst-port': '22', comment: 'mcp:ssh-drop no ssh from outside' }, placeBefore: '*1' },
      { kind: 'add', menu: NAT, props: { chain: 'dstnat', action: 'dst-nat', protocol: 'tcp', 'dst-port': '8080', 'to-addresses': '192.168.88.10', 'to-ports': '80', comment: 'mcp:web' }, placeBefore: undefined },
    ].map((op) => (op.placeBefore === undefined ? { kind: op.kind, menu: op.menu, props: op.props } : op)));
    expect(comments(state, FILTER)).toEqual(['mcp:admins', 'mcp:ssh-drop no ssh from outside', 'defconf: accept established', 'defconf: fasttrack', 'defconf: drop all not coming from LAN']);
    expect(outcome.proposal.risk).toBe('high');
    // Applied state, as the device reports it (with its own ids and counters): nothing left to do.
    expect(afterOf(state).outcome.kind).toBe('no_change');
  });

  it('puts a bottom block after the chain\'s last rule and keeps it there', () => {
    const input = firewallRulesTopic.parse({ rules: [{ key: 'log-rest', chain: 'input', action: 'log', placement: 'bottom' }, { key: 'fwd-end', chain: 'forward', action: 'drop', placement: 'bottom' }] });
    const { state } = afterOf(live, input);
    expect(comments(state, FILTER)).toEqual(['defconf: accept established', 'defconf: fasttrack', 'mcp:fwd-end', 'defconf: drop all not coming from LAN', 'mcp:log-rest']);
    expect(afterOf(state, input).outcome.kind).toBe('no_change');
  });

  it('modifies in place, restores the asked order by taking out and re-adding, and removes by key', () => {
    const { state } = afterOf(live);
    // Someone changed one rule by hand and moved it up; the plan asks for a third rule between them and drops NAT web.
    const drifted: LiveRows = { ...state, [FILTER]: state[FILTER].map((r) => (String(r['comment']).startsWith('mcp:ssh-drop') ? { ...r, 'dst-port': '23', log: 'true' } : r)) };
    const moved = { ...drifted, [FILTER]: [drifted[FILTER][1], drifted[FILTER][0], ...drifted[FILTER].slice(2)] };
    const input = firewallRulesTopic.parse({
      rules: [change.rules[0], { key: 'icmp', chain: 'input', action: 'accept', protocol: 'icmp' }, change.rules[1]],
      remove: [{ key: 'web', table: 'nat' }],
    });
    const { outcome, state: fixed } = afterOf(moved, input);
    if (outcome.kind !== 'change') throw new Error('expected a change');
    expect(outcome.proposal.operations.map((o) => o.kind)).toEqual(['remove', 'remove', 'set', 'add', 'add']);
    const set = outcome.proposal.operations.find((o) => o.kind === 'set');
    expect(set).toMatchObject({ props: { 'dst-port': '22' }, unset: ['log'] });
    expect(comments(fixed, FILTER).slice(0, 3)).toEqual(['mcp:admins', 'mcp:icmp', 'mcp:ssh-drop no ssh from outside']);
    expect(fixed[NAT].map((r) => r['comment'])).toEqual(['defconf: masquerade']);
    expect(afterOf(fixed, input).outcome.kind).toBe('no_change');
  });

  it('never touches untagged rules or other keys, and refuses two rows with one tag', () => {
    const input = firewallRulesTopic.parse({ rules: [change.rules[0]] });
    const { state } = afterOf(live, input);
    expect(state[FILTER].filter((r) => !String(r['comment']).startsWith('mcp:'))).toEqual(live[FILTER]);
    const twice = { ...state, [FILTER]: [...state[FILTER], { ...state[FILTER][0], '.id': '*9' }] };
    expect(() => firewallRulesTopic.planner.propose(twice, input)).toThrow(/two rows tagged mcp:admins/);
  });

  it('refuses malformed changes field by field', () => {
    expect(() => firewallRulesTopic.parse({})).toThrow('rules');
    expect(() => firewallRulesTopic.parse({ rules: [{ key: 'a b', chain: 'input', action: 'accept' }] })).toThrow('rules.0.key');
    expect(() => firewallRulesTopic.parse({ rules: [{ key: 'a', chain: 'input', action: 'masquerade' }] })).toThrow('rules.0.action');
    expect(() => firewallRulesTopic.parse({ rules: [{ key: 'a', chain: 'input', action: 'accept', 'dst-port': '22' }] })).toThrow('rules.0.dst-port');
    expect(() => firewallRulesTopic.parse({ rules: [{ key: 'a', chain: 'input', action: 'accept', comment: 'x' }] })).toThrow('rules.0.comment');
    expect(() => firewallRulesTopic.parse({ rules: [{ key: 'a', table: 'nat', chain: 'dstnat', action: 'dst-nat' }] })).toThrow('rules.0.to-addresses');
    expect(() => firewallRulesTopic.parse({ rules: [{ key: 'a', chain: 'input', action: 'accept' }, { key: 'a', chain: 'forward', action: 'drop' }] })).toThrow('rules.1');
    expect(() => firewallRulesTopic.parse({ rules: Array.from({ length: 51 }, (_, i) => ({ key: `k${i}`, chain: 'input', action: 'accept' })) })).toThrow('at most 50');
    expect(() => firewallRulesTopic.parse({ rules: [change.rules[0]], remove: [{ key: 'admins' }] })).toThrow('both kept and removed');
    expect(planTopic('firewall_rules')).toBe(firewallRulesTopic);
    expect(firewallRulesTopic.requiresFlag).toBe('allow_firewall_writes');
  });
});
