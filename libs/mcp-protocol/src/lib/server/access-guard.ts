import type { Principal } from '@routeros-mcp/application-ports';
import * as policy from '@routeros-mcp/application-use-cases';
import type { Tier } from '@routeros-mcp/domain-kernel';
import { rolesOpening, TIER_ROLE } from '@routeros-mcp/domain-kernel';
import { accessRefusalPayload } from '../errors/access-refusal';
import { McpErrorPayload, protocolError } from '../errors/map-domain-error';
import { RpcError } from '../errors/rpc-error';

/*
 * The protocol's side of access: the application's access policy decides (roles, tiers, environment, reach);
 * here its refusals become FORBIDDEN payloads, and the MCP methods that need the read role are named.
 */

const rolesOf = (principal: Principal) => (principal.roles ?? []).join(', ') || 'none';

/**
 * The refusal of a tool (or plan resource) of a tier the principal's roles do not open (FORBIDDEN). It names every
 * role that opens the tier (`allowed_roles`: plans open to admin and approver alike); `required_role` is the one a
 * step-up challenge asks for.
 */
export function tierRefusal(principal: Principal, what: { name: string; tier: Tier; kind?: 'tool' | 'resource' }): McpErrorPayload | undefined {
  const refusal = policy.tierRefusal(principal, what);
  return refusal && accessRefusalPayload(refusal);
}

/** A tool of a tier the principal's roles do not open is refused before anything runs. */
export function assertTierAllowed(principal: Principal, tool: { name: string; tier: Tier; kind?: 'tool' | 'resource' }): void {
  const refusal = tierRefusal(principal, tool);
  if (refusal) throw new RpcError(refusal);
}

/**
 * MCP methods that reveal fleet data (device names, configuration, audit, plans, health): they need a role that
 * opens the read tier, as every tool does. Open to any authenticated caller: the handshake (initialize,
 * server/discover, ping, logging/setLevel) and the catalogue (tools/list, prompts/list, prompts/get,
 * resources/templates/list), which is fixed per process, the same for every caller and names no device; a client
 * lists it on connecting and steps up at its first real use. tools/call needs its tool's tier (assertTierAllowed).
 */
export const DATA_METHODS: ReadonlySet<string> = new Set(['resources/list', 'resources/read', 'resources/subscribe', 'resources/unsubscribe', 'completion/complete', 'subscriptions/listen']);

/** The refusal of a data method to a principal whose roles open no tier (FORBIDDEN naming the role it needs). */
export function methodRefusal(principal: Principal, method: string): McpErrorPayload | undefined {
  if (!DATA_METHODS.has(method) || policy.mayReadFleet(principal)) return undefined;
  const allowed = rolesOpening('fundamental');
  return protocolError('FORBIDDEN', `${method} reveals fleet data; your roles (${rolesOf(principal)}) do not include ${policy.eitherOf(allowed)}`, { method, required_role: TIER_ROLE.fundamental, allowed_roles: allowed, roles: principal.roles ?? [] }, `Ask for a token with the ${policy.eitherOf(allowed)} role.`);
}

export function assertMethodAllowed(principal: Principal, method: string): void {
  const refusal = methodRefusal(principal, method);
  if (refusal) throw new RpcError(refusal);
}
