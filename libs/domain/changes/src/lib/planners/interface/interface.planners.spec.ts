import { ChangeNotPermittedError, ChangeTargetNotFoundError } from '../errors/planner-errors';
import { liveFor } from '../testing/live-rows.fixture';
import { interfaceSetCommentPlanner as comment } from './interface-set-comment.planner';
import { interfaceSetEnabledPlanner as enabled } from './interface-set-enabled.planner';

const setComment = (input: Parameters<typeof comment.propose>[1]) => comment.propose(liveFor(comment.reads(input)), input);
const setEnabled = (input: Parameters<typeof enabled.propose>[1]) => enabled.propose(liveFor(enabled.reads(input)), input);

describe('interface_set_comment', () => {
  it('sets the comment by .id, low risk, before and after in RouterOS names', () => {
    expect(setComment({ interface: 'ether3', comment: 'printer port' })).toEqual({
      kind: 'change',
      proposal: {
        summary: 'set the comment of ether3 to "printer port"',
        operations: [{ kind: 'set', menu: 'interface', id: '*3', props: { comment: 'printer port' } }],
        touched: [{ menu: 'interface', id: '*3', before: { name: 'ether3', disabled: 'false', mtu: '1500', l2mtu: '1514' }, after: { name: 'ether3', disabled: 'false', mtu: '1500', l2mtu: '1514', comment: 'printer port' } }],
        risk: 'low',
      },
    });
  });

  it('clears a comment with an empty one', () => {
    const outcome = setComment({ interface: 'ether1', comment: '' });
    expect(outcome.kind === 'change' && outcome.proposal).toMatchObject({ summary: 'clear the comment of ether1', operations: [{ kind: 'set', menu: 'interface', id: '*1', props: { comment: '' } }] });
  });

  it('is no change when the comment is already there, or already absent', () => {
    expect(setComment({ interface: 'bridge', comment: 'defconf' })).toMatchObject({ kind: 'no_change', reason: 'bridge already has that comment', current: [{ menu: 'interface', id: '*A' }] });
    expect(setComment({ interface: 'ether3', comment: '' }).kind).toBe('no_change');
  });

  it('refuses an unknown interface and a dynamic one', () => {
    expect(() => setComment({ interface: 'ether9', comment: 'x' })).toThrow(ChangeTargetNotFoundError);
    expect(() => setComment({ interface: 'cap-hallway-5g', comment: 'x' })).toThrow(ChangeNotPermittedError);
  });
});

describe('interface_set_enabled', () => {
  it('disables an interface (high risk: everything behind it stops)', () => {
    const outcome = setEnabled({ interface: 'ether3', enabled: false });
    expect(outcome).toEqual({
      kind: 'change',
      proposal: {
        summary: 'disable ether3',
        operations: [{ kind: 'set', menu: 'interface', id: '*3', props: { disabled: 'true' } }],
        touched: [{ menu: 'interface', id: '*3', before: { name: 'ether3', disabled: 'false', mtu: '1500', l2mtu: '1514' }, after: { name: 'ether3', disabled: 'true', mtu: '1500', l2mtu: '1514' } }],
        risk: 'high',
      },
    });
  });

  it('enables a disabled one', () => {
    const outcome = setEnabled({ interface: 'ether4', enabled: true });
    expect(outcome.kind === 'change' && outcome.proposal).toMatchObject({ summary: 'enable ether4', operations: [{ props: { disabled: 'false' } }], risk: 'medium' });
  });

  it('is no change when it already is, whichever boolean spelling the device uses', () => {
    expect(setEnabled({ interface: 'ether4', enabled: false })).toMatchObject({ kind: 'no_change', reason: 'ether4 is already disabled' });
    const live = { interface: [{ '.id': '*3', name: 'ether3', disabled: 'no' }] };
    expect(enabled.propose(live, { interface: 'ether3', enabled: true }).kind).toBe('no_change');
  });

  it('refuses an unknown interface', () => {
    expect(() => setEnabled({ interface: 'sfp1', enabled: true })).toThrow("interface 'sfp1' does not exist (see interface_list)");
  });
});
