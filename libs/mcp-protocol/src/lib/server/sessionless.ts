import type { Server } from '@modelcontextprotocol/server';
import { protocolError } from '../errors/map-domain-error';
import { RpcError } from './rpc-error';

/**
 * logging/setLevel on a 2025-era request over stateless HTTP: there is no session for the level to last in, so
 * instead of a success that changes nothing, a clear error naming what works.
 */
export function refuseSessionLogLevel(server: Server): void {
  server.setRequestHandler('logging/setLevel', async () => {
    throw new RpcError(
      protocolError('METHOD_NOT_FOUND', 'logging/setLevel needs a session, and this HTTP endpoint serves 2025-era requests statelessly', { method: 'logging/setLevel', alternatives: ['io.modelcontextprotocol/logLevel in each request (MCP 2026-07-28)'] }, 'Connect with MCP 2026-07-28 and ask for log messages per request, or use the stdio server; the server log keeps every message.'),
    );
  });
}
