import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { startTracing } from './tracing';

/**
 * The exporter loads node:http with a dynamic import, which Jest's module sandbox refuses; so the export runs in a
 * plain Node process from the app's build (the integration target builds it first).
 */
const BUILT = join(__dirname, '..', '..', '..', 'dist', 'lib', 'observability');

/** Starts tracing from the environment, observes one tool call, shuts down (flushing), and says so on stdout. */
const CHILD = `
const { createMetrics } = require(${JSON.stringify(join(BUILT, 'metrics.js'))});
const { startTracing } = require(${JSON.stringify(join(BUILT, 'tracing.js'))});
(async () => {
  const tracing = startTracing({ serviceName: 'routeros-mcp-http', version: '9.9.9' });
  const metrics = createMetrics({ defaultMetrics: false });
  const call = { tool: 'device_list', principalId: 'alice', clientName: 'spec', correlationId: 'corr-otlp-1', era: 'modern' };
  await metrics.callObserver.run(call, async () => 'done');
  metrics.callObserver.ended(call, { result: 'success', durationMs: 1 });
  await tracing.shutdown();
  await tracing.shutdown();
  process.stdout.write(JSON.stringify({ enabled: tracing.enabled }) + '\\n');
})().catch((error) => { process.stderr.write(String(error && error.stack || error)); process.exit(1); });
`;

function runChild(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CHILD], { env: { PATH: process.env['PATH']!, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

interface Received {
  path: string;
  contentType: string;
  body: Buffer;
}

/** A stand-in OTLP/HTTP collector on 127.0.0.1: records every POST and answers 200. */
function startReceiver(): Promise<{ server: Server; url: string; next: Promise<Received> }> {
  let deliver: (received: Received) => void;
  const next = new Promise<Received>((resolve) => (deliver = resolve));
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': String(req.headers['content-type'] ?? 'application/json') }).end();
      if (req.method === 'POST') deliver({ path: req.url ?? '', contentType: String(req.headers['content-type']), body: Buffer.concat(chunks) });
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, next })));
}

/** Rejects after a generous bound, so a lost export fails the spec instead of hanging it. */
const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} not within ${ms} ms`)), ms).unref())]);

describe('OTLP/HTTP export configured by the standard variables', () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  });

  it('sends the spans of a tool call to OTEL_EXPORTER_OTLP_ENDPOINT/v1/traces, at the latest on shutdown', async () => {
    expect(existsSync(join(BUILT, 'tracing.js'))).toBe(true); // run through nx: the integration target builds the app first
    const receiver = await startReceiver();
    try {
      const child = await within(
        runChild({
          OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
          OTEL_SERVICE_NAME: 'routeros-mcp-http-spec',
          // Only the flush on shutdown sends: the batch delay is far longer than the spec.
          OTEL_BSP_SCHEDULE_DELAY: '600000',
        }),
        60_000,
        'the traced process',
      );
      expect(child.stderr).toBe('');
      expect(child.code).toBe(0);
      expect(JSON.parse(child.stdout)).toEqual({ enabled: true });

      const received = await within(receiver.next, 30_000, 'an OTLP request');
      expect(received.path).toBe('/v1/traces');
      expect(received.contentType).toMatch(/^application\/(x-protobuf|json)/);
      const text = received.body.toString('latin1');
      expect(text).toContain('tools/call device_list');
      expect(text).toContain('corr-otlp-1');
      expect(text).toContain('routeros-mcp-http-spec'); // OTEL_SERVICE_NAME wins over the default name
      expect(text).toContain('9.9.9');
    } finally {
      await new Promise((resolve) => receiver.server.close(resolve));
    }
  });

  it('starts nothing when the environment asks for no traces', async () => {
    delete process.env['OTEL_EXPORTER_OTLP_ENDPOINT'];
    delete process.env['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'];
    delete process.env['OTEL_TRACES_EXPORTER'];
    const tracing = startTracing({ serviceName: 'routeros-mcp-http', version: '1.0.0' });
    expect(tracing.enabled).toBe(false);
    await tracing.shutdown();
  });
});
