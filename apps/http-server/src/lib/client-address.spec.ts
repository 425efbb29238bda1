import type { IncomingMessage } from 'node:http';
import { clientAddressOf } from './client-address';
import { httpSettingsOf } from './http-settings';
import { loadConfig } from '@routeros-mcp/config';

const settings = (proxies?: string) => httpSettingsOf(loadConfig({ homeDir: '/h', env: proxies ? { ROUTEROS_MCP_HTTP_TRUSTED_PROXIES: proxies } : {} }));
const request = (peer: string, forwarded?: string) => ({ socket: { remoteAddress: peer }, headers: forwarded ? { 'x-forwarded-for': forwarded } : {} }) as unknown as IncomingMessage;

describe('clientAddressOf', () => {
  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', () => {
    expect(clientAddressOf(request('203.0.113.9', '198.51.100.1'), settings())).toBe('203.0.113.9');
    expect(clientAddressOf(request('203.0.113.9', '198.51.100.1'), settings('10.0.0.0/8'))).toBe('203.0.113.9');
  });

  it('takes the nearest untrusted forwarded address behind trusted proxies', () => {
    expect(clientAddressOf(request('10.0.0.5', '198.51.100.1'), settings('10.0.0.0/8'))).toBe('198.51.100.1');
    // A client-supplied left part is not believed past the first untrusted hop.
    expect(clientAddressOf(request('10.0.0.5', '1.2.3.4, 198.51.100.1, 10.0.0.7'), settings('10.0.0.0/8'))).toBe('198.51.100.1');
    expect(clientAddressOf(request('::ffff:10.0.0.5', '198.51.100.1'), settings('10.0.0.5'))).toBe('198.51.100.1');
  });

  it('refuses a trusted proxy that is not an address or prefix, naming the key', () => {
    expect(() => settings('not-an-ip')).toThrow(/ROUTEROS_MCP_HTTP_TRUSTED_PROXIES.*not-an-ip/);
  });
});
