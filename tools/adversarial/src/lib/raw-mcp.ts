/* eslint-disable @typescript-eslint/no-explicit-any -- JSON-RPC replies are checked loosely, as an attacker reads them */

export const REVISIONS = ['2025-11-25', '2026-07-28'] as const;
export type Revision = (typeof REVISIONS)[number];

export interface RawReply {
  status: number;
  headers: Headers;
  /** The JSON-RPC message answering the request (from a JSON body or the SSE stream), if any. */
  message?: any;
  /** The whole body as text, for searching. */
  text: string;
}

/** The params field an `Mcp-Name` header mirrors, per method (2026-07-28 requires the header for these). */
const NAME_FIELD: Record<string, 'name' | 'uri'> = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' };

const MODERN_META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {}, 'io.modelcontextprotocol/clientInfo': { name: 'adversary', version: '1.0.0' } };

/** The first JSON-RPC message with an id or an error in an SSE body (progress and log notifications skipped). */
function fromSse(text: string): any {
  for (const block of text.split(/\n\n/)) {
    const data = block.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trim()).join('\n');
    if (!data) continue;
    try {
      const message = JSON.parse(data);
      if (message && (message.id !== undefined || message.error)) return message;
    } catch {
      // a heartbeat or a partial frame: not the answer
    }
  }
  return undefined;
}

/** The first data message of an SSE body, whatever it is (a listen stream's acknowledgement). */
function firstData(text: string): any {
  const line = text.split('\n').find((l) => l.startsWith('data:'));
  try {
    return line ? JSON.parse(line.slice(5).trim()) : undefined;
  } catch {
    return undefined;
  }
}

export interface RawOptions {
  token?: string;
  /** An Authorization header as sent, verbatim (overrides `token`). */
  authorization?: string;
  id?: unknown;
  headers?: Record<string, string>;
  /** The body as sent, verbatim (a batch, a hostile id…); `method` and `params` then only set the headers. */
  body?: string;
  /** An open-ended stream (subscriptions/listen): read up to its first message, then hang up. */
  stream?: boolean;
}

/** Reads a stream up to its first whole SSE message with data (or a whole JSON body), then aborts it. */
async function firstMessageOf(body: ReadableStream<Uint8Array>, aborter: AbortController): Promise<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return text;
      text += decoder.decode(value, { stream: true });
      if (/(^|\n)data:[^\n]*\n\n/.test(text)) return text;
    }
  } finally {
    aborter.abort();
  }
}

/** One POST to an MCP endpoint as the named revision, exactly as a hand-written client (or an attacker) sends it. */
export async function rawMcp(url: string, revision: Revision, method: string, params: Record<string, unknown> = {}, options: RawOptions = {}): Promise<RawReply> {
  const modern = revision === '2026-07-28';
  const field = NAME_FIELD[method];
  const name = field && typeof params[field] === 'string' ? (params[field] as string) : undefined;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': revision,
    ...(modern ? { 'mcp-method': method, ...(name !== undefined ? { 'mcp-name': /^[\x20-\x7e]*$/.test(name) ? name : `=?base64?${Buffer.from(name).toString('base64')}?=` } : {}) } : {}),
    ...(options.authorization !== undefined ? { authorization: options.authorization } : options.token !== undefined ? { authorization: `Bearer ${options.token}` } : {}),
    ...options.headers,
  };
  const withMeta = modern ? { ...params, _meta: { ...MODERN_META, ...((params['_meta'] as object) ?? {}) } } : params;
  const body = options.body ?? JSON.stringify({ jsonrpc: '2.0', id: options.id ?? 1, method, params: withMeta });
  const aborter = new AbortController();
  const response = await fetch(url, { method: 'POST', headers, body, signal: aborter.signal });
  const text = options.stream && response.body ? await firstMessageOf(response.body, aborter) : await response.text();
  let message: any;
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) message = fromSse(text) ?? firstData(text);
  else {
    try {
      message = text ? JSON.parse(text) : undefined;
    } catch {
      message = undefined;
    }
  }
  return { status: response.status, headers: response.headers, message, text };
}

/** Whether a reply served the request: HTTP 2xx with a JSON-RPC result that is not an isError tool result. */
export function served(reply: RawReply): boolean {
  return reply.status >= 200 && reply.status < 300 && reply.message?.result !== undefined && reply.message.result.isError !== true;
}

/** A one-line account of a reply, for the ledger (status, error code, mcp_error_code). */
export function describeReply(reply: RawReply): string {
  const error = reply.message?.error ?? (reply.message?.result?.isError ? reply.message.result.structuredContent?.error : undefined);
  const code = error?.data?.mcp_error_code ?? error?.mcp_error_code;
  return `HTTP ${reply.status}${error ? ` ${error.code ?? ''} ${code ?? ''} ${String(error.message ?? '').slice(0, 120)}` : reply.message?.result ? ' result' : ''}`.trim();
}
