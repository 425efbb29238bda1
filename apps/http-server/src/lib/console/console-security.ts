import type { IncomingMessage } from 'node:http';
import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Every console answer carries these: scripts, styles and everything else only from this origin (no inline script or
 * style, no eval), no framing, no MIME sniffing, a referrer only to this origin (a login link's secret never leaves in
 * a Referer; `no-referrer` would make browsers send `Origin: null` on the console's own POSTs), forms post only here.
 */
export const CONSOLE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};

export const SESSION_COOKIE = 'routeros_console';

/** The session cookie: HttpOnly, SameSite=Strict, Secure when the console is served over https, scoped to /console. */
export function sessionCookie(secret: string, options: { secure: boolean; maxAgeS: number }): string {
  return [`${SESSION_COOKIE}=${secret}`, 'Path=/console', 'HttpOnly', 'SameSite=Strict', `Max-Age=${options.maxAgeS}`, ...(options.secure ? ['Secure'] : [])].join('; ');
}

export const LOGIN_COOKIE = 'routeros_console_login';
/** A sign-in at the identity provider has this long to come back. */
export const LOGIN_COOKIE_MAX_AGE_S = 600;

/**
 * The pre-login cookie: the seed of one sign-in's state, nonce and PKCE verifier, only for /console/login (the
 * callback). SameSite=Lax, not Strict: the provider's redirect back is a cross-site top-level GET, which Lax lets
 * through and Strict would not.
 */
export function loginCookie(seed: string, options: { secure: boolean; maxAgeS: number }): string {
  return [`${LOGIN_COOKIE}=${seed}`, 'Path=/console/login', 'HttpOnly', 'SameSite=Lax', `Max-Age=${options.maxAgeS}`, ...(options.secure ? ['Secure'] : [])].join('; ');
}

export function clearedSessionCookie(secure: boolean): string {
  return sessionCookie('', { secure, maxAgeS: 0 });
}

export function cookieOf(req: IncomingMessage, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * The CSRF token of a session: an HMAC of a fixed label under the session's own secret, so it is bound to that session
 * (another session's token does not fit) and needs no storage; it reveals nothing of the secret it is derived from.
 */
export function csrfTokenOf(sessionSecret: string): string {
  return createHmac('sha256', sessionSecret).update('routeros-mcp console csrf v1').digest('base64url');
}

export function csrfTokenMatches(sessionSecret: string, posted: string | undefined): boolean {
  if (!posted) return false;
  const expected = Buffer.from(csrfTokenOf(sessionSecret));
  const given = Buffer.from(posted);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Whether a state-changing request comes from a page of the console's own origin: its Origin header (every current
 * browser sends one on a POST), or failing that its Referer, must be that origin. Anything else (another site, a
 * request naming no origin) is refused before the CSRF token is even read.
 */
export function sameOriginRequest(req: IncomingMessage, origin: string): boolean {
  const given = req.headers.origin;
  if (typeof given === 'string' && given !== 'null') return given === origin;
  const referer = req.headers.referer;
  if (typeof referer !== 'string') return false;
  try {
    return new URL(referer).origin === origin;
  } catch {
    return false;
  }
}
