import type { ChangeRecord, RowOperation } from '@routeros-mcp/domain-changes';
import { assessInterrupted, beforeStateOf, recoveryInverse, settlementAfterLater, settlementOf, unrestoredSecrets } from './interrupted-change';

const ADD = { kind: 'add', menu: 'ip/firewall/address-list', props: { list: 'blocked', address: '192.0.2.7' } } as const satisfies RowOperation;
const SET = { kind: 'set', menu: 'ip/dns', props: { servers: '9.9.9.9' } } as const satisfies RowOperation;

/** A record as the pipeline leaves it mid-change: the add's id not saved, its menu's ids before recorded. */
function record(patch: Partial<ChangeRecord> = {}): ChangeRecord {
  return {
    id: 'c-1', deviceId: 'r1', tool: 'test_write', actor: { id: 'op', via: 'test' }, authority: { kind: 'direct' }, summary: 's', risk: 'low', status: 'applying',
    operations: [ADD, SET], addedIds: [],
    touched: [{ menu: 'ip/firewall/address-list', after: { ...ADD.props } }, { menu: 'ip/dns', before: { servers: '192.0.2.53' }, after: { servers: '9.9.9.9' } }],
    inverse: [{ kind: 'set', menu: 'ip/dns', props: { servers: '192.0.2.53' } }],
    diff: [], verdicts: [], step: 'write', protection: 'none_needed',
    beforeIds: { 'ip/firewall/address-list': ['*1'] },
    createdAt: new Date(0), updatedAt: new Date(0),
    ...patch,
  };
}

const kept = { '.id': '*1', list: 'blocked', address: '192.0.2.7' };

describe('what a successor knows of an interrupted change', () => {
  it('rebuilds the before-state from the ids before the write and the touched rows', () => {
    expect(beforeStateOf(record())).toEqual({ 'ip/firewall/address-list': [{ '.id': '*1' }], 'ip/dns': [{ servers: '192.0.2.53' }] });
  });

  it('finds the row an add made whose answer was lost, never a row that was there before', () => {
    const live = { 'ip/firewall/address-list': [kept, { '.id': '*9', list: 'blocked', address: '192.0.2.7' }], 'ip/dns': [{ servers: '192.0.2.53' }] };
    const state = assessInterrupted(record(), live);
    expect(state.addedIds).toEqual(['*9', undefined]);
    expect(state.left).toEqual(['/ip/firewall/address-list *9 (added) is still there']);
    expect(recoveryInverse(record(), state.addedIds)).toEqual([{ kind: 'remove', menu: 'ip/firewall/address-list', id: '*9' }, ...record().inverse]);
  });

  it('sees the before-state when nothing was written', () => {
    expect(assessInterrupted(record(), { 'ip/firewall/address-list': [kept], 'ip/dns': [{ servers: '192.0.2.53' }] }).left).toEqual([]);
  });

  it('does not add a removal for an add whose id the record has (the recorded inverse has it)', () => {
    const saved = record({ addedIds: ['*9'], inverse: [{ kind: 'set', menu: 'ip/dns', props: { servers: '192.0.2.53' } }, { kind: 'remove', menu: 'ip/firewall/address-list', id: '*9' }] });
    expect(recoveryInverse(saved, ['*9', undefined])).toEqual(saved.inverse);
  });

  it('compares nothing against a redacted secret', () => {
    const secret = record({
      operations: [{ kind: 'set', menu: 'ppp/secret', id: '*3', props: { password: '[redacted]', comment: 'x' } }],
      touched: [{ menu: 'ppp/secret', id: '*3', before: { '.id': '*3', password: '[redacted]', comment: 'old' } }],
      beforeIds: { 'ppp/secret': ['*3'] },
    });
    expect(assessInterrupted(secret, { 'ppp/secret': [{ '.id': '*3', password: 'real', comment: 'old' }] }).left).toEqual([]);
    expect(assessInterrupted(secret, { 'ppp/secret': [{ '.id': '*3', password: 'real', comment: 'x' }] }).left).toEqual(['/ppp/secret comment is x, was old']);
  });

  it('checks secrets against the opened inverse (the record keeps them redacted), naming the property, never a value', () => {
    const opened: RowOperation[] = [{ kind: 'set', menu: 'interface/wireless/security-profiles', id: '*1', props: { 'wpa2-pre-shared-key': 'old-key-123', comment: 'x' } }];
    const live = (key: string) => ({ 'interface/wireless/security-profiles': [{ '.id': '*1', 'wpa2-pre-shared-key': key, comment: 'y' }] });
    expect(unrestoredSecrets(live('new-key-456'), opened)).toEqual(['/interface/wireless/security-profiles *1 wpa2-pre-shared-key is not its value before the change']);
    expect(unrestoredSecrets(live('old-key-123'), opened)).toEqual([]);
    expect(unrestoredSecrets({}, opened)).toEqual([]);
  });
});

describe('how an interrupted change is settled', () => {
  it('fails a proposed change that wrote nothing', () => {
    expect(settlementOf({ status: 'proposed' }, { left: [], undone: 'nothing' })).toEqual({ status: 'failed', outcome: 'interrupted before its first write; nothing was written' });
  });

  it('reverts an applying change once the before-state is confirmed, saying how', () => {
    expect(settlementOf({ status: 'applying', protection: 'none_needed' }, { left: [], undone: 'rest' }).outcome).toMatch(/^interrupted .* recovered: the inverse written over REST/);
    expect(settlementOf({ status: 'applying', protection: 'safe_mode' }, { left: [], undone: 'device' }).outcome).toMatch(/RouterOS undid the safe-mode changes/);
    expect(settlementOf({ status: 'proposed' }, { left: [], undone: 'rest' }).status).toBe('reverted');
  });

  it('writes nothing over a later change: a proposed one failed, an applying one needs attention', () => {
    expect(settlementAfterLater({ status: 'proposed' }, 'c-2')).toMatchObject({ status: 'failed', outcome: expect.stringContaining('change c-2 was made since') });
    expect(settlementAfterLater({ status: 'applying' }, 'c-2')).toMatchObject({ status: 'needs_attention', outcome: expect.stringContaining('undoing this one could undo it') });
  });

  it('settles a pending revert: reverted once the before-state holds (by the device or by recovery), else needs attention', () => {
    expect(settlementOf({ status: 'revert_pending', protection: 'device_revert_timer' }, { left: [], undone: 'nothing' })).toEqual({
      status: 'reverted',
      outcome: 'its revert was pending on the device and is settled: the device undid it by itself (its revert timer or RouterOS safe mode), and the before-state confirmed',
    });
    expect(settlementOf({ status: 'revert_pending', protection: 'device_revert_timer' }, { left: [], undone: 'rest' }).outcome).toMatch(/had not undone it by itself; the inverse written over REST/);
    expect(settlementOf({ status: 'revert_pending', protection: 'safe_mode' }, { left: ['/ip/dns servers is 9.9.9.9, was 192.0.2.53'], undone: 'device' })).toEqual({
      status: 'needs_attention',
      outcome: 'its revert was pending on the device and did not restore it: /ip/dns servers is 9.9.9.9, was 192.0.2.53 (safe mode was held; RouterOS had not undone it)',
    });
    expect(settlementAfterLater({ status: 'revert_pending' }, 'c-2')).toMatchObject({ status: 'needs_attention', outcome: expect.stringContaining('change c-2 was made on the device since') });
  });

  it('needs attention with what is left when the before-state does not hold', () => {
    expect(settlementOf({ status: 'applying' }, { left: ['/ip/dns servers is 9.9.9.9, was 192.0.2.53'], undone: 'rest', undoError: 'refused' })).toEqual({
      status: 'needs_attention',
      outcome: 'interrupted (the process ended mid-change) and not recovered: /ip/dns servers is 9.9.9.9, was 192.0.2.53 (undo failed: refused)',
    });
  });
});
