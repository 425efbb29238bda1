import { Agent, request } from 'node:http';

export interface HttpExchange {
  status: number;
  contentType: string;
  text: string;
  /** No answer within the bound: the request was cut. */
  hung: boolean;
  /** The connection failed (reset, refused) before an answer. */
  failed?: string;
}

/** Raw POSTs (node:http, not fetch: fetch would add an Accept header the fuzz means to leave out). */
export class HttpPoster {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 8 });

  constructor(private readonly url: string, private readonly hangMs: number) {}

  send(method: string, headers: Record<string, string>, body?: string | Buffer): Promise<HttpExchange> {
    return new Promise((resolve) => {
      const req = request(this.url, { method, headers: { ...headers, ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}) }, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString('utf8'), hung: false });
        });
        res.on('error', (e) => (clearTimeout(timer), resolve({ status: res.statusCode ?? 0, contentType: '', text: '', hung: false, failed: e.message })));
      });
      const timer = setTimeout(() => {
        req.destroy();
        resolve({ status: 0, contentType: '', text: '', hung: true });
      }, this.hangMs);
      req.on('error', (e) => (clearTimeout(timer), resolve({ status: 0, contentType: '', text: '', hung: false, failed: e.message })));
      req.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** The JSON-RPC frames of an answer body: one JSON value, or the data events of an SSE stream. */
export function framesOf(exchange: HttpExchange): { frames: unknown[]; parseable: boolean } {
  if (exchange.text === '') return { frames: [], parseable: true };
  try {
    if (exchange.contentType.startsWith('text/event-stream')) {
      const events = exchange.text.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trim()).filter(Boolean);
      return { frames: events.map((e) => JSON.parse(e) as unknown), parseable: true };
    }
    return { frames: [JSON.parse(exchange.text) as unknown], parseable: true };
  } catch {
    return { frames: [], parseable: false };
  }
}
