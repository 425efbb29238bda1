import { ERROR_KINDS, McpErrorCode } from './error-codes';
import { ERROR_CONTRACT, errorForEra, modernToolErrorResult } from './error-contract';
import { protocolError } from './map-domain-error';

const STANDARD = [-32700, -32600, -32601, -32602, -32603];
const PROTOCOL_FAILURES = new Set<McpErrorCode>(['PARSE_ERROR', 'INVALID_REQUEST', 'NOT_INITIALIZED', 'MESSAGE_TOO_LARGE', 'METHOD_NOT_FOUND', 'TOOL_NOT_FOUND', 'SERVER_SHUTTING_DOWN']);

describe('the error contract of both revisions', () => {
  it('has one row per mcp_error_code', () => {
    expect(Object.keys(ERROR_CONTRACT).sort()).toEqual(Object.keys(ERROR_KINDS).sort());
  });

  it.each(Object.keys(ERROR_KINDS) as McpErrorCode[])('%s: legacy keeps spec 001, modern sends a standard code or an isError result', (kind) => {
    const payload = protocolError(kind, 'something went wrong', { device_id: 'dev-a', correlation_id: 'c-1' });
    expect(errorForEra(payload, 'legacy')).toBe(payload);
    expect(errorForEra(payload, 'legacy').code).toBe(ERROR_KINDS[kind].code);
    expect(ERROR_CONTRACT[kind].legacy).toBe(ERROR_KINDS[kind].code);
    const modern = errorForEra(payload, 'modern');
    expect(STANDARD).toContain(modern.code);
    expect(modern.code < -32099 || modern.code > -32000).toBe(true);
    expect(modern).toMatchObject({ message: payload.message, data: payload.data });
    expect(ERROR_CONTRACT[kind].modernToolCall).toBe(PROTOCOL_FAILURES.has(kind) ? 'error' : 'result');
    const result = modernToolErrorResult(payload);
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toBe(`${payload.message}\nsuggestion: Fix the request and retry.`);
    expect(result.structuredContent.error).toEqual({
      mcp_error_code: kind,
      category: ERROR_KINDS[kind].category,
      message: payload.message,
      details: 'something went wrong',
      recovery_strategy: ERROR_KINDS[kind].recovery,
      suggestion: 'Fix the request and retry.',
      next_steps: [],
      device_id: 'dev-a',
      correlation_id: 'c-1',
    });
    expect(JSON.stringify(result)).not.toMatch(/-320\d\d/);
  });

  it('resource not found is -32602 on modern connections, -32003 on legacy ones', () => {
    expect(ERROR_CONTRACT.NOT_FOUND).toEqual({ legacy: -32003, modernToolCall: 'result', modern: -32602 });
  });
});
