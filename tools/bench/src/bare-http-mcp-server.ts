import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, Server } from '@modelcontextprotocol/server';

/**
 * The HTTP baseline: the SDK v2's own `createMcpHandler` on plain node:http with one trivial tool, both revisions
 * (2025-era stateless), no authentication, no checks. What one MCP request over HTTP costs by itself.
 * Prints `{"ready":true,"url":…}` on stdout.
 */
const handler = createMcpHandler(
  () => {
    const server = new Server({ name: 'bare', version: '0.0.0' }, { capabilities: { tools: {}, resources: { subscribe: true } } });
    server.setRequestHandler('tools/list', async () => ({ tools: [{ name: 'echo', description: 'Answers at once.', inputSchema: { type: 'object' } }] }));
    server.setRequestHandler('tools/call', async () => ({ content: [{ type: 'text', text: 'ok' }] }));
    return server;
  },
  { legacy: 'stateless', maxSubscriptions: 100_000 },
);
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
