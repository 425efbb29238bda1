import type { Config } from '@routeros-mcp/config';
import ipaddr from 'ipaddr.js';
import { ConfigError } from '@routeros-mcp/composition';
import { localhostAllowedHostnames } from '@routeros-mcp/mcp-protocol';

/** What the HTTP layer needs from the configuration, derived and checked once at start. */
export interface HttpSettings {
  host: string;
  port: number;
  tls?: { certFile: string; keyFile: string };
  /** The MCP endpoint as clients reach it: the OAuth resource (audience) and the base of the metadata URL. */
  publicUrl: URL;
  allowedHosts: string[];
  allowedOrigins: string[];
  trustedProxies: [ipaddr.IPv4 | ipaddr.IPv6, number][];
  maxBodyBytes: number;
  heartbeatMs: number;
  listenBufferBytes: number;
  shutdownGraceMs: number;
  /** The metrics listener, when metrics are on (ROUTEROS_MCP_METRICS_PORT). */
  metrics?: { host: string; port: number; scrapeToken?: string };
}

const list = (value: string | undefined) => (value ?? '').split(',').map((item) => item.trim()).filter(Boolean);

export function isLoopback(host: string): boolean {
  if (host === 'localhost') return true;
  return ipaddr.isValid(host) && ipaddr.process(host).range() === 'loopback';
}

function prefixOf(text: string): [ipaddr.IPv4 | ipaddr.IPv6, number] {
  try {
    if (text.includes('/')) return ipaddr.parseCIDR(text);
    const address = ipaddr.process(text);
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  } catch {
    throw new ConfigError([`ROUTEROS_MCP_HTTP_TRUSTED_PROXIES (httpTrustedProxies): '${text}' is not an address or prefix (e.g. 10.0.0.5 or 10.0.0.0/24)`]);
  }
}

export function httpSettingsOf(config: Config, listening?: { port: number }): HttpSettings {
  const port = listening?.port ?? config.httpPort;
  if (config.auth === 'none' && !isLoopback(config.httpHost)) {
    throw new ConfigError([`ROUTEROS_MCP_AUTH (auth): 'none' is refused on ${config.httpHost}; it is allowed only on a loopback address (127.0.0.1, ::1), where only this machine can connect`]);
  }
  if (config.metricsPort !== undefined && !isLoopback(config.metricsHost) && !config.metricsToken) {
    throw new ConfigError([
      `ROUTEROS_MCP_METRICS_HOST (metricsHost): metrics on ${config.metricsHost} need a scrape token (ROUTEROS_MCP_METRICS_TOKEN, e.g. from \`openssl rand -hex 32\`); without one they are served on a loopback address only`,
    ]);
  }
  const scheme = config.httpTlsCert ? 'https' : 'http';
  const hostPart = config.httpHost.includes(':') ? `[${config.httpHost}]` : config.httpHost;
  const publicUrl = new URL(config.httpPublicUrl ?? `${scheme}://${hostPart}:${port}/mcp`);
  const allowedHosts = config.httpAllowedHosts ? list(config.httpAllowedHosts) : [...new Set([publicUrl.hostname, ...(isLoopback(config.httpHost) ? localhostAllowedHostnames() : [])])];
  return {
    host: config.httpHost,
    port,
    ...(config.httpTlsCert && config.httpTlsKey ? { tls: { certFile: config.httpTlsCert, keyFile: config.httpTlsKey } } : {}),
    publicUrl,
    allowedHosts,
    allowedOrigins: list(config.httpAllowedOrigins).map((origin) => origin.replace(/\/+$/, '')),
    trustedProxies: list(config.httpTrustedProxies).map(prefixOf),
    maxBodyBytes: config.httpMaxBodyBytes,
    heartbeatMs: config.httpHeartbeatS * 1000,
    listenBufferBytes: config.httpListenBufferBytes,
    shutdownGraceMs: config.httpShutdownGraceMs,
    ...(config.metricsPort !== undefined ? { metrics: { host: config.metricsHost, port: config.metricsPort, ...(config.metricsToken ? { scrapeToken: config.metricsToken } : {}) } } : {}),
  };
}
