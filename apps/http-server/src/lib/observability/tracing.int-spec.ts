import { NodeSDK, tracing } from '@opentelemetry/sdk-node';
import { AdminServices, buildContainer } from '@routeros-mcp/composition';
import { loadConfig } from '@routeros-mcp/config';
import { enrollmentOf, Fleet, startFleet, tempDir } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { createMetrics } from './metrics';

const principal = { id: 'spec', via: 'test' };
const PASSWORD = 'Tr4ce-Secret-Pw!';

/**
 * A tool call observed by the HTTP server's CallObserver, doing real device requests (REST and SSH against the
 * simulator, through the adapters composition builds): the call's span is the parent of every device request's
 * span, and every log line written during the call carries its correlation id.
 */
describe('tool-call tracing over real device requests (a call observed outside any MCP operation)', () => {
  const exporter = new tracing.InMemorySpanExporter();
  const sdk = new NodeSDK({ spanProcessors: [new tracing.SimpleSpanProcessor(exporter)], metricReaders: [], logRecordProcessors: [], instrumentations: [] });
  let fleet: Fleet;
  let dir: ReturnType<typeof tempDir>;
  let admin: AdminServices;
  const logLines: Record<string, unknown>[] = [];
  const metrics = createMetrics({ defaultMetrics: false });

  beforeAll(async () => {
    sdk.start();
    fleet = await startFleet({ devices: 1, profile: 'home', version: '7.20.5', users: [{ name: 'admin', password: PASSWORD, group: 'full' }] });
    dir = tempDir();
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => chunk.toString().split('\n').filter(Boolean).forEach((line) => logLines.push(JSON.parse(line))));
    const config = loadConfig({ env: { ROUTEROS_MCP_DATA_DIR: join(dir.path, 'data'), ROUTEROS_MCP_LOG_LEVEL: 'debug' }, homeDir: '/nonexistent' });
    admin = (await buildContainer(config, { logStream, deviceRequestObserver: metrics.deviceRequestObserver })).get(AdminServices);
    await admin.devices.enroll(principal, ...enrollmentOf(fleet.devices[0], 'r0', { name: 'admin', password: PASSWORD }));
  }, 120_000);

  afterAll(async () => {
    await admin?.close();
    await fleet?.stop();
    dir?.remove();
    await sdk.shutdown();
  });

  it('makes the tools/call span the parent of the REST and SSH request spans, with the correlation id', async () => {
    exporter.reset();
    logLines.length = 0;
    const call = { tool: 'system_get_overview', principalId: 'alice@example.org', clientName: 'spec-client', correlationId: 'corr-7f3a', era: 'modern' as const };
    const report = await metrics.callObserver.run(call, () => admin.connectivity.test(principal, 'r0'));
    metrics.callObserver.ended(call, { result: 'success', durationMs: 20, estimatedTokens: 55 });
    expect(report).toMatchObject({ rest: { ok: true }, ssh: { ok: true } });

    const spans = exporter.getFinishedSpans();
    const root = spans.find((span) => span.name === 'tools/call system_get_overview');
    expect(root).toBeDefined();
    expect(root!.attributes).toMatchObject({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'system_get_overview',
      'gen_ai.operation.name': 'execute_tool',
      'routeros_mcp.protocol.era': 'modern',
      'routeros_mcp.correlation_id': 'corr-7f3a',
      'enduser.id': 'alice@example.org',
      'routeros_mcp.client.name': 'spec-client',
      'routeros_mcp.outcome': 'success',
    });
    const children = spans.filter((span) => span.parentSpanContext?.spanId === root!.spanContext().spanId);
    expect(children.map((span) => span.name).sort()).toEqual(['routeros.rest GET /system/identity', 'routeros.rest GET /system/resource', 'routeros.ssh print']);
    for (const child of children) {
      expect(child.spanContext().traceId).toBe(root!.spanContext().traceId);
      expect(child.attributes['routeros.device_id']).toBe('r0');
    }
    // Names and ids only: no credentials, no answers.
    const exported = JSON.stringify(spans.map((span) => ({ name: span.name, attributes: span.attributes, events: span.events, status: span.status })));
    expect(exported).not.toContain(PASSWORD);
    expect(exported).not.toMatch(/sim-home|7\.20\.5/);

    // Every line logged inside the call (the adapters' debug lines included) carries the call's correlation id.
    await new Promise((resolve) => setImmediate(resolve));
    const during = logLines.filter((line) => ['routeros call', 'routeros ssh command', 'device tested'].includes(String(line['message'])));
    expect(during.map((line) => line['message'])).toEqual(expect.arrayContaining(['routeros call', 'routeros ssh command', 'device tested']));
    expect(during.every((line) => line['correlation_id'] === 'corr-7f3a')).toBe(true);
    expect(JSON.stringify(logLines)).not.toContain(PASSWORD);
  });

  it('marks a failed call as an error with its mcp error code', async () => {
    exporter.reset();
    const call = { tool: 'system_get_overview', principalId: 'alice@example.org', correlationId: 'corr-err', era: 'legacy' as const };
    await expect(metrics.callObserver.run(call, () => admin.connectivity.test(principal, 'no-such-device'))).rejects.toThrow();
    metrics.callObserver.ended(call, { result: 'error', code: 'NOT_FOUND', durationMs: 3 });
    const root = exporter.getFinishedSpans().find((span) => span.name === 'tools/call system_get_overview');
    expect(root?.status).toEqual({ code: 2, message: 'NOT_FOUND' });
    expect(root?.attributes['error.type']).toBe('NOT_FOUND');
    expect(root?.attributes['routeros_mcp.error_code']).toBe('NOT_FOUND');
    expect(root?.attributes['routeros_mcp.client.name']).toBe('unknown');
  });
});
