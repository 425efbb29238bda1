/**
 * The settings this adapter reads, under the names of the service configuration (`Config` passes as is). Kept
 * structural because adapters do not depend on the config lib.
 */
export interface AuthConfig {
  auth: 'oauth' | 'tokens' | 'none';
  httpHost: string;
  httpPort: number;
  httpPublicUrl?: string;
  httpTlsCert?: string;
  oauthIssuer?: string;
  oauthJwksUri?: string;
  oauthAudience?: string;
  oauthAlgorithms: string;
  oauthClockSkewS: number;
  oauthIntrospectionUrl?: string;
  oauthIntrospectionClientId?: string;
  oauthIntrospectionClientSecret?: string;
  oauthRolesClaim?: string;
  oauthScopeRoles: string;
  oauthEnvironmentsClaim?: string;
  oauthDeviceTagsClaim?: string;
}

/** The MCP endpoint's URL as clients reach it: the public URL, or the one this process listens on. */
export function resourceUrl(config: Pick<AuthConfig, 'httpHost' | 'httpPort' | 'httpPublicUrl' | 'httpTlsCert'>): string {
  if (config.httpPublicUrl) return config.httpPublicUrl;
  const host = config.httpHost.includes(':') ? `[${config.httpHost}]` : config.httpHost;
  return `${config.httpTlsCert ? 'https' : 'http'}://${host}:${config.httpPort}/mcp`;
}

/** The `aud` access tokens must carry (RFC 8707): configured, else this resource's URL. */
export function audienceOf(config: AuthConfig): string {
  return config.oauthAudience ?? resourceUrl(config);
}

export function algorithmsOf(config: Pick<AuthConfig, 'oauthAlgorithms'>): string[] {
  return config.oauthAlgorithms.split(',').map((a) => a.trim()).filter(Boolean);
}
