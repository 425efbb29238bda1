import { ERROR_KINDS, McpErrorCode } from './error-codes';
import { ERROR_CONTRACT, errorForEra, toolErrorResult, toolFailure, withEraCode } from './error-contract';
import { protocolError } from './map-domain-error';

const STANDARD = [-32700, -32600, -32601, -32602, -32603];
const PROTOCOL_FAILURES = new Set<McpErrorCode>(['PARSE_ERROR', 'INVALID_REQUEST', 'NOT_INITIALIZED', 'MESSAGE_TOO_LARGE', 'METHOD_NOT_FOUND', 'TOOL_NOT_FOUND', 'TOOL_NOT_ENABLED', 'RESOURCE_NOT_FOUND', 'SERVER_SHUTTING_DOWN']);
const KINDS = Object.keys(ERROR_KINDS) as McpErrorCode[];

describe('the error contract of both revisions', () => {
  it('has one row per mcp_error_code', () => {
    expect(Object.keys(ERROR_CONTRACT).sort()).toEqual(Object.keys(ERROR_KINDS).sort());
  });

  it.each(KINDS)('%s: legacy keeps spec 001, modern sends a standard code', (kind) => {
    const payload = protocolError(kind, 'something went wrong', { device_id: 'dev-a', correlation_id: 'c-1' });
    expect(errorForEra(payload, 'legacy')).toEqual(payload);
    expect(ERROR_CONTRACT[kind].legacy).toBe(ERROR_KINDS[kind].code);
    const modern = errorForEra(payload, 'modern');
    expect(STANDARD).toContain(modern.code);
    expect(modern.code < -32099 || modern.code > -32000).toBe(true);
    expect(modern).toMatchObject({ message: payload.message, data: payload.data });
    expect(ERROR_CONTRACT[kind].toolCall).toBe(PROTOCOL_FAILURES.has(kind) ? 'error' : 'result');
  });

  it.each(KINDS.filter((kind) => !PROTOCOL_FAILURES.has(kind)))('%s: a failed tool call is an isError result on both revisions, the taxonomy in its text and structuredContent', (kind) => {
    const payload = protocolError(kind, 'something went wrong', { device_id: 'dev-a', correlation_id: 'c-1' }, 'Fix the request and retry.');
    payload.data.next_steps = ['device_list'];
    for (const era of ['legacy', 'modern'] as const) {
      const failure = toolFailure(payload, era, 'result');
      if (!('result' in failure)) throw new Error(`${kind} on ${era}: expected a result`);
      expect(failure.result).toEqual(toolErrorResult(payload));
    }
    const result = toolErrorResult(payload);
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toBe(
      [payload.message, `mcp_error_code: ${kind}`, `recovery_strategy: ${ERROR_KINDS[kind].recovery}`, 'suggestion: Fix the request and retry.', 'next_steps: device_list', 'correlation_id: c-1'].join('\n'),
    );
    expect(result.structuredContent.error).toEqual({
      mcp_error_code: kind,
      category: ERROR_KINDS[kind].category,
      message: payload.message,
      details: 'something went wrong',
      recovery_strategy: ERROR_KINDS[kind].recovery,
      suggestion: 'Fix the request and retry.',
      next_steps: ['device_list'],
      device_id: 'dev-a',
      correlation_id: 'c-1',
    });
    expect(JSON.stringify(result)).not.toMatch(/-320\d\d/);
  });

  it.each([...PROTOCOL_FAILURES])('%s: a protocol failure of tools/call stays a JSON-RPC error, with the revision\'s code', (kind) => {
    const payload = protocolError(kind, 'something went wrong');
    expect(toolFailure(payload, 'legacy', 'result')).toEqual({ error: errorForEra(payload, 'legacy') });
    expect(toolFailure(payload, 'modern', 'result')).toEqual({ error: errorForEra(payload, 'modern') });
  });

  it('ROUTEROS_MCP_TOOL_ERRORS=jsonrpc gives 2025-era connections the JSON-RPC errors of spec 001, and changes nothing on 2026-07-28', () => {
    for (const kind of KINDS) {
      const payload = protocolError(kind, 'something went wrong');
      expect(toolFailure(payload, 'legacy', 'jsonrpc')).toEqual({ error: payload });
      expect(toolFailure(payload, 'modern', 'jsonrpc')).toEqual(toolFailure(payload, 'modern', 'result'));
    }
    expect(toolFailure(protocolError('NOT_FOUND', 'gone'), 'legacy', 'jsonrpc')).toMatchObject({ error: { code: -32003 } });
  });

  it('an unknown resource is MCP\'s -32002 on 2025-era connections and -32602 on 2026-07-28; a tool\'s NOT_FOUND keeps spec 001\'s -32003', () => {
    expect(ERROR_CONTRACT.RESOURCE_NOT_FOUND).toEqual({ legacy: -32002, toolCall: 'error', modern: -32602 });
    expect(ERROR_CONTRACT.NOT_FOUND).toEqual({ legacy: -32003, toolCall: 'result', modern: -32602 });
    // The SDK's 2025-era codec turns a handler's -32002 into -32602; the transports put it back as it leaves.
    const rewritten = { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'Resource not found: x', data: { mcp_error_code: 'RESOURCE_NOT_FOUND', uri: 'x' } } };
    expect(withEraCode(rewritten, 'legacy').error.code).toBe(-32002);
    expect(withEraCode(rewritten, 'modern').error.code).toBe(-32602);
  });

  it('an unknown tool is said as such on both revisions, never as "Method not found"', () => {
    for (const kind of ['TOOL_NOT_FOUND', 'TOOL_NOT_ENABLED'] as const) {
      const payload = protocolError(kind, "'x' is not a tool of this server");
      for (const era of ['legacy', 'modern'] as const) expect(errorForEra(payload, era).message).not.toMatch(/method not found/i);
    }
    expect(ERROR_KINDS.TOOL_NOT_ENABLED.recovery).toBe('user_action_required');
  });
});
