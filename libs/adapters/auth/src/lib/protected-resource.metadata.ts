import type { Role } from '@routeros-mcp/domain-kernel';
import { AuthConfig, resourceUrl } from './auth-config';
import { parseScopeRoles } from './claim-mapping';

/** RFC 9728 protected resource metadata, served at `/.well-known/oauth-protected-resource[/mcp]`. */
export interface ProtectedResourceMetadata {
  resource: string;
  /** MCP requires at least one: metadata exists only where an authorization server does (OAuth mode). */
  authorization_servers: [string, ...string[]];
  scopes_supported?: string[];
  bearer_methods_supported: ['header'];
  resource_name: string;
}

/**
 * The metadata in OAuth mode; none otherwise. MCP's authorization spec requires `authorization_servers`, and an API
 * token or `auth none` server has no authorization server to name: advertising metadata without one sent OAuth-aware
 * clients into a discovery that could not succeed. Those modes answer a plain Bearer challenge instead.
 */
export function protectedResourceMetadata(config: AuthConfig): ProtectedResourceMetadata | undefined {
  if (config.auth !== 'oauth' || !config.oauthIssuer) return undefined;
  return {
    resource: resourceUrl(config),
    authorization_servers: [config.oauthIssuer],
    // Scopes mean something only when roles come from them (not from a claim).
    ...(!config.oauthRolesClaim ? { scopes_supported: [...parseScopeRoles(config.oauthScopeRoles).keys()] } : {}),
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

/**
 * The scope a client asks for to hold `role`, named in a challenge's `scope=`: OAuth with roles from scopes, the
 * first scope mapped to the role; API tokens, the role itself (a token is made with a role, `token create --role`).
 * None where no scope would help: roles from a claim (scopes grant nothing there), `auth none`, or an unmapped role.
 */
export function scopeForRole(config: AuthConfig, role: Role): string | undefined {
  if (config.auth === 'tokens') return role;
  if (config.auth !== 'oauth' || config.oauthRolesClaim) return undefined;
  return [...parseScopeRoles(config.oauthScopeRoles)].find(([, mapped]) => mapped === role)?.[0];
}

/**
 * The scope a 401 names (OAuth only, MCP's scope selection): the one that opens reading, the least a client needs to
 * use this server at all. A client asks for more when a call needs it (403 insufficient_scope names the scope),
 * rather than every scope of `scopes_supported` up front.
 */
export function entryScope(config: AuthConfig): string | undefined {
  return config.auth === 'oauth' ? scopeForRole(config, 'read_only') : undefined;
}
