import type { ObservedCall } from '@routeros-mcp/mcp-protocol';
import { createMetrics } from './metrics';
import { labelValue, PairCap, roleLabel } from './label-bounds';

const call = (over: Partial<ObservedCall> = {}): ObservedCall => ({ tool: 'system_get_overview', principalId: 'token:alice', roles: ['ops_rw'], clientName: 'Claude Desktop', credentialId: '0123456789ab', correlationId: 'c-1', era: 'modern', ...over });

/** The value of one series in the Prometheus text, or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('createMetrics', () => {
  it('counts tool calls by tool, outcome and code, with durations and per-client statistics', async () => {
    const metrics = createMetrics({ defaultMetrics: false });
    const ok = call();
    await metrics.callObserver.run(ok, async () => 'answer');
    metrics.callObserver.ended(ok, { result: 'success', durationMs: 12, estimatedTokens: 300 });
    const failed = call({ tool: 'dns_set_servers' });
    await expect(metrics.callObserver.run(failed, async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    metrics.callObserver.ended(failed, { result: 'error', code: 'SAFETY_VIOLATION', durationMs: 2500 });

    const { contentType, body } = await metrics.render();
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sample(body, 'routeros_mcp_tool_calls_total{tool="system_get_overview",outcome="success",code="none"}')).toBe(1);
    expect(sample(body, 'routeros_mcp_tool_calls_total{tool="dns_set_servers",outcome="error",code="SAFETY_VIOLATION"}')).toBe(1);
    expect(sample(body, 'routeros_mcp_tool_call_duration_seconds_bucket{le="0.025",tool="system_get_overview"}')).toBe(1);
    expect(sample(body, 'routeros_mcp_tool_call_duration_seconds_bucket{le="2.5",tool="dns_set_servers"}')).toBe(1);
    expect(sample(body, 'routeros_mcp_tool_call_duration_seconds_bucket{le="1",tool="dns_set_servers"}')).toBe(0);
    expect(sample(body, 'routeros_mcp_client_calls_total{role="ops_rw",client="Claude Desktop"}')).toBe(2);
    expect(sample(body, 'routeros_mcp_client_estimated_tokens_total{role="ops_rw",client="Claude Desktop"}')).toBe(300);
    expect(sample(body, 'routeros_mcp_client_errors_total{role="ops_rw",client="Claude Desktop"}')).toBe(1);
  });

  it('labels callers by role, never by principal, token id or OAuth client: a call naming no client is `unknown`', async () => {
    const metrics = createMetrics({ defaultMetrics: false });
    const callers = [
      call({ principalId: 'token:ci-bot', roles: ['admin', 'approver'], credentialId: 'feedfacecafe', clientName: undefined }),
      call({ principalId: 'oidc:https://idp.example.com#u-42', roles: ['approver', 'admin', 'admin'], credentialId: 'vscode-client', clientName: undefined }),
      call({ principalId: 'os:root', roles: undefined, credentialId: undefined, clientName: 'cli' }),
      call({ principalId: 'oidc:https://idp.example.com#u-43', roles: ['nonsense'], credentialId: 'x-client' }),
    ];
    for (const c of callers) metrics.callObserver.ended(c, { result: 'success', durationMs: 1 });
    const { body } = await metrics.render();
    expect(sample(body, 'routeros_mcp_client_calls_total{role="admin+approver",client="unknown"}')).toBe(2);
    expect(sample(body, 'routeros_mcp_client_calls_total{role="local",client="cli"}')).toBe(1);
    expect(sample(body, 'routeros_mcp_client_calls_total{role="none",client="Claude Desktop"}')).toBe(1);
    for (const identity of ['ci-bot', 'feedfacecafe', 'u-42', 'u-43', 'vscode-client', 'x-client', 'root', 'idp.example.com', 'principal=']) expect(body).not.toContain(identity);
  });

  it('counts device requests, errors by kind and the circuit state per device', async () => {
    const metrics = createMetrics({ defaultMetrics: false });
    const observer = metrics.deviceRequestObserver;
    observer.requestEnded({ deviceId: 'r1', transport: 'rest', operation: 'GET /ip/address', durationMs: 4, outcome: 'ok' });
    observer.requestEnded({ deviceId: 'r1', transport: 'rest', operation: 'GET /ip/address', durationMs: 5000, outcome: 'timeout' });
    observer.requestEnded({ deviceId: 'r1', transport: 'ssh', operation: 'export', durationMs: 800, outcome: 'host_key' });
    observer.requestEnded({ deviceId: 'r1', transport: 'ssh', operation: 'export', durationMs: 800, outcome: 'Not A Kind!' });
    observer.breakerChanged('r1', 'open');
    observer.breakerChanged('r2', 'half_open');
    observer.breakerChanged('r3', 'open');
    observer.breakerChanged('r3', 'closed');

    const { body } = await metrics.render();
    expect(sample(body, 'routeros_mcp_device_requests_total{transport="rest",outcome="ok"}')).toBe(1);
    expect(sample(body, 'routeros_mcp_device_requests_total{transport="rest",outcome="error"}')).toBe(1);
    expect(sample(body, 'routeros_mcp_device_requests_total{transport="ssh",outcome="error"}')).toBe(2);
    expect(sample(body, 'routeros_mcp_device_request_duration_seconds_count{transport="rest"}')).toBe(2);
    expect(sample(body, 'routeros_mcp_device_request_errors_total{transport="rest",kind="timeout"}')).toBe(1);
    expect(sample(body, 'routeros_mcp_device_request_errors_total{transport="ssh",kind="host_key"}')).toBe(1);
    expect(sample(body, 'routeros_mcp_device_request_errors_total{transport="ssh",kind="other"}')).toBe(1);
    expect(sample(body, 'routeros_mcp_circuit_breaker_state{device="r1"}')).toBe(2);
    expect(sample(body, 'routeros_mcp_circuit_breaker_state{device="r2"}')).toBe(1);
    expect(sample(body, 'routeros_mcp_circuit_breaker_state{device="r3"}')).toBe(0);
  });

  it('follows open listen streams and rate-limit refusals, never below zero', async () => {
    const metrics = createMetrics({ defaultMetrics: false });
    metrics.listenStreamOpened();
    metrics.listenStreamOpened();
    metrics.listenStreamClosed();
    metrics.rateLimitRefused('advanced');
    metrics.rateLimitRefused('advanced');
    metrics.rateLimitRefused('"}\n evil');
    expect(sample((await metrics.render()).body, 'routeros_mcp_listen_streams_open')).toBe(1);
    metrics.listenStreamClosed();
    metrics.listenStreamClosed();
    const { body } = await metrics.render();
    expect(sample(body, 'routeros_mcp_listen_streams_open')).toBe(0);
    expect(sample(body, 'routeros_mcp_rate_limit_refusals_total{tier="advanced"}')).toBe(2);
    expect(sample(body, 'routeros_mcp_rate_limit_refusals_total{tier="other"}')).toBe(1);
  });

  it('counts authorization refusals by reason and status only', async () => {
    const metrics = createMetrics({ defaultMetrics: false });
    metrics.authRefused('invalid', 401);
    metrics.authRefused('invalid', 401);
    metrics.authRefused('missing', 401);
    metrics.authRefused('role', 403);
    metrics.authRefused('"}\n evil' as never, 401);
    const { body } = await metrics.render();
    expect(sample(body, 'routeros_mcp_auth_refusals_total{reason="invalid",status="401"}')).toBe(2);
    expect(sample(body, 'routeros_mcp_auth_refusals_total{reason="missing",status="401"}')).toBe(1);
    expect(sample(body, 'routeros_mcp_auth_refusals_total{reason="role",status="403"}')).toBe(1);
    expect(sample(body, 'routeros_mcp_auth_refusals_total{reason="other",status="401"}')).toBe(1);
  });

  it('bounds label cardinality: unknown tools, odd client names, and too many role/client pairs', async () => {
    const metrics = createMetrics({ defaultMetrics: false, maxClientPairs: 3 });
    for (let i = 0; i < 10; i++) {
      const c = call({ tool: `made_up_${i}`, principalId: `user-${i}`, clientName: `client ${i}` });
      metrics.callObserver.ended(c, { result: 'error', code: 'TOOL_NOT_FOUND', durationMs: 1 });
    }
    const weird = call({ clientName: `"}\n${'x'.repeat(500)}` });
    metrics.callObserver.ended(weird, { result: 'success', durationMs: 1 });
    const { body } = await metrics.render();
    expect(sample(body, 'routeros_mcp_tool_calls_total{tool="unknown",outcome="error",code="TOOL_NOT_FOUND"}')).toBe(10);
    expect(body).not.toMatch(/made_up_/);
    const clientSeries = body.split('\n').filter((l) => l.startsWith('routeros_mcp_client_calls_total{'));
    expect(clientSeries).toHaveLength(4); // three pairs of their own, then `other`
    expect(sample(body, 'routeros_mcp_client_calls_total{role="other",client="other"}')).toBe(8);
    expect(body).not.toMatch(/x{65}/);
  });

  it('has its own registry, with the process metrics unless turned off', async () => {
    const withDefaults = createMetrics();
    expect((await withDefaults.render()).body).toMatch(/^process_cpu_user_seconds_total /m);
    const without = createMetrics({ defaultMetrics: false });
    expect((await without.render()).body).not.toMatch(/process_cpu/);
  });
});

describe('label bounds', () => {
  it('keeps printable ASCII, truncates, and names the empty value', () => {
    expect(labelValue('Claude Desktop 1.2')).toBe('Claude Desktop 1.2');
    expect(labelValue('a"b\\c\nd')).toBe('a_b_c_d');
    expect(labelValue('x'.repeat(100))).toHaveLength(64);
    expect(labelValue(undefined)).toBe('unknown');
    expect(labelValue('   ')).toBe('unknown');
  });

  it('caps distinct pairs but keeps counting the pairs it already knows', () => {
    const cap = new PairCap(2);
    expect(cap.labels('a', '1')).toEqual({ role: 'a', client: '1' });
    expect(cap.labels('b', '1')).toEqual({ role: 'b', client: '1' });
    expect(cap.labels('c', '1')).toEqual({ role: 'other', client: 'other' });
    expect(cap.labels('a', '1')).toEqual({ role: 'a', client: '1' });
  });

  it('names roles in a fixed order from a closed vocabulary', () => {
    expect(roleLabel(['approver', 'read_only'])).toBe('read_only+approver');
    expect(roleLabel([])).toBe('none');
    expect(roleLabel(['toString', 'constructor'])).toBe('none');
    expect(roleLabel(undefined)).toBe('local');
  });
});
