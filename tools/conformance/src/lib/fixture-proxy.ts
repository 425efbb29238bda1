import { createServer, IncomingMessage, request as httpRequest, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mapFixtureBody } from './fixture-map';

export interface FixtureProxy {
  /** The MCP endpoint the suite is pointed at: the server's path, on the proxy's port. */
  url: string;
  /** Requests whose body named a fixture with a counterpart, by the method rewritten. */
  mapped: string[];
  close(): Promise<void>;
}

/** Which body field the `Mcp-Name` header mirrors (MCP's HTTP transport, 2026-07-28), per method. */
const NAME_HEADER_SOURCE: Record<string, (params: Record<string, unknown>) => unknown> = {
  'tools/call': (p) => p['name'],
  'prompts/get': (p) => p['name'],
  'resources/read': (p) => p['uri'],
};

function mirroredName(body: string): string | undefined {
  try {
    const message = JSON.parse(body) as { method?: string; params?: Record<string, unknown> };
    const source = message.method ? NAME_HEADER_SOURCE[message.method] : undefined;
    const value = source && message.params ? source(message.params) : undefined;
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

const bodyOf = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject);
  });

/**
 * A loopback HTTP proxy in front of routeros-mcp-http that rewrites the suite's fixtures to their counterparts on
 * this server (fixture-map.ts) and passes everything else, both ways, as it came: answers and SSE streams are
 * piped back untouched, so every check still judges the server's own bytes.
 */
export async function startFixtureProxy(target: string): Promise<FixtureProxy> {
  const upstream = new URL(target);
  const mapped: string[] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const raw = await bodyOf(req);
      const text = raw.toString('utf8');
      const body = raw.length && (req.headers['content-type'] ?? '').includes('json') ? mapFixtureBody(text) : text;
      // The request goes on as if sent to the server itself: the name the suite used is kept (the DNS-rebinding
      // checks judge it), only the proxy's port becomes the server's, in Host and Origin alike.
      const ownPort = String((server.address() as AddressInfo).port);
      const toUpstream = (value: string) => value.replace(new RegExp(`:${ownPort}$`), `:${upstream.port}`);
      const headers: Record<string, string | string[] | undefined> = { ...req.headers, host: req.headers.host ? toUpstream(req.headers.host) : upstream.host };
      if (typeof req.headers.origin === 'string') headers['origin'] = toUpstream(req.headers.origin);
      if (body !== text) {
        mapped.push((JSON.parse(body) as { method?: string }).method ?? '(batch)');
        headers['content-length'] = String(Buffer.byteLength(body));
        const name = mirroredName(body);
        if (headers['mcp-name'] !== undefined && name !== undefined) headers['mcp-name'] = name;
      }
      const forward = httpRequest({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
      });
      forward.on('error', (error) => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`fixture proxy: ${error.message}`);
      });
      res.on('close', () => forward.destroy());
      forward.end(raw.length ? body : undefined);
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`fixture proxy: ${String(error)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${upstream.pathname}${upstream.search}`,
    mapped,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
