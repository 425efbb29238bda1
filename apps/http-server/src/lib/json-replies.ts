import type { ServerResponse } from 'node:http';

/** A JSON-RPC error body, so a client that reads JSON never gets HTML or an empty page. */
export function rpcErrorBody(code: number, message: string, data?: Record<string, unknown>, id: string | number | null = null) {
  return { jsonrpc: '2.0' as const, id, error: { code, message, ...(data ? { data } : {}) } };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store', ...headers });
  res.end(text);
}

export function sendRpcError(res: ServerResponse, status: number, code: number, message: string, data?: Record<string, unknown>, headers: Record<string, string> = {}): void {
  sendJson(res, status, rpcErrorBody(code, message, data), headers);
}
