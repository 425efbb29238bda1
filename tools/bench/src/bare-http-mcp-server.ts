import { createMcpHandler, Server } from '@modelcontextprotocol/server';
import { serveBareHttp } from './serve-bare-http';

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
serveBareHttp(handler);
