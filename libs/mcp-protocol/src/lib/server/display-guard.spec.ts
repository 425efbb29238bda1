import type { ToolDefinition } from '../tools/define-tool';
import { refuseDisplayAlteringArguments } from './display-guard';
import { RpcError } from '../errors/rpc-error';

const tool = { name: 'plan_dns_ntp' } as ToolDefinition;

function refusal(args: unknown): RpcError {
  try {
    refuseDisplayAlteringArguments(tool, args);
  } catch (error) {
    return error as RpcError;
  }
  throw new Error('expected a refusal');
}

describe('refuseDisplayAlteringArguments', () => {
  it.each([
    ['title', { title: 'DNS tidy-up\n\n## phome (batch 1/1): no change\u001b[8m' }, 'title', 'U+000A'],
    ['an exclusion reason', { exclude: [{ device_id: 'r1', reason: 'x\n\u001b[31mAPPROVED BY SECURITY\u001b[0m\n' }] }, 'exclude.0.reason', 'U+000A'],
    ['a comment', { device_id: 'r1', interface: 'ether1', comment: 'uplink\u202E' }, 'comment', 'U+202E'],
    ['a nested change', { change: { interfaces: [{ name: 'wifi1', ssid: 'home\u200B' }] } }, 'change.interfaces.0.ssid', 'U+200B'],
    ['a filter value', { where: { comment: 'a\u0085' } }, 'where.comment', 'U+0085'],
    ['a lone surrogate', { name: 'x\uD800' }, 'name', 'U+D800'],
  ])('refuses %s as INVALID_PARAMS naming the field and the character', (_label, args, field, character) => {
    const error = refusal(args);
    expect(error).toBeInstanceOf(RpcError);
    expect(error.code).toBe(-32602);
    expect(error.data).toMatchObject({ mcp_error_code: 'INVALID_PARAMS', tool: 'plan_dns_ntp', field, errors: [{ field, message: `must not contain control, invisible or direction-changing characters (found ${character})` }] });
    expect(error.message).toContain(`plan_dns_ntp: ${field}: must not contain`);
    // The refusal names the character; it never repeats the text, which would carry the character along.
    expect(JSON.stringify({ message: error.message, data: error.data })).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u);
  });

  it('refuses a property name holding one without repeating the name', () => {
    expect(refusal({ change: { 'ssid\u001b': 'x' } }).data).toMatchObject({ field: 'change', errors: [{ message: expect.stringMatching(/^a property name must not contain .*U\+001B/) }] });
  });

  it('lets ordinary arguments through: accents, CJK, emoji, quotes', () => {
    expect(() => refuseDisplayAlteringArguments(tool, { title: 'Rollout für 路由器 🚀 "now"', devices: ['r1'], rollout: { canary_size: 1 } })).not.toThrow();
  });

  it('lets line breaks and tabs through only where the tool names a multi-line text (a script source), nothing else there', () => {
    const menuChange = { name: 'menu_change', multilineText: (path: readonly (string | number)[]) => path.length === 4 && path[0] === 'operations' && path[2] === 'values' } as ToolDefinition;
    const source = ':local free [/system resource get free-memory]\n\t:log info "free: $free"';
    expect(() => refuseDisplayAlteringArguments(menuChange, { device_id: 'r1', operations: [{ op: 'add', values: { name: 'check', source } }] })).not.toThrow();
    const refused = (args: unknown) => {
      try {
        refuseDisplayAlteringArguments(menuChange, args);
      } catch (error) {
        return (error as RpcError).data;
      }
      throw new Error('expected a refusal');
    };
    expect(refused({ operations: [{ op: 'add', values: { source: 'ok\n\u001b[8mhidden' } }] })).toMatchObject({ field: 'operations.0.values.source', errors: [{ message: expect.stringContaining('U+001B') }] });
    expect(refused({ operations: [{ op: 'add', values: { source: 'a\u202Eb' } }] })).toMatchObject({ field: 'operations.0.values.source' });
    expect(refused({ operations: [{ op: 'set', where: { comment: 'a\nb' }, values: { comment: 'x' } }] })).toMatchObject({ field: 'operations.0.where.comment' });
    expect(refused({ device_id: 'r1\n', operations: [] })).toMatchObject({ field: 'device_id' });
    // Another tool's arguments keep the whole check.
    expect(() => refuseDisplayAlteringArguments(tool, { operations: [{ values: { source: 'a\nb' } }] })).toThrow(RpcError);
  });
});
