import type { Principal } from '@routeros-mcp/application-ports';
import { createHash } from 'node:crypto';

/**
 * What a 2025-era `notifications/cancelled` names a request by, where no session ties the two together (stateless
 * HTTP, any replica): its id as the caller sent it, and the caller as authenticated (principal and credential),
 * so nobody can cancel another caller's call by guessing an id. Hashed, so it travels between replicas without
 * the principal or the id in it.
 */
export function cancellationKey(principal: Pick<Principal, 'id' | 'credentialId'>, requestId: string | number): string {
  return createHash('sha256').update(JSON.stringify([principal.id, principal.credentialId ?? null, typeof requestId, String(requestId)])).digest('hex');
}
