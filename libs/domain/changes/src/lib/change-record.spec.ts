import { canTransition, ChangeRecord, redactTouched, transition } from './change-record';
import { ChangeMovedOnError } from './errors/change-moved-on.error';
import { ChangeNotRevertibleError } from './errors/change-not-revertible.error';
import { changeRevertPlanner } from './revert/change-revert.planner';

const t0 = new Date('2026-11-23T00:00:00Z');
const record = (patch: Partial<ChangeRecord> = {}): ChangeRecord => ({
  id: 'c1', deviceId: 'd1', tool: 'dns_set_servers', actor: { id: 'u', via: 'stdio' }, authority: { kind: 'direct' }, summary: 'set DNS servers', risk: 'low',
  status: 'verified', operations: [{ kind: 'set', menu: 'ip/dns', props: { servers: '1.1.1.1' } }], addedIds: [],
  touched: [{ menu: 'ip/dns', before: { servers: '192.0.2.53' }, after: { servers: '1.1.1.1' } }],
  inverse: [{ kind: 'set', menu: 'ip/dns', props: { servers: '192.0.2.53' } }], diff: [], verdicts: [], step: 'release', createdAt: t0, updatedAt: t0, ...patch,
});

describe('change record lifecycle', () => {
  it('allows the pipeline transitions only', () => {
    expect(canTransition('proposed', 'applying')).toBe(true);
    expect(canTransition('applying', 'revert_pending')).toBe(true);
    expect(canTransition('revert_pending', 'reverted')).toBe(true);
    expect(canTransition('failed', 'applying')).toBe(false);
    expect(canTransition('reverted', 'verified')).toBe(false);
    const next = transition(record({ status: 'proposed' }), 'applying', new Date('2026-11-23T00:00:01Z'), { step: 'protect' });
    expect(next).toMatchObject({ status: 'applying', step: 'protect', updatedAt: new Date('2026-11-23T00:00:01Z') });
    expect(() => transition(record(), 'applying', t0)).toThrow(/cannot go from verified to applying/);
  });

  it('redacts secret properties of touched rows', () => {
    expect(redactTouched([{ menu: 'interface/wifi/security', id: '*1', before: { passphrase: 'hunter22', name: 'x' } }])).toEqual([
      { menu: 'interface/wifi/security', id: '*1', before: { passphrase: '[redacted]', name: 'x' } },
    ]);
  });
});

describe('change revert planner', () => {
  it('proposes the recorded inverse when the device still holds the change', () => {
    const outcome = changeRevertPlanner.propose({ 'ip/dns': [{ servers: '1.1.1.1' }] }, { change: record() });
    expect(outcome).toMatchObject({ kind: 'change', proposal: { operations: [{ kind: 'set', menu: 'ip/dns', props: { servers: '192.0.2.53' } }], touched: [{ before: { servers: '1.1.1.1' }, after: { servers: '192.0.2.53' } }] } });
    expect(changeRevertPlanner.reads({ change: record() })).toEqual(['ip/dns']);
  });

  it('refuses when the rows moved on, and when there is nothing to restore', () => {
    expect(() => changeRevertPlanner.propose({ 'ip/dns': [{ servers: '8.8.8.8' }] }, { change: record() })).toThrow(ChangeMovedOnError);
    expect(() => changeRevertPlanner.propose({}, { change: record({ inverse: [], notRevertible: 'ip/dns/cache/flush is a command' }) })).toThrow(ChangeNotRevertibleError);
    expect(() => changeRevertPlanner.propose({}, { change: record({ status: 'failed' }) })).toThrow(/failed, not applied/);
    expect(changeRevertPlanner.propose({}, { change: record({ status: 'reverted' }) }).kind).toBe('no_change');
  });

  it('checks added rows by the id the device gave them', () => {
    const added = record({ operations: [{ kind: 'add', menu: 'ip/address', props: { address: '10.9.9.1/24', interface: 'ether3' } }], addedIds: ['*9'], touched: [{ menu: 'ip/address', id: '*9', after: { address: '10.9.9.1/24', interface: 'ether3' } }], inverse: [{ kind: 'remove', menu: 'ip/address', id: '*9' }] });
    expect(changeRevertPlanner.propose({ 'ip/address': [{ '.id': '*9', address: '10.9.9.1/24', interface: 'ether3' }] }, { change: added }).kind).toBe('change');
    expect(() => changeRevertPlanner.propose({ 'ip/address': [] }, { change: added })).toThrow(/ip\/address \*9 is gone/);
  });
});
