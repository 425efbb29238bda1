import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';

/** Serves an SDK v2 web handler at /mcp on a free loopback port, says so on stdout, and stops on SIGTERM. */
export function serveBareHttp(handler: Parameters<typeof toNodeHandler>[0]): void {
  const node = toNodeHandler(handler);
  const http = createServer((req, res) => {
    if (req.url?.startsWith('/mcp')) return void node(req, res);
    res.writeHead(404).end();
  });
  http.listen(0, '127.0.0.1', () => {
    const { port } = http.address() as AddressInfo;
    process.stdout.write(JSON.stringify({ ready: true, url: `http://127.0.0.1:${port}/mcp`, pid: process.pid }) + '\n');
  });
  process.on('SIGTERM', () => http.close(() => process.exit(0)));
}
