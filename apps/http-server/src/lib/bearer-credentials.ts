import type { IncomingMessage } from 'node:http';

/**
 * Schemes named back when a client uses one instead of Bearer (IANA's HTTP authentication schemes and two common
 * unregistered ones). Anything else is not echoed: a token sent without a scheme would be its "scheme", and an
 * answer, log line or audit record must never carry any part of a credential.
 */
const KNOWN_SCHEMES = new Map(['Basic', 'Digest', 'DPoP', 'HOBA', 'Mutual', 'Negotiate', 'NTLM', 'OAuth', 'SCRAM-SHA-1', 'SCRAM-SHA-256', 'vapid', 'Token', 'ApiKey'].map((s) => [s.toLowerCase(), s]));

/**
 * The bearer token of the Authorization header, or why the header is no usable bearer credential (another scheme,
 * no scheme, an empty token, two tokens, the header twice): a malformed header is a bad token (401 invalid_token),
 * not a missing one.
 */
export function credentialsOf(req: IncomingMessage): { token?: string; malformed?: string } {
  const sent = req.rawHeaders.filter((_, i) => i % 2 === 0 && req.rawHeaders[i].toLowerCase() === 'authorization').length;
  const header = req.headers.authorization;
  if (sent > 1) return { malformed: 'the Authorization header was sent more than once' };
  if (header === undefined) return {};
  const [scheme = '', ...rest] = header.trim().split(/\s+/);
  if (!/^bearer$/i.test(scheme)) {
    if (!scheme) return { malformed: 'the Authorization header uses the empty scheme; send Bearer <token>' };
    const known = KNOWN_SCHEMES.get(scheme.toLowerCase());
    if (known) return { malformed: `the Authorization header uses the '${known}' scheme; send Bearer <token>` };
    return { malformed: rest.length ? 'the Authorization header uses a scheme other than Bearer; send Bearer <token>' : 'the Authorization header holds no scheme; send Bearer <token>' };
  }
  if (rest.length === 0) return { malformed: 'the Authorization header holds an empty bearer token' };
  if (rest.length > 1 || rest[0].includes(',')) return { malformed: 'the Authorization header holds more than one token' };
  return { token: rest[0] };
}
