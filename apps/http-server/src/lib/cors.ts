import type { IncomingMessage } from 'node:http';
import { validateHostHeader } from '@routeros-mcp/mcp-protocol';
import type { HttpSettings } from './http-settings';

const ALLOWED_HEADERS = 'authorization, content-type, accept, mcp-protocol-version, mcp-method, mcp-name, mcp-session-id, last-event-id';
const EXPOSED_HEADERS = 'www-authenticate, retry-after, mcp-protocol-version, mcp-session-id';

export type OriginVerdict = { allowed: true; headers: Record<string, string> } | { allowed: false; origin: string };

/** `scheme://host[:port]` as the URL standard serialises it (lower case, default port dropped), or undefined. */
function originOf(text: string): string | undefined {
  try {
    const origin = new URL(text).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * The endpoint's own origins: the public URL's, and the one the request itself was sent to when its Host is a name
 * this server serves (http://localhost:8080 and http://127.0.0.1:8080 are both this server on loopback). A page
 * from another name cannot pass: DNS rebinding gives it a Host the server does not serve.
 */
function ownOrigins(req: IncomingMessage, settings: HttpSettings): string[] {
  const own = [settings.publicUrl.origin];
  const host = req.headers.host;
  if (host && validateHostHeader(host, settings.allowedHosts).ok) {
    const requested = originOf(`${settings.publicUrl.protocol}//${host}`);
    if (requested) own.push(requested);
  }
  return own;
}

/**
 * Requests without Origin (non-browser clients) pass. A browser origin must be the endpoint's own or on the
 * allow-list; an allowed one gets the CORS headers, any other is refused before anything runs (DNS rebinding,
 * cross-site calls from a page the user happened to open).
 */
export function checkOrigin(req: IncomingMessage, settings: HttpSettings): OriginVerdict {
  const origin = req.headers.origin;
  if (!origin) return { allowed: true, headers: {} };
  const normalised = originOf(origin);
  const allowed = settings.allowedOrigins.includes(origin) || (normalised !== undefined && ownOrigins(req, settings).includes(normalised));
  if (!allowed) return { allowed: false, origin };
  return { allowed: true, headers: { 'access-control-allow-origin': origin, vary: 'Origin', 'access-control-expose-headers': EXPOSED_HEADERS } };
}

export function preflightHeaders(): Record<string, string> {
  return { 'access-control-allow-methods': 'POST, GET, DELETE, OPTIONS', 'access-control-allow-headers': ALLOWED_HEADERS, 'access-control-max-age': '600' };
}
