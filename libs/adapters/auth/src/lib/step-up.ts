import type { Role } from '@routeros-mcp/domain-kernel';
import type { AuthConfig } from './auth-config';
import { scopeForRole } from './protected-resource.metadata';

/** `a, b or c`. */
const either = (items: readonly string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`);

/**
 * What a 403 for a role tells the caller to get, naming every role that would open the request (plans open to
 * admin and approver alike) in this deployment's terms: the token role for API tokens, the scopes that grant those
 * roles for OAuth, the roles claim where roles come from a claim. The challenge's `scope=` names one scope (several
 * there would all be required); the suggestion names the alternatives.
 */
export function stepUpSuggestion(config: AuthConfig, roles: readonly Role[]): { suggestion: string; scopes: string[] } {
  if (config.auth === 'tokens') return { suggestion: `Get an API token with the ${either(roles)} role (routeros-mcp-admin token create --role …) and retry.`, scopes: [...roles] };
  const scopes = [...new Set(roles.map((role) => scopeForRole(config, role)).filter((scope): scope is string => scope !== undefined))];
  if (config.auth === 'oauth' && !config.oauthRolesClaim && scopes.length > 0) return { suggestion: `Get a token with scope ${either(scopes)} and retry.`, scopes };
  if (config.auth === 'oauth' && config.oauthRolesClaim) return { suggestion: `Get a token whose ${config.oauthRolesClaim} claim holds ${either(roles)} and retry.`, scopes: [] };
  return { suggestion: `Get a token with the ${either(roles)} role and retry.`, scopes };
}
