import { consoleBaseOf } from './console-url';

describe('consoleBaseOf', () => {
  it('prefers the configured base (trailing slashes dropped), else /console under the origin, else none', () => {
    expect(consoleBaseOf('https://ops.example.com/routeros/console//', new URL('http://127.0.0.1:8080/mcp'))).toBe('https://ops.example.com/routeros/console');
    expect(consoleBaseOf(undefined, new URL('https://mcp.example.com:8443/api/mcp?x=1#y'))).toBe('https://mcp.example.com:8443/console');
    expect(consoleBaseOf('', new URL('http://127.0.0.1:8080'))).toBe('http://127.0.0.1:8080/console');
    expect(consoleBaseOf(undefined)).toBeUndefined();
  });
});
