import { ValidationError } from '@routeros-mcp/domain-kernel';
import { menuChangesTopic } from './menu-changes.topic';

describe('the menu_changes plan topic', () => {
  it('parses a stored change as strictly as menu_change takes it', () => {
    const input = menuChangesTopic.parse({ path: '/ip/firewall/nat', operations: [{ op: 'add', values: { chain: 'dstnat' }, place_before: '*2' }, { op: 'set', where: { comment: 'x' }, expect_count: 2, values: { disabled: 'yes' } }] });
    expect(input).toEqual({ path: 'ip/firewall/nat', operations: [{ op: 'add', values: { chain: 'dstnat' }, place_before: '*2' }, { op: 'set', where: { comment: 'x' }, expect_count: 2, values: { disabled: 'yes' } }] });
    expect(menuChangesTopic.describe(input)).toBe('add, set on /ip/firewall/nat');
    const refusals: Array<[Record<string, unknown>, RegExp]> = [
      [{ path: '/ip/firewall/nat' }, /operations/],
      [{ path: '/ip/nat;reboot', operations: [{ op: 'remove', id: '*1' }] }, /path/],
      [{ path: '/ip/firewall/nat', operations: [{ op: 'move', id: '*1', values: {} }] }, /operations\.0\.values/],
      [{ path: '/ip/firewall/nat', operations: [{ op: 'set', id: '*1', values: { comment: 5 } }] }, /operations\.0\.values\.comment/],
      [{ path: '/ip/firewall/nat', operations: [{ op: 'wipe' }] }, /operations\.0\.op/],
      [{ path: '/ip/firewall/nat', operations: [{ op: 'action' }] }, /operations\.0\.command/],
      [{ path: '/ip/firewall/nat', operations: [], extra: 1 }, /extra/],
    ];
    for (const [change, field] of refusals) {
      let error: unknown;
      try {
        menuChangesTopic.parse(change);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ValidationError);
      expect(JSON.stringify((error as ValidationError).details())).toMatch(field);
    }
  });

  it("asks for the menu's topic flag, and plans only with the device's tree given", () => {
    expect(menuChangesTopic.requiresFlagFor!({ path: 'ip/firewall/filter', operations: [] })).toBe('allow_firewall_writes');
    expect(menuChangesTopic.requiresFlagFor!({ path: 'system/identity', operations: [] })).toBeUndefined();
    expect(menuChangesTopic.plannedFromTree).toBe(true);
    expect(() => menuChangesTopic.planner.reads({ path: 'ip/firewall/nat', operations: [{ op: 'remove', id: '*1' }] })).toThrow(/was not given its device's command tree/);
    expect(menuChangesTopic.secretFields).toEqual(['operations.*.values.{secret}']);
  });
});
