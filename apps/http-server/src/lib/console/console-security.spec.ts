import type { IncomingMessage } from 'node:http';
import { cookieOf, csrfTokenMatches, csrfTokenOf, loginCookie, sameOriginRequest, sessionCookie } from './console-security';

const req = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;
const SECRET = 'a'.repeat(43);

describe('console security', () => {
  it('binds the CSRF token to its session: another session, a missing or a cut token does not match', () => {
    const token = csrfTokenOf(SECRET);
    expect(csrfTokenMatches(SECRET, token)).toBe(true);
    expect(csrfTokenMatches('b'.repeat(43), token)).toBe(false);
    expect(csrfTokenMatches(SECRET, undefined)).toBe(false);
    expect(csrfTokenMatches(SECRET, token.slice(1))).toBe(false);
    expect(token).not.toContain(SECRET);
  });

  it('accepts only the console origin, by Origin or else Referer; none at all is refused', () => {
    const origin = 'https://mcp.example.net';
    expect(sameOriginRequest(req({ origin }), origin)).toBe(true);
    expect(sameOriginRequest(req({ origin: 'https://evil.example' }), origin)).toBe(false);
    expect(sameOriginRequest(req({ origin: 'null' }), origin)).toBe(false);
    expect(sameOriginRequest(req({ referer: `${origin}/console/plans` }), origin)).toBe(true);
    expect(sameOriginRequest(req({ referer: 'https://mcp.example.net.evil.example/' }), origin)).toBe(false);
    expect(sameOriginRequest(req({}), origin)).toBe(false);
  });

  it('sets the session cookie HttpOnly, SameSite=Strict, on /console, Secure only over https', () => {
    expect(sessionCookie(SECRET, { secure: true, maxAgeS: 60 })).toBe(`routeros_console=${SECRET}; Path=/console; HttpOnly; SameSite=Strict; Max-Age=60; Secure`);
    expect(sessionCookie(SECRET, { secure: false, maxAgeS: 60 })).not.toContain('Secure');
  });

  it("sets the pre-login cookie HttpOnly, SameSite=Lax (the provider's redirect back must carry it), only on /console/login", () => {
    expect(loginCookie(SECRET, { secure: true, maxAgeS: 600 })).toBe(`routeros_console_login=${SECRET}; Path=/console/login; HttpOnly; SameSite=Lax; Max-Age=600; Secure`);
    expect(loginCookie('', { secure: false, maxAgeS: 0 })).toBe('routeros_console_login=; Path=/console/login; HttpOnly; SameSite=Lax; Max-Age=0');
  });

  it('reads one cookie among several', () => {
    expect(cookieOf(req({ cookie: `a=1; routeros_console=${SECRET}; b=2` }), 'routeros_console')).toBe(SECRET);
    expect(cookieOf(req({}), 'routeros_console')).toBeUndefined();
  });
});
