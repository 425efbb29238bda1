import type { ProtectedResourceMetadata } from '@routeros-mcp/composition';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { sendJson, sendRpcError } from './json-replies';
import { McpRouteDeps, serveMcp } from './mcp-route';

export interface HttpAppDeps extends McpRouteDeps {
  /** RFC 9728 document served at /.well-known/oauth-protected-resource (and its path-suffixed form); OAuth mode only. */
  resourceMetadata(): ProtectedResourceMetadata | undefined;
  readiness(): Promise<{ ready: boolean; checks: Record<string, string> }>;
  /** Requests being served (for the drain): the app counts them in and out. */
  inFlight: { enter(): void; leave(): void };
  /** The operator console under /console (absent when turned off: ROUTEROS_MCP_HTTP_CONSOLE=false). */
  console?: (req: IncomingMessage, res: ServerResponse, path: string) => Promise<void>;
}

const METADATA_PATH = '/.well-known/oauth-protected-resource';

/**
 * Routes: /mcp, the operator console (/console), health and readiness, protected-resource metadata; anything else is a JSON 404. Metrics are not
 * here: they have a listener of their own (observability/metrics-listener), so publishing MCP never publishes them.
 */
export function httpApp(deps: HttpAppDeps): RequestListener {
  const mcpPath = deps.settings.publicUrl.pathname.replace(/\/+$/, '') || '/mcp';
  return (req: IncomingMessage, res: ServerResponse) => {
    deps.inFlight.enter();
    res.once('close', () => deps.inFlight.leave());
    const path = (req.url ?? '/').split('?')[0];
    const route = async () => {
      if (path === mcpPath || path === '/mcp') return serveMcp(req, res, deps);
      if (deps.console && (path === '/console' || path.startsWith('/console/'))) return deps.console(req, res, path);
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { error: 'method not allowed' }, { allow: 'GET' });
      if (path === '/healthz') return sendJson(res, 200, { status: 'alive' });
      if (path === '/readyz') {
        if (deps.draining()) return sendJson(res, 503, { status: 'draining' });
        const readiness = await deps.readiness();
        return sendJson(res, readiness.ready ? 200 : 503, { status: readiness.ready ? 'ready' : 'not ready', checks: readiness.checks });
      }
      if (path === METADATA_PATH || path === `${METADATA_PATH}${mcpPath}`) {
        const metadata = deps.resourceMetadata();
        // MCP requires metadata to name an authorization server; without one (API tokens, auth none) there is none.
        if (!metadata) return sendJson(res, 404, { error: 'no protected-resource metadata: this server does not use OAuth (ROUTEROS_MCP_AUTH is not oauth); send an API token as Authorization: Bearer <token>' });
        return sendJson(res, 200, metadata, { 'access-control-allow-origin': '*' });
      }
      return sendJson(res, 404, { error: `no route ${path}; MCP is served at ${mcpPath}` });
    };
    route().catch((error: unknown) => {
      deps.logger.warn('request failed', { path, error: (error as Error).message });
      sendRpcError(res, 500, -32603, 'Internal error', { mcp_error_code: 'INTERNAL_ERROR' });
    });
  };
}
