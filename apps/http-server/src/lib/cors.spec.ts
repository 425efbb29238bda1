import type { IncomingMessage } from 'node:http';
import { checkOrigin } from './cors';
import type { HttpSettings } from './http-settings';

const settings = { publicUrl: new URL('http://127.0.0.1:8080/mcp'), allowedHosts: ['127.0.0.1', 'localhost', '[::1]'], allowedOrigins: ['https://console.example.com'] } as HttpSettings;
const from = (origin: string, host = '127.0.0.1:8080') => checkOrigin({ headers: { origin, host } } as unknown as IncomingMessage, settings).allowed;

describe('checkOrigin', () => {
  it('accepts the endpoint\'s own origin under every loopback name it serves, as the Host the request was sent to', () => {
    expect(from('http://127.0.0.1:8080')).toBe(true);
    expect(from('http://localhost:8080', 'localhost:8080')).toBe(true);
    expect(from('http://LOCALHOST:8080', 'localhost:8080')).toBe(true);
    expect(from('http://[::1]:8080', '[::1]:8080')).toBe(true);
    // The public URL's origin, whatever Host a proxy passed.
    expect(from('http://127.0.0.1:8080', 'localhost:8080')).toBe(true);
  });

  it('refuses another port, scheme or name, a host it does not serve, and opaque origins', () => {
    expect(from('http://localhost:8081', 'localhost:8080')).toBe(false);
    expect(from('https://localhost:8080', 'localhost:8080')).toBe(false);
    expect(from('http://localhost:8080', '127.0.0.1:8080')).toBe(false);
    expect(from('http://evil.example:8080', 'evil.example:8080')).toBe(false);
    expect(from('null', 'localhost:8080')).toBe(false);
    expect(from('not a url', 'localhost:8080')).toBe(false);
  });

  it('accepts an allow-listed origin, and passes a request without Origin', () => {
    expect(from('https://console.example.com')).toBe(true);
    expect(checkOrigin({ headers: { host: '127.0.0.1:8080' } } as unknown as IncomingMessage, settings)).toEqual({ allowed: true, headers: {} });
  });
});
