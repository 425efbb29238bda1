import type { ChangeRecord } from '@routeros-mcp/composition';
import { changeJson, changeText } from './change-render';

const t0 = new Date('2026-11-23T10:00:00Z');
const record: ChangeRecord = {
  id: 'c1', deviceId: 'r1', tool: 'system_set_identity', actor: { id: 'os:alice', via: 'stdio' }, authority: { kind: 'direct' }, summary: 'set the identity to x', risk: 'low',
  status: 'needs_attention', operations: [{ kind: 'set', menu: 'system/identity', props: { name: 'x' } }], addedIds: [],
  touched: [{ menu: 'system/identity', before: { name: 'r1' }, after: { name: 'x' } }], inverse: [{ kind: 'set', menu: 'system/identity', props: { name: 'r1' } }],
  diff: ['/system identity set name=x'], verdicts: [], step: 'write', outcome: 'needs attention: the device could not be read', createdAt: t0, updatedAt: t0,
};

describe('change rendering', () => {
  it('shows the re-check of a change that needs attention, and nothing of it before one', () => {
    expect(changeText(record, false)).not.toContain('re-checked');
    expect(changeJson(record)['recheck']).toBeNull();
    const rechecked = { ...record, recheck: { at: new Date('2026-11-23T10:05:00Z'), finding: 'not the before-state: /system/identity name is x; change_revert c1 undoes it' } };
    expect(changeText(rechecked, false)).toContain('re-checked:   2026-11-23T10:05:00.000Z: not the before-state: /system/identity name is x; change_revert c1 undoes it');
    expect(changeJson(rechecked)['recheck']).toEqual({ at: '2026-11-23T10:05:00.000Z', finding: rechecked.recheck.finding });
  });
});
