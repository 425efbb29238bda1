import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { sendJson } from '../json-replies';

export interface MetricsListenerDeps {
  /** The Prometheus exposition. */
  render(): Promise<{ contentType: string; body: string }>;
  /** When set, a scrape must send `Authorization: Bearer <token>`. */
  scrapeToken?: string;
  onError(error: Error): void;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The metrics listener's routes: `GET /metrics` (with the scrape token when one is configured) and nothing else. It
 * is its own listener, apart from the MCP endpoint, so an ingress that publishes MCP does not publish metrics.
 */
export function metricsApp(deps: MetricsListenerDeps): RequestListener {
  const expected = deps.scrapeToken === undefined ? undefined : digest(deps.scrapeToken);
  // Digests of equal length, compared in constant time: the token's length and prefix leak nothing either.
  const authorized = (req: IncomingMessage) => {
    if (!expected) return true;
    const match = /^Bearer ([^\s]+)$/.exec(req.headers.authorization ?? '');
    return match !== null && timingSafeEqual(digest(match[1]), expected);
  };
  return (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    const route = async () => {
      if (path !== '/metrics') return sendJson(res, 404, { error: `no route ${path}; this listener serves /metrics only` });
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { error: 'method not allowed' }, { allow: 'GET, HEAD' });
      if (!authorized(req)) return sendJson(res, 401, { error: 'send the scrape token as Authorization: Bearer <token>' }, { 'www-authenticate': 'Bearer realm="metrics"' });
      const { contentType, body } = await deps.render();
      res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    route().catch((error: unknown) => {
      deps.onError(error as Error);
      sendJson(res, 500, { error: 'metrics could not be rendered' });
    });
  };
}
