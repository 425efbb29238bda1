import { Agent, IncomingMessage, request } from 'node:http';
import type { Era } from './era-clients';

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

/**
 * One MCP POST as each era's SDK client sends it on the wire (captured from SDK v2 2.4.0 pinned to 2026-07-28, and the
 * 2025-11-25 stateless form): the modern one with its envelope and Mcp-Method/Mcp-Name headers.
 */
export function mcpPost(era: Era, method: string, params: Record<string, unknown>, id: number | string, authorization?: string): { headers: Record<string, string>; body: string } {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': era === 'modern' ? '2026-07-28' : '2025-11-25',
    ...(authorization ? { authorization } : {}),
  };
  if (era === 'modern') {
    headers['mcp-method'] = method;
    if (typeof params['name'] === 'string') headers['mcp-name'] = params['name'];
  }
  const body = JSON.stringify({ jsonrpc: '2.0', id, method, params: era === 'modern' ? { ...params, _meta: ENVELOPE } : params });
  return { headers, body };
}

/** POSTs and reads the whole answer (JSON or an SSE stream that ends with the result). */
export function post(agent: Agent, url: URL, message: { headers: Record<string, string>; body: string }): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers: { ...message.headers, 'content-length': Buffer.byteLength(message.body) } }, (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(message.body);
  });
}

export interface McpLoadResult {
  calls: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

/**
 * `clients` concurrent clients, each on its own keep-alive connection, calling `tool` back to back for `seconds` or
 * until `calls` calls were sent.
 * A call counts when the answer is HTTP 200 with a result that is not an error.
 */
export async function mcpLoad(url: string, era: Era, tool: string, options: { clients: number; seconds?: number; calls?: number; authorization?: string; args?: (call: number) => Record<string, unknown> }): Promise<McpLoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.clients });
  const target = new URL(url);
  const latencies: number[] = [];
  let errors = 0;
  let id = 0;
  const started = performance.now();
  // A duration, a number of calls, or both (whichever ends first).
  const deadline = started + (options.seconds ?? Infinity) * 1000;
  const calls = options.calls ?? Infinity;
  await Promise.all(
    Array.from({ length: options.clients }, async () => {
      while (performance.now() < deadline && id < calls) {
        const t0 = performance.now();
        try {
          const call = ++id;
          const { status, text } = await post(agent, target, mcpPost(era, 'tools/call', { name: tool, arguments: options.args?.(call) ?? {} }, call, options.authorization));
          if (status === 200 && text.includes('"result"') && !text.includes('"isError":true')) latencies.push(performance.now() - t0);
          else errors++;
        } catch {
          errors++;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { calls: latencies.length, seconds, perSecond: latencies.length / seconds, p50Ms: at(0.5), p99Ms: at(0.99), errors };
}
