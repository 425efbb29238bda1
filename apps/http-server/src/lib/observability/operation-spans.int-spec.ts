import { NodeSDK, tracing } from '@opentelemetry/sdk-node';
import { AdminServices, buildContainer, ServerServices } from '@routeros-mcp/composition';
import { loadConfig } from '@routeros-mcp/config';
import type { Principal } from '@routeros-mcp/mcp-protocol';
import { authInfoOf, createHttpMcpHandler, createMcpServer, McpHttpHandler, McpService, ToolCatalog } from '@routeros-mcp/mcp-protocol';
import { connectHttp, EraClient, enrollmentOf, Fleet, startFleet, tempDir, until } from '@routeros-mcp/testing';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { webRequestOf, writeWebResponse } from '../web-bridge';
import { createMetrics } from './metrics';

const PASSWORD = 'Op-Span-Secret-Pw!';
const ALICE: Principal = { id: 'alice@example.org', via: 'http', roles: ['admin'] };
const CLIENT_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CLIENT_SPAN = '00f067aa0ba902b7';

/**
 * OpenTelemetry's MCP conventions on a real HTTP listener with a real SDK client (2026-07-28): one SERVER span
 * per MCP operation, named `{mcp.method.name} {target}`, with the convention's attributes; the client's trace
 * context in `params._meta` is the span's parent; `error.type` on failures; and the duration histogram.
 */
describe('MCP operation spans and the operation duration metric', () => {
  const exporter = new tracing.InMemorySpanExporter();
  const sdk = new NodeSDK({ spanProcessors: [new tracing.SimpleSpanProcessor(exporter)], metricReaders: [], logRecordProcessors: [], instrumentations: [] });
  const metrics = createMetrics({ defaultMetrics: false });
  let fleet: Fleet;
  let dir: ReturnType<typeof tempDir>;
  let services: ServerServices;
  let service: McpService;
  let handler: McpHttpHandler;
  let listener: Server;
  let client: EraClient;

  beforeAll(async () => {
    sdk.start();
    fleet = await startFleet({ devices: 1, profile: 'home', version: '7.20.5', users: [{ name: 'admin', password: PASSWORD, group: 'full' }] });
    dir = tempDir();
    const config = loadConfig({ env: { ROUTEROS_MCP_DATA_DIR: join(dir.path, 'data'), ROUTEROS_MCP_LOG_LEVEL: 'error' }, homeDir: '/nonexistent' });
    const admin = (await buildContainer(config, { logStream: new PassThrough() })).get(AdminServices);
    await admin.devices.enroll({ id: 'spec', via: 'test' }, ...enrollmentOf(fleet.devices[0], 'r0', { name: 'admin', password: PASSWORD }));
    await admin.close();
    services = (await buildContainer(config, { logStream: new PassThrough(), deviceRequestObserver: metrics.deviceRequestObserver })).get(ServerServices);
    service = createMcpServer({
      mode: 'stateless',
      version: '0.0.0',
      environment: 'lab',
      tools: {
        catalog: new ToolCatalog({ toolsets: ['all'] }),
        services: services.toolServices(),
        options: { principal: () => ALICE, toolErrors: 'result', observer: metrics.callObserver },
      },
    });
    handler = createHttpMcpHandler(service, { heartbeatMs: 20_000, maxListenStreams: 10, operations: metrics.operationObserver });
    // The MCP handler on a real loopback listener (the app's route adds authentication and guards, not telemetry).
    listener = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', async () => {
        const body = chunks.length ? Buffer.concat(chunks) : undefined;
        const aborted = new AbortController();
        res.once('close', () => !res.writableFinished && aborted.abort());
        const response = await handler.fetch(webRequestOf(req, new URL(req.url ?? '/mcp', 'http://127.0.0.1'), body, aborted.signal), {
          authInfo: authInfoOf({ clientId: 'spec-client', scopes: [], principal: ALICE }),
          ...(body ? { parsedBody: JSON.parse(body.toString('utf8')) } : {}),
        });
        await writeWebResponse(res, response, { maxBufferedBytes: Number.POSITIVE_INFINITY });
      });
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    client = await connectHttp('modern', `http://127.0.0.1:${(listener.address() as AddressInfo).port}/mcp`, {}, 'span-spec');
  }, 120_000);

  afterAll(async () => {
    await client?.close();
    await new Promise((resolve) => listener?.close(resolve));
    await handler?.close();
    service?.close();
    await services?.close();
    await fleet?.stop();
    dir?.remove();
    await sdk.shutdown();
  });

  const spanNamed = async (name: string) => {
    await until(() => exporter.getFinishedSpans().some((span) => span.name === name), `a span named ${name}`, 10_000);
    return exporter.getFinishedSpans().find((span) => span.name === name)!;
  };
  const exported = () => JSON.stringify(exporter.getFinishedSpans().map((span) => ({ name: span.name, attributes: span.attributes, events: span.events, status: span.status, links: span.links })));

  it('names a tools/call span after its tool, with the convention attributes, and parents the device requests under it', async () => {
    exporter.reset();
    const result = await client.raw.callTool({ name: 'system_get_overview', arguments: { device_id: 'r0' } });
    expect(result.isError).toBeFalsy();
    const span = await spanNamed('tools/call system_get_overview');
    expect(span.kind).toBe(1); // SERVER
    expect(span.attributes).toMatchObject({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'system_get_overview',
      'gen_ai.operation.name': 'execute_tool',
      'mcp.protocol.version': '2026-07-28',
      'network.transport': 'tcp',
      'network.protocol.name': 'http',
      'routeros_mcp.outcome': 'success',
      'routeros_mcp.client.name': 'span-spec',
      'enduser.id': 'alice@example.org',
    });
    expect(typeof span.attributes['jsonrpc.request.id']).toBe('string');
    expect(span.attributes['error.type']).toBeUndefined();
    expect(span.attributes['mcp.session.id']).toBeUndefined(); // stateless HTTP: there is no session
    const children = exporter.getFinishedSpans().filter((child) => child.parentSpanContext?.spanId === span.spanContext().spanId);
    expect(children.map((child) => child.name)).toEqual(expect.arrayContaining([expect.stringMatching(/^routeros\.rest GET /)]));
    expect(exported()).not.toContain(PASSWORD);
    expect(exported()).not.toMatch(/sim-home|7\.20\.5/); // nothing of the answer
  });

  it('makes the client span in params._meta the parent of the tools/call span (2026-07-28)', async () => {
    exporter.reset();
    await client.raw.callTool({ name: 'device_list', arguments: {}, _meta: { traceparent: `00-${CLIENT_TRACE}-${CLIENT_SPAN}-01`, tracestate: 'rojo=00f067aa0ba902b7' } });
    const span = await spanNamed('tools/call device_list');
    expect(span.spanContext().traceId).toBe(CLIENT_TRACE);
    expect(span.parentSpanContext?.spanId).toBe(CLIENT_SPAN);
    expect(span.parentSpanContext?.isRemote).toBe(true);
    expect(span.spanContext().traceState?.get('rojo')).toBe('00f067aa0ba902b7');
  });

  it("sets error.type to the tool's mcp_error_code on an isError result", async () => {
    exporter.reset();
    const result = await client.raw.callTool({ name: 'system_get_overview', arguments: { device_id: 'no-such-device' } });
    expect(result.isError).toBe(true);
    const span = await spanNamed('tools/call system_get_overview');
    expect(span.attributes['error.type']).toBe('NOT_FOUND');
    expect(span.attributes['routeros_mcp.error_code']).toBe('NOT_FOUND');
    expect(span.status).toEqual({ code: 2, message: 'NOT_FOUND' });
    expect(span.attributes['rpc.response.status_code']).toBeUndefined(); // a result, not a JSON-RPC error
    expect(exported()).not.toContain('no-such-device'); // an argument: not on the span
  });

  it('names a resources/read span by its method only, the URI an attribute', async () => {
    exporter.reset();
    await client.readResource('fleet://devices');
    const span = await spanNamed('resources/read');
    expect(span.attributes).toMatchObject({ 'mcp.method.name': 'resources/read', 'mcp.resource.uri': 'fleet://devices', 'mcp.protocol.version': '2026-07-28', 'network.transport': 'tcp' });
    expect(span.attributes['error.type']).toBeUndefined();
    expect(span.attributes['gen_ai.tool.name']).toBeUndefined();
  });

  it('sets error.type to the JSON-RPC code of a protocol error', async () => {
    exporter.reset();
    const failed = await client.raw.readResource({ uri: 'nosuch://thing' }).then(
      () => undefined,
      (error: { code?: number }) => error,
    );
    expect(typeof failed?.code).toBe('number');
    const span = await spanNamed('resources/read');
    expect(span.attributes['error.type']).toBe(String(failed!.code));
    expect(span.attributes['rpc.response.status_code']).toBe(String(failed!.code));
    expect(span.status.code).toBe(2);
  });

  it('spans 2025-era requests too (initialize included), the revision from the header the client sends', async () => {
    exporter.reset();
    const legacy = await connectHttp('legacy', `http://127.0.0.1:${(listener.address() as AddressInfo).port}/mcp`, {}, 'legacy-spec');
    try {
      await legacy.listTools();
      const initialize = await spanNamed('initialize');
      expect(initialize.attributes['mcp.protocol.version']).toBe('2025-11-25');
      const list = await spanNamed('tools/list');
      expect(list.attributes).toMatchObject({ 'mcp.method.name': 'tools/list', 'mcp.protocol.version': '2025-11-25', 'network.transport': 'tcp', 'routeros_mcp.protocol.era': 'legacy' });
      await spanNamed('notifications/initialized');
    } finally {
      await legacy.close();
    }
  });

  it('records mcp_server_operation_duration_seconds for every method, labelled as the convention names the attributes', async () => {
    await client.listTools();
    const { body } = await metrics.render();
    const lines = body.split('\n');
    // The samples of every series holding all these labels, summed.
    const count = (labels: string) =>
      lines.filter((l) => l.startsWith('mcp_server_operation_duration_seconds_count{') && labels.split(',').every((label) => l.includes(label))).reduce((sum, l) => sum + Number(l.split(' ').pop()), 0);
    expect(body).toContain('# TYPE mcp_server_operation_duration_seconds histogram');
    expect(count('mcp_method_name="tools/list",mcp_protocol_version="2026-07-28",network_transport="tcp"')).toBeGreaterThanOrEqual(1);
    expect(count('mcp_method_name="tools/call",gen_ai_tool_name="system_get_overview",error_type="NOT_FOUND"')).toBe(1);
    expect(count('mcp_method_name="tools/call",gen_ai_tool_name="device_list"')).toBe(1);
    expect(count('mcp_method_name="resources/read"')).toBe(2);
    expect(lines.some((l) => l.startsWith('mcp_server_operation_duration_seconds_count{') && l.includes('mcp_method_name="resources/read"') && /error_type="-?\d+"/.test(l))).toBe(true);
    expect(lines.some((l) => l.startsWith('mcp_server_operation_duration_seconds_bucket{') && l.includes('mcp_method_name="tools/list"') && l.includes('le="300"'))).toBe(true);
    expect(body).not.toContain('no-such-device');
  });
});
