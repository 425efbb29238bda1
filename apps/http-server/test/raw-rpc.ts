/** The envelope every 2026-07-28 request carries. */
export const MODERN_META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {}, 'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1.0.0' } };

export type RawEra = 'legacy' | 'modern';

/** A raw answer: status, headers and the JSON body (the last data event of an SSE stream). */
export interface RawAnswer {
  status: number;
  headers: Headers;
  body: any;
}

/** The body of an answer, JSON or the last `data:` event of a one-shot SSE stream. */
async function bodyOf(response: Response): Promise<any> {
  const text = await response.text();
  if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) return text ? JSON.parse(text) : undefined;
  const events = text.split('\n').filter((line) => line.startsWith('data:')).map((line) => JSON.parse(line.slice(5)));
  return events.filter((e) => 'result' in e || 'error' in e).pop() ?? events.pop();
}

/**
 * One JSON-RPC request over HTTP, shaped as a client of `era` sends it: 2025-era requests as they are (stateless
 * on this server), modern ones with the envelope and the standard headers (MCP-Protocol-Version, Mcp-Method,
 * Mcp-Name). `body` replaces the whole body (batches, odd ids); an open stream (a listen) is read up to its headers.
 */
export async function rawRpc(url: string, options: { era: RawEra; token?: string; authorization?: string; id?: unknown; method: string; params?: Record<string, any>; body?: string; headers?: Record<string, string>; stream?: boolean }): Promise<RawAnswer> {
  const { era, method } = options;
  const params = era === 'modern' ? { ...(options.params ?? {}), _meta: { ...MODERN_META, ...(options.params?.['_meta'] ?? {}) } } : options.params;
  const name = typeof options.params?.['name'] === 'string' ? options.params['name'] : typeof options.params?.['uri'] === 'string' ? options.params['uri'] : undefined;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    ...(options.authorization !== undefined ? { authorization: options.authorization } : options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...(era === 'modern' ? { 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, ...(name !== undefined ? { 'mcp-name': name } : {}) } : {}),
    ...options.headers,
  };
  const body = options.body ?? JSON.stringify({ jsonrpc: '2.0', id: 'id' in options ? options.id : 1, method, ...(params ? { params } : {}) });
  const aborted = new AbortController();
  const response = await fetch(url, { method: 'POST', headers, body, signal: aborted.signal });
  if (options.stream && response.ok && (response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    aborted.abort();
    return { status: response.status, headers: response.headers, body: undefined };
  }
  return { status: response.status, headers: response.headers, body: await bodyOf(response) };
}
