import type { Authenticated, Principal } from '@routeros-mcp/application-ports';
import { AuthenticationError } from '@routeros-mcp/application-ports';
import { Environment, ENVIRONMENTS, isRole, oidcClientPrincipalId, oidcPrincipalId, Role } from '@routeros-mcp/domain-kernel';

/** How an access token's claims become a principal's roles and narrowing. */
export interface ClaimMapping {
  /** A claim (dotted path) holding role names; unset: roles come from scopes. */
  rolesClaim?: string;
  scopeRoles: ReadonlyMap<string, Role>;
  environmentsClaim?: string;
  deviceTagsClaim?: string;
}

/** `routeros:read=read_only,…` (validated by the config schema) as a map. */
export function parseScopeRoles(pairs: string): Map<string, Role> {
  const map = new Map<string, Role>();
  for (const pair of pairs.split(',')) {
    const [scope, role] = pair.split('=').map((s) => s.trim());
    if (scope && role && isRole(role)) map.set(scope, role);
  }
  return map;
}

/** An array of strings, or a space-separated string; anything else is no value. */
export function stringsOf(value: unknown): string[] | undefined {
  if (typeof value === 'string') return value.split(/\s+/).filter(Boolean);
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string' && v.length > 0);
  return undefined;
}

/** A claim by name, or by dotted path into nested objects (`realm_access.roles`) when no claim has that exact name. */
export function claimAt(claims: Record<string, unknown>, path: string): unknown {
  if (path in claims) return claims[path];
  let node: unknown = claims;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** OAuth `scope` (space-separated) or the `scp` array some issuers use. */
export function scopesOf(claims: Record<string, unknown>): string[] {
  return stringsOf(claims['scope']) ?? stringsOf(claims['scp']) ?? [];
}

const str = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : undefined);

/**
 * The principal an access token (JWT claims or an introspection answer, verified against `issuer`) stands for: `oidc:<issuer>#<sub>`, or, for a
 * client acting for itself with no `sub`, `oidc-client:<issuer>#<client_id>`; a token naming neither is refused (it
 * would be nobody, or everybody without one). `name`/`preferred_username` are shown, never compared. Unknown role
 * names and scopes give no role; an absent narrowing claim narrows nothing, a present one narrows to its valid values.
 */
export function authenticatedFromClaims(claims: Record<string, unknown>, mapping: ClaimMapping, issuer: string): Authenticated {
  const scopes = scopesOf(claims);
  const roles = mapping.rolesClaim
    ? (stringsOf(claimAt(claims, mapping.rolesClaim)) ?? []).filter(isRole)
    : scopes.map((s) => mapping.scopeRoles.get(s)).filter((r): r is Role => r !== undefined);
  const clientId = str(claims['azp']) ?? str(claims['client_id']);
  const subject = str(claims['sub']);
  if (!subject && !clientId) throw new AuthenticationError('invalid', 'the access token names no subject (sub) and no client (client_id or azp)');
  const principal: Principal = {
    id: subject ? oidcPrincipalId(issuer, subject) : oidcClientPrincipalId(issuer, clientId!),
    via: 'http',
    authMethod: 'oauth',
    roles: [...new Set(roles)],
  };
  const name = str(claims['name']) ?? str(claims['preferred_username']);
  if (name) principal.name = name;
  if (clientId) principal.credentialId = clientId;
  if (mapping.environmentsClaim) {
    const values = stringsOf(claimAt(claims, mapping.environmentsClaim));
    if (values) principal.environments = values.filter((v): v is Environment => (ENVIRONMENTS as readonly string[]).includes(v));
  }
  if (mapping.deviceTagsClaim) {
    const values = stringsOf(claimAt(claims, mapping.deviceTagsClaim));
    if (values) principal.deviceTags = values;
  }
  const exp = claims['exp'];
  return { principal, scopes, ...(typeof exp === 'number' ? { expiresAt: new Date(exp * 1000) } : {}) };
}
