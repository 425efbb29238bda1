import { Server } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

/**
 * The cold-start and round-trip baseline: a bare SDK v2 low-level server with one trivial tool, serving both
 * revisions over stdio exactly as the product does (same SDK, same `serveStdio`), and nothing else.
 */
serveStdio(
  () => {
    const server = new Server({ name: 'bare', version: '0.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler('tools/list', async () => ({ tools: [{ name: 'echo', description: 'Answers at once.', inputSchema: { type: 'object' } }] }));
    server.setRequestHandler('tools/call', async () => ({ content: [{ type: 'text', text: 'ok' }] }));
    return server;
  },
  { legacy: 'serve' },
);
