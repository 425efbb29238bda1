import type { IncomingMessage } from 'node:http';
import type { HttpSettings } from './http-settings';

const ALLOWED_HEADERS = 'authorization, content-type, accept, mcp-protocol-version, mcp-method, mcp-name, mcp-session-id, last-event-id';
const EXPOSED_HEADERS = 'www-authenticate, retry-after, mcp-protocol-version, mcp-session-id';

export type OriginVerdict = { allowed: true; headers: Record<string, string> } | { allowed: false; origin: string };

/**
 * Requests without Origin (non-browser clients) pass. A browser origin must be the endpoint's own or on the
 * allow-list; an allowed one gets the CORS headers, any other is refused before anything runs (DNS rebinding,
 * cross-site calls from a page the user happened to open).
 */
export function checkOrigin(req: IncomingMessage, settings: HttpSettings): OriginVerdict {
  const origin = req.headers.origin;
  if (!origin) return { allowed: true, headers: {} };
  if (origin !== settings.publicUrl.origin && !settings.allowedOrigins.includes(origin)) return { allowed: false, origin };
  return { allowed: true, headers: { 'access-control-allow-origin': origin, vary: 'Origin', 'access-control-expose-headers': EXPOSED_HEADERS } };
}

export function preflightHeaders(): Record<string, string> {
  return { 'access-control-allow-methods': 'POST, GET, DELETE, OPTIONS', 'access-control-allow-headers': ALLOWED_HEADERS, 'access-control-max-age': '600' };
}
