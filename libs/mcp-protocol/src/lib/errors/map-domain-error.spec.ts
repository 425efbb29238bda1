import { DeviceAuthFailedError, DeviceCommandError, DeviceTimeoutError, DeviceUnreachableError, DeviceUnsupportedError } from '@routeros-mcp/application-ports';
import { DeviceNotFoundError } from '@routeros-mcp/domain-devices';
import { InvalidArgumentError, StoreUnavailableError, ValidationError } from '@routeros-mcp/domain-kernel';
import { PlanApprovalExpiredError, PlanApprovalInvalidError, PlanApprovalUsedError, PlanApproverNotEntitledError, PlanDevicesRefusedError, PlanExpiredError, PlanNotApprovedError, PlanSelfApprovalError, PlanStateDriftedError } from '@routeros-mcp/domain-plans';
import { ChangeStateDriftedError } from '@routeros-mcp/domain-changes';
import { SafetyViolationError } from '@routeros-mcp/domain-safety-rules';
import { ERROR_KINDS } from './error-codes';
import { protocolError, toMcpError } from './map-domain-error';
import { errorForEra, toolFailure } from './error-contract';

describe('toMcpError: one table from domain errors to spec 001', () => {
  it.each([
    [new DeviceNotFoundError('dev-x'), -32003, 'NOT_FOUND', 'fix_and_retry', "Not Found: device 'dev-x' is not enrolled; call device_list to see enrolled devices"],
    [new DeviceUnreachableError('dev-a', 'connection refused', 5), -32010, 'DEVICE_UNREACHABLE', 'retry_with_backoff', "Device Unreachable: device 'dev-a' is unreachable (connection refused); retry after 5 s"],
    [new DeviceTimeoutError('dev-a', 'GET /ip/route', 5), -32007, 'TIMEOUT', 'retry_with_backoff', /^Timeout: device 'dev-a' did not finish GET \/ip\/route within 5 s; retry/],
    [new DeviceAuthFailedError('dev-a', 'credentials', 'update them with: routeros-mcp-admin credentials set dev-a'), -32011, 'DEVICE_AUTH_FAILED', 'user_action_required', /^Device Authentication Failed: .*credentials set dev-a$/],
    [new DeviceCommandError('dev-a', 'PATCH /ip/address/*2', { status: 400, message: 'Bad Request', detail: 'unknown parameter colour' }), -32012, 'DEVICE_ERROR', 'fix_and_retry', /^Device Error: device 'dev-a' refused PATCH \/ip\/address\/\*2: unknown parameter colour$/],
    [new DeviceUnsupportedError('dev-a', 'interface/wifi', 'RouterOS 7.13 or later', '7.12'), -32013, 'DEVICE_UNSUPPORTED', 'fix_and_retry', /needs RouterOS 7.13 or later/],
    [ValidationError.single('count', 'must be at most 10'), -32005, 'VALIDATION_ERROR', 'fix_and_retry', 'Validation Error: count: must be at most 10'],
    [new InvalidArgumentError('path', '/ip/fw is no menu of RouterOS 7.20.5; the nearest: /ip/firewall', ['/ip/firewall']), -32602, 'INVALID_PARAMS', 'fix_and_retry', /^Invalid params: path: \/ip\/fw is no menu/],
  ])('%s → %d %s', (error, code, mcpCode, recovery, message) => {
    const mapped = toMcpError(error, { correlationId: 'c-1' });
    expect(mapped.code).toBe(code);
    expect(mapped.data).toMatchObject({ mcp_error_code: mcpCode, recovery_strategy: recovery, correlation_id: 'c-1' });
    expect(mapped.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
    expect(typeof mapped.data.suggestion).toBe('string');
    expect(Array.isArray(mapped.data.next_steps)).toBe(true);
  });

  it('tells what to do about a management-path refusal, and where to look, beyond its reason', () => {
    const verdict = { ruleId: 'PROTECT_MANAGEMENT_PATH', status: 'fail' as const, message: 'rule 0 (*new1) would drop tcp/443 from 10.0.0.5 in the input chain before the accept at position 1', details: { check: 'firewall:www-ssl:new', table: 'filter' } };
    const mapped = toMcpError(new SafetyViolationError(verdict, [verdict]));
    expect(mapped.data).toMatchObject({ mcp_error_code: 'UNSAFE_OPERATION', safety_rule: 'PROTECT_MANAGEMENT_PATH', next_steps: ['firewall_list_filter_rules', 'ip_list_addresses'] });
    expect(mapped.data.suggestion).toMatch(/after the accept that admits it/);
    // A refusal that is not about the firewall (disabling the management VLAN, removing the address) gets no firewall advice.
    for (const [check, next] of [['vlan', 'bridge_list_vlans'], ['interfaces', 'interface_list'], ['address', 'ip_list_addresses'], ['route', 'routing_list_routes'], ['service:ssh', 'device_get'], [undefined, 'interface_list']] as const) {
      const cut = { ruleId: 'PROTECT_MANAGEMENT_PATH', status: 'fail' as const, message: "interface 'vlan10' would be disabled", details: check ? { check } : {} };
      const advice = toMcpError(new SafetyViolationError(cut, [cut])).data;
      expect({ check, suggestion: advice.suggestion, firewall: advice.next_steps.includes('firewall_list_filter_rules') }).toEqual({ check, suggestion: expect.not.stringMatching(/accept|firewall|rule/), firewall: false });
      expect(advice.next_steps).toContain(next);
    }
    const other = { ruleId: 'MCP_OWNED_ADDRESS_LISTS', status: 'fail' as const, message: "list 'blocked' is not owned by the service" };
    expect(toMcpError(new SafetyViolationError(other, [other])).data).toMatchObject({ next_steps: ['firewall_list_address_lists'] });
  });

  it('carries the context fields of the domain error', () => {
    expect(toMcpError(new DeviceUnreachableError('dev-a', 'x', 7)).data).toMatchObject({ device_id: 'dev-a', retry_after: 7 });
    expect(toMcpError(ValidationError.single('count', 'bad')).data['errors']).toEqual([{ field: 'count', message: 'bad' }]);
    expect(toMcpError(new DeviceCommandError('d', 'op', { status: 500, message: 'Internal Server Error', detail: 'not allowed (9)' }, 'group lacks write')).data).toMatchObject({ routeros_error: { detail: 'not allowed (9)' }, suggestion: 'Likely cause: group lacks write.' });
  });

  it('maps plan errors to their own codes', () => {
    expect(toMcpError(new PlanNotApprovedError('p-1', 'pending')).code).toBe(-32030);
    expect(toMcpError(new PlanExpiredError('p-1', new Date(0))).code).toBe(-32031);
  });

  it('maps each refusal of plan_apply to its code, naming the admin command where a new approval helps', () => {
    const codes = (e: Error) => [toMcpError(e).code, toMcpError(e).data.mcp_error_code];
    expect(codes(new PlanApprovalInvalidError('p-1', 'signature'))).toEqual([-32030, 'PLAN_NOT_APPROVED']);
    expect(toMcpError(new PlanApprovalInvalidError('p-1', 'content_changed')).data.suggestion).toContain('routeros-mcp-admin plan approve p-1');
    expect(toMcpError(new PlanNotApprovedError('p-1', 'pending')).message).toContain('routeros-mcp-admin plan approve p-1');
    expect(codes(new PlanApprovalExpiredError('p-1', new Date(0)))).toEqual([-32031, 'PLAN_EXPIRED']);
    expect(codes(new PlanApprovalUsedError('p-1'))).toEqual([-32004, 'CONFLICT']);
    expect(codes(new PlanStateDriftedError('p-1', [{ deviceId: 'r1', sections: ['ip/dns'] }]))).toEqual([-32004, 'CONFLICT']);
    expect(toMcpError(new PlanStateDriftedError('p-1', [{ deviceId: 'r1', sections: ['ip/dns'] }])).data).toMatchObject({ drifted: [{ device_id: 'r1', sections: ['ip/dns'] }] });
    expect(codes(new ChangeStateDriftedError('r1', ['ip/dns']))).toEqual([-32004, 'CONFLICT']);
    expect(codes(new PlanApproverNotEntitledError('p-1', 'model', 'no role'))[1]).toBe('FORBIDDEN');
    expect(codes(new PlanSelfApprovalError('p-1', 'bob'))[1]).toBe('FORBIDDEN');
    expect(codes(new PlanDevicesRefusedError([{ deviceId: 'r3', code: 'SAFETY.TIER_CAPABILITY', reason: 'off' }]))[1]).toBe('UNSAFE_OPERATION');
  });

  it('keeps details short and never passes on the text of an unexpected error', () => {
    const long = new DeviceCommandError('d', 'op', { status: 400, message: 'Bad Request', detail: 'x'.repeat(5000) });
    const mapped = toMcpError(long);
    expect(mapped.data.details.length).toBeLessThanOrEqual(200);
    expect(mapped.message.length).toBeLessThan(260);
    const internal = toMcpError(new Error('password=hunter2 at /etc/secret'), { correlationId: 'c-9' });
    expect(internal).toMatchObject({ code: -32000, message: 'Server error: internal error; it was logged under the correlation id', data: { mcp_error_code: 'INTERNAL_ERROR', recovery_strategy: 'report_and_abort', correlation_id: 'c-9' } });
    expect(JSON.stringify(internal)).not.toContain('hunter2');
  });

  it('builds protocol errors the same way', () => {
    expect(protocolError('NOT_INITIALIZED', 'initialize first')).toMatchObject({ code: -32600, message: 'Invalid Request: initialize first', data: { mcp_error_code: 'NOT_INITIALIZED' } });
  });

  it('every code of the taxonomy is in the spec ranges', () => {
    for (const kind of Object.values(ERROR_KINDS)) expect(kind.code <= -32000 && kind.code >= -32700).toBe(true);
  });
});

describe('toMcpError: the store unavailable', () => {
  it.each([
    ['unreachable', 'ECONNREFUSED', /cannot be reached/],
    ['disk_full', 'SQLITE_FULL', /disk is full/],
    ['read_only', 'SQLITE_READONLY', /read-only/],
    ['busy', 'SQLITE_BUSY', /busy or locked/],
  ] as const)('%s: STORE_UNAVAILABLE, retry with backoff, advice by kind, the driver code but no driver text', (kind, code, advice) => {
    const mapped = toMcpError(new StoreUnavailableError(kind, code), { correlationId: 'c-9' });
    expect(mapped.code).toBe(-32000);
    expect(mapped.message).toMatch(new RegExp(`^Service Unavailable: .*\\(${code}\\); retry in a little while$`));
    expect(mapped.data).toMatchObject({ mcp_error_code: 'STORE_UNAVAILABLE', recovery_strategy: 'retry_with_backoff', store: kind, driver_code: code, next_steps: ['change_list'], correlation_id: 'c-9' });
    expect(mapped.data.suggestion).toMatch(advice);
    expect(mapped.data.suggestion).toMatch(/Retry with backoff/);
  });

  it('is an isError result on both revisions, never a JSON-RPC error', () => {
    const payload = toMcpError(new StoreUnavailableError('unreachable', '57P01'));
    for (const era of ['legacy', 'modern'] as const) {
      const failure = toolFailure(payload, era, 'result');
      expect('result' in failure && failure.result.isError).toBe(true);
      expect(JSON.stringify(failure)).toContain('recovery_strategy: retry_with_backoff');
    }
    expect(errorForEra(payload, 'modern').code).toBe(-32603);
  });
});
