import type { IncomingMessage, ServerResponse } from 'node:http';

/** The Node request as a web Request for the SDK's handler; the body was read already (bounded) by the app. */
export function webRequestOf(req: IncomingMessage, url: URL, body: Buffer | undefined, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const method = req.method ?? 'GET';
  return new Request(url, { method, headers, signal, ...(body && method !== 'GET' && method !== 'HEAD' ? { body: new Uint8Array(body) } : {}) });
}

export interface StreamLimits {
  /** Unsent bytes a slow reader may leave in the socket's buffer before it is disconnected. */
  maxBufferedBytes: number;
  /** Called once when a reader could not keep up and was disconnected. */
  onOverflow?: () => void;
}

/**
 * Writes the SDK's web Response to the Node response. Bodies are streamed as they come (SSE included); a client
 * whose unsent data passes the bound is disconnected rather than buffered without end.
 */
export async function writeWebResponse(res: ServerResponse, response: Response, limits: StreamLimits, extraHeaders: Record<string, string> = {}): Promise<void> {
  const headers: Record<string, string> = { ...extraHeaders };
  response.headers.forEach((value, name) => (headers[name] = value));
  res.writeHead(response.status, headers);
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  res.once('close', stop);
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      if (res.destroyed) break;
      res.write(value);
      // SSE frames are flushed as they come; the socket keeps what the client has not read yet.
      if (res.writableLength > limits.maxBufferedBytes) {
        limits.onOverflow?.();
        res.destroy();
        stop();
        return;
      }
    }
    res.end();
  } catch {
    res.destroy();
  } finally {
    res.off('close', stop);
  }
}
