import type { IncomingMessage } from 'node:http';

/**
 * The bearer token of the Authorization header, or why the header is no usable bearer credential (another scheme,
 * an empty token, two tokens, the header twice): a malformed header is a bad token (401 invalid_token), not a
 * missing one.
 */
export function credentialsOf(req: IncomingMessage): { token?: string; malformed?: string } {
  const sent = req.rawHeaders.filter((_, i) => i % 2 === 0 && req.rawHeaders[i].toLowerCase() === 'authorization').length;
  const header = req.headers.authorization;
  if (sent > 1) return { malformed: 'the Authorization header was sent more than once' };
  if (header === undefined) return {};
  const [scheme = '', ...rest] = header.trim().split(/\s+/);
  if (!/^bearer$/i.test(scheme)) return { malformed: `the Authorization header uses the ${scheme ? `'${scheme.slice(0, 20)}'` : 'empty'} scheme; send Bearer <token>` };
  if (rest.length === 0) return { malformed: 'the Authorization header holds an empty bearer token' };
  if (rest.length > 1 || rest[0].includes(',')) return { malformed: 'the Authorization header holds more than one token' };
  return { token: rest[0] };
}
