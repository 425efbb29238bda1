import type { Config } from '@routeros-mcp/composition';

/** RFC 9728 protected-resource metadata: which authorization server issues tokens for this endpoint, and its scopes. */
export function resourceMetadataOf(config: Config, publicUrl: URL, scopes: string[]): Record<string, unknown> {
  return {
    resource: publicUrl.href,
    ...(config.auth === 'oauth' && config.oauthIssuer ? { authorization_servers: [config.oauthIssuer] } : {}),
    scopes_supported: scopes,
    bearer_methods_supported: ['header'],
    resource_name: 'RouterOS MCP',
  };
}
