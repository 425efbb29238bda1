import { InvalidArgumentError } from '@routeros-mcp/domain-kernel';
import { MenuOperationSchema, menuOperation } from './menu-operations';

const parse = (raw: unknown) => MenuOperationSchema.parse(raw);

describe('menu_change operations as a caller writes them', () => {
  it("takes numbers and booleans as RouterOS's text and words", () => {
    expect(menuOperation(parse({ op: 'add', values: { 'to-ports': 80, disabled: false, comment: 'a\tb' }, before: '*3' }), 0)).toEqual({ op: 'add', values: { 'to-ports': '80', disabled: 'no', comment: 'a\tb' }, place_before: '*3' });
    expect(menuOperation(parse({ op: 'enable', where: { disabled: true }, expect_count: 2 }), 0)).toEqual({ op: 'enable', where: { disabled: 'yes' }, expect_count: 2 });
  });

  it('refuses a value a human could misread: control characters and bidirectional overrides; a script keeps its newlines', () => {
    expect(MenuOperationSchema.safeParse({ op: 'set', id: '*1', values: { comment: 'ok\u202Eevil' } }).success).toBe(false);
    expect(MenuOperationSchema.safeParse({ op: 'set', id: '*1', values: { comment: 'bell\u0007' } }).success).toBe(false);
    expect(MenuOperationSchema.safeParse({ op: 'set', id: '*1', values: { source: ':log info a\n:log info b' } }).success).toBe(true);
    expect(MenuOperationSchema.safeParse({ op: 'set', id: '*1', extra: 1 }).success).toBe(false);
  });

  it('refuses the fields an op does not take, and the ones it needs when missing', () => {
    const refusal = (raw: unknown) => {
      try {
        menuOperation(parse(raw), 2);
      } catch (error) {
        return (error as InvalidArgumentError).message;
      }
      return 'accepted';
    };
    expect(refusal({ op: 'move', id: '*1', values: { a: 'b' } })).toBe('operations[2].values: move takes id, before, not values');
    expect(refusal({ op: 'add', id: '*1', values: {} })).toBe('operations[2].id: add takes values, before, not id');
    expect(refusal({ op: 'unset', id: '*1' })).toBe('operations[2].names: unset needs names');
    expect(refusal({ op: 'action' })).toBe('operations[2].command: action needs command');
    expect(refusal({ op: 'remove', id: '*1', expect_count: 2 })).toBe('operations[2].expect_count: expect_count counts the rows where matches: name where');
  });
});
