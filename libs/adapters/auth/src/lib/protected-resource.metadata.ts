import { AuthConfig, resourceUrl } from './auth-config';
import { parseScopeRoles } from './claim-mapping';

/** RFC 9728 protected resource metadata, served at `/.well-known/oauth-protected-resource[/mcp]`. */
export interface ProtectedResourceMetadata {
  resource: string;
  authorization_servers?: string[];
  scopes_supported?: string[];
  bearer_methods_supported: ['header'];
  resource_name: string;
}

export function protectedResourceMetadata(config: AuthConfig): ProtectedResourceMetadata {
  const oauth = config.auth === 'oauth';
  return {
    resource: resourceUrl(config),
    ...(oauth && config.oauthIssuer ? { authorization_servers: [config.oauthIssuer] } : {}),
    // Scopes mean something only when roles come from them (not from a claim).
    ...(oauth && !config.oauthRolesClaim ? { scopes_supported: [...parseScopeRoles(config.oauthScopeRoles).keys()] } : {}),
    bearer_methods_supported: ['header'],
    resource_name: 'RouterOS MCP',
  };
}

/** Where the metadata lives (RFC 9728 §3.1: the well-known prefix before the resource's path). */
export function protectedResourceMetadataUrl(config: AuthConfig): string {
  const url = new URL(resourceUrl(config));
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/+$/, '');
  return `${url.origin}/.well-known/oauth-protected-resource${path}`;
}
