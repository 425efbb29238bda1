import { ValidationError } from '@routeros-mcp/domain-kernel';
import type { LiveRows } from '../../row-operation';
import { ChangeNotPermittedError, ChangeOverlapError, ChangePreconditionError, ChangeTargetNotFoundError } from '../errors/planner-errors';
import { FILTER, LIVE, liveFor } from '../testing/live-rows.fixture';
import { filterAddRulePlanner as add, FilterAddRuleInput } from './filter-add-rule.planner';
import { filterMoveRulePlanner as move, FilterMoveRuleInput } from './filter-move-rule.planner';
import { filterRemoveRulePlanner as remove } from './filter-remove-rule.planner';
import { filterUpdateRulePlanner as update, FilterUpdateRuleInput } from './filter-update-rule.planner';
import type { RuleRef } from './filter-rule';

const MENU = 'ip/firewall/filter';
const proposeAdd = (input: FilterAddRuleInput, live: LiveRows = LIVE) => add.propose(liveFor(add.reads(input), live), input);
const proposeUpdate = (input: FilterUpdateRuleInput) => update.propose(liveFor(update.reads(input)), input);
const proposeRemove = (input: RuleRef) => remove.propose(liveFor(remove.reads(input)), input);
const proposeMove = (input: FilterMoveRuleInput) => move.propose(liveFor(move.reads(input)), input);
const ssh = { chain: 'input', action: 'accept', protocol: 'tcp', 'dst-port': '22', 'src-address': '10.100.0.0/16', comment: 'ssh from NOC' } as const;

describe('firewall_add_filter_rule', () => {
  it('adds an input rule before the rule the caller saw, high risk, place-before by .id', () => {
    expect(proposeAdd({ rule: ssh, place_before: { id: '*4', position: 4 } })).toEqual({
      kind: 'change',
      proposal: {
        summary: 'add filter rule "input accept protocol=tcp src-address=10.100.0.0/16 dst-port=22" before *4 (position 4)',
        operations: [{ kind: 'add', menu: MENU, props: { chain: 'input', action: 'accept', protocol: 'tcp', 'dst-port': '22', 'src-address': '10.100.0.0/16', comment: 'ssh from NOC' }, placeBefore: '*4' }],
        touched: [{ menu: MENU, after: { chain: 'input', action: 'accept', protocol: 'tcp', 'dst-port': '22', 'src-address': '10.100.0.0/16', comment: 'ssh from NOC' } }],
        risk: 'high',
      },
    });
  });

  it('appends a forward rule at the end (medium risk), lists joined with commas and booleans as true/false', () => {
    const outcome = proposeAdd({ rule: { chain: 'forward', action: 'drop', 'connection-state': ['new'], 'connection-nat-state': [], 'in-interface-list': '!LAN', log: true, 'log-prefix': '' } });
    expect(outcome.kind === 'change' && outcome.proposal).toMatchObject({
      summary: 'add filter rule "forward drop in-interface-list=!LAN connection-state=new" at the end',
      operations: [{ kind: 'add', menu: MENU, props: { chain: 'forward', action: 'drop', 'connection-state': 'new', 'in-interface-list': '!LAN', log: 'true' } }],
      risk: 'medium',
    });
  });

  it('is no change when the same rule already sits there (comment, defaults and list order aside)', () => {
    const rule = { chain: 'input', action: 'accept', 'connection-state': ['untracked', 'established', 'related'], disabled: false, comment: 'other words' } as const;
    expect(proposeAdd({ rule, place_before: { id: '*2', position: 2 } })).toMatchObject({ kind: 'no_change', reason: 'rule *1 at position 1 already does this', current: [{ menu: MENU, id: '*1' }] });
    expect(proposeAdd({ rule }).kind).toBe('no_change');
  });

  it('is no change when the same request is repeated after it added the rule (the anchor it names has moved down one)', () => {
    const rule = { chain: 'input', action: 'drop', 'connection-state': ['invalid'] } as const;
    expect(proposeAdd({ rule, place_before: { id: '*3', position: 2 } })).toMatchObject({ kind: 'no_change', reason: 'rule *2 at position 2 already does this' });
  });

  it('refuses to add a copy of a rule that sits elsewhere: a move is what was meant', () => {
    expect(() => proposeAdd({ rule: { chain: 'input', action: 'accept', protocol: 'icmp' }, place_before: { id: '*1', position: 1 } })).toThrow(new ChangeOverlapError('an identical rule *3 is at position 3; move it with firewall_move_filter_rule instead', {}));
  });

  it('refuses an anchor that moved, is gone or is dynamic', () => {
    expect(() => proposeAdd({ rule: ssh, place_before: { id: '*4', position: 3 } })).toThrow(new ChangePreconditionError('rule *4 is now at position 4, not 3; list the rules again', {}));
    expect(() => proposeAdd({ rule: ssh, place_before: { id: '*44', position: 4 } })).toThrow(ChangeTargetNotFoundError);
    expect(() => proposeAdd({ rule: ssh, place_before: { id: '*9000001', position: 0 } })).toThrow(ChangeNotPermittedError);
  });

  it.each([
    ['jump without a target', { chain: 'input', action: 'jump' }, 'jump-target: is required for action jump'],
    ['a target without jump', { chain: 'input', action: 'drop', 'jump-target': 'mcp' }, 'jump-target: is only for action jump'],
    ['a jump into its own chain', { chain: 'mcp', action: 'jump', 'jump-target': 'mcp' }, 'a loop'],
    ['reject-with without reject', { chain: 'input', action: 'drop', 'reject-with': 'tcp-reset' }, 'reject-with: is only for action reject'],
    ['a port without a protocol that has ports', { chain: 'input', action: 'drop', protocol: 'icmp', 'dst-port': '22' }, 'dst-port: needs protocol tcp'],
    ['a port out of range', { chain: 'input', action: 'drop', protocol: 'tcp', 'dst-port': '70000' }, "dst-port: '70000' is not a port"],
    ['a bad address', { chain: 'input', action: 'drop', 'src-address': '10.0.0.0/40' }, "src-address: '10.0.0.0/40' is not an IPv4 address"],
  ])('refuses %s', (_label, rule, message) => {
    expect(() => proposeAdd({ rule: rule as FilterAddRuleInput['rule'] })).toThrow(ValidationError);
    expect(() => proposeAdd({ rule: rule as FilterAddRuleInput['rule'] })).toThrow(message);
  });

  it('takes a jump with its target, a negated address and a port range', () => {
    const outcome = proposeAdd({ rule: { chain: 'input', action: 'jump', 'jump-target': 'mcp-guard', protocol: 'udp', 'dst-port': '5000-5100', 'src-address': '!10.0.0.0/8' } });
    expect(outcome.kind).toBe('change');
  });
});

describe('firewall_update_filter_rule', () => {
  it('sets and unsets properties of the rule at the position the caller saw', () => {
    expect(proposeUpdate({ id: '*3', position: 3, set: { protocol: 'tcp', 'dst-port': '443', comment: '' } })).toEqual({
      kind: 'change',
      proposal: {
        summary: 'change rule *3 ("input accept protocol=icmp") at position 3: protocol=tcp dst-port=443 -comment',
        operations: [{ kind: 'set', menu: MENU, id: '*3', props: { protocol: 'tcp', 'dst-port': '443' }, unset: ['comment'] }],
        touched: [{
          menu: MENU, id: '*3',
          before: { chain: 'input', action: 'accept', protocol: 'icmp', log: 'false', 'log-prefix': '', comment: 'defconf: accept ICMP', disabled: 'false' },
          after: { chain: 'input', action: 'accept', protocol: 'tcp', 'dst-port': '443', log: 'false', 'log-prefix': '' , disabled: 'false' },
        }],
        risk: 'high',
      },
    });
  });

  it('is no change when the rule already has the values (booleans in either spelling), or the unset ones are absent', () => {
    expect(proposeUpdate({ id: '*7', position: 7, set: { action: 'drop', disabled: false, 'src-address': '' } })).toMatchObject({ kind: 'no_change', reason: 'rule *7 already has these properties' });
  });

  it('checks the merged rule: a jump needs its target', () => {
    expect(() => proposeUpdate({ id: '*2', position: 2, set: { action: 'jump' } })).toThrow('jump-target: is required for action jump');
    expect(proposeUpdate({ id: '*2', position: 2, set: { action: 'jump', 'jump-target': 'mcp-invalid' } }).kind).toBe('change');
  });

  it('refuses a rule that moved, is gone, or is dynamic', () => {
    expect(() => proposeUpdate({ id: '*5', position: 3, set: { disabled: true } })).toThrow('rule *5 is now at position 5, not 3; list the rules again');
    expect(() => proposeUpdate({ id: '*99', position: 3, set: { disabled: true } })).toThrow(ChangeTargetNotFoundError);
    expect(() => proposeUpdate({ id: '*9000001', position: 0, set: { disabled: true } })).toThrow(ChangeNotPermittedError);
  });
});

describe('firewall_remove_filter_rule', () => {
  it('removes the rule at the position the caller saw, keeping every configured property for the way back', () => {
    expect(proposeRemove({ id: '*5', position: 5 })).toEqual({
      kind: 'change',
      proposal: {
        summary: 'remove rule *5 ("forward fasttrack-connection connection-state=established,related") at position 5',
        operations: [{ kind: 'remove', menu: MENU, id: '*5' }],
        touched: [{ menu: MENU, id: '*5', before: { chain: 'forward', action: 'fasttrack-connection', 'connection-state': 'established,related', 'hw-offload': 'true', log: 'false', 'log-prefix': '', comment: 'defconf: fasttrack', disabled: 'false' } }],
        risk: 'medium',
      },
    });
    expect(proposeRemove({ id: '*4', position: 4 })).toMatchObject({ kind: 'change', proposal: { risk: 'high' } });
  });

  it('refuses a rule no longer at that position, a rule already gone, and a dynamic one', () => {
    expect(() => proposeRemove({ id: '*5', position: 4 })).toThrow(ChangePreconditionError);
    expect(() => proposeRemove({ id: '*50', position: 4 })).toThrow('filter rule *50 does not exist; list the rules again');
    expect(() => proposeRemove({ id: '*9000001', position: 0 })).toThrow(ChangeNotPermittedError);
  });
});

describe('firewall_move_filter_rule', () => {
  it('moves a rule before another, both where the caller saw them', () => {
    expect(proposeMove({ id: '*3', position: 3, place_before: { id: '*2', position: 2 } })).toEqual({
      kind: 'change',
      proposal: {
        summary: 'move rule *3 ("input accept protocol=icmp") from position 3 before *2 (position 2)',
        operations: [{ kind: 'move', menu: MENU, id: '*3', destination: '*2' }],
        touched: [{ menu: MENU, id: '*3', before: expect.objectContaining({ chain: 'input', protocol: 'icmp' }), after: expect.objectContaining({ chain: 'input', protocol: 'icmp' }) }],
        risk: 'high',
      },
    });
  });

  it('moves a rule to the end without a destination', () => {
    const outcome = proposeMove({ id: '*5', position: 5 });
    expect(outcome.kind === 'change' && outcome.proposal).toMatchObject({ operations: [{ kind: 'move', menu: MENU, id: '*5' }], summary: expect.stringContaining('at the end'), risk: 'medium' });
    expect(outcome.kind === 'change' && outcome.proposal.operations[0]).not.toHaveProperty('destination');
  });

  it('is no change when the rule already sits there', () => {
    expect(proposeMove({ id: '*2', position: 2, place_before: { id: '*3', position: 3 } })).toMatchObject({ kind: 'no_change', reason: 'rule *2 is already before *3 (position 3)' });
    expect(proposeMove({ id: '*7', position: FILTER.length - 1 })).toMatchObject({ kind: 'no_change', reason: 'rule *7 is already at the end' });
  });

  it('is no change when the same request is repeated after it moved the rule (the positions it names are stale by then)', () => {
    expect(proposeMove({ id: '*2', position: 7, place_before: { id: '*3', position: 0 } })).toMatchObject({ kind: 'no_change', reason: 'rule *2 is already before *3 (position 0)' });
    expect(proposeMove({ id: '*7', position: 1 })).toMatchObject({ kind: 'no_change' });
  });

  it('refuses a rule or anchor that moved, a move before itself, and dynamic rules', () => {
    expect(() => proposeMove({ id: '*3', position: 2, place_before: { id: '*1', position: 1 } })).toThrow(ChangePreconditionError);
    expect(() => proposeMove({ id: '*3', position: 3, place_before: { id: '*1', position: 2 } })).toThrow('rule *1 is now at position 1, not 2');
    expect(() => proposeMove({ id: '*3', position: 3, place_before: { id: '*3', position: 3 } })).toThrow(ValidationError);
    expect(() => proposeMove({ id: '*3', position: 3, place_before: { id: '*9000001', position: 0 } })).toThrow(ChangeNotPermittedError);
  });
});
