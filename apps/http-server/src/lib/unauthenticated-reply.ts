import type { ServerResponse } from 'node:http';
import { bearerErrorOf, wwwAuthenticate, type AuthenticationError } from '@routeros-mcp/composition';
import { ERROR_CONTRACT, type Era } from '@routeros-mcp/mcp-protocol';
import { sendRpcError } from './json-replies';
import type { AuthRefusalReason } from './observability';
import type { UnauthenticatedRefusal } from './unauthenticated-audit';

/** What answering a request that proved no identity needs from the route. */
export interface UnauthenticatedDeps {
  /** The protected-resource metadata a challenge points at: only where it exists (OAuth mode). */
  metadataUrl?: string;
  /** The scope a 401 names (OAuth mode): the least a client needs to use this server. */
  entryScope?: string;
  authRefused?(reason: AuthRefusalReason, status: 401 | 403 | 503): void;
  /** The refusal's audit record (bounded); its correlation id when one was written. */
  recordUnauthenticated?(refusal: UnauthenticatedRefusal): Promise<string | undefined>;
}

interface Logger {
  info(message: string, meta?: Record<string, unknown>): void;
}

/**
 * 401 with a challenge that advertises only what exists: OAuth mode points at the resource metadata and names the
 * scope to ask for; API tokens have no authorization server, so their challenge names a realm and the body says
 * how to get a token. The JSON-RPC code is the revision's (2026-07-28 sends no -32000…-32099 code of ours), the
 * refusal is counted, and audited within its bound.
 */
export async function answerUnauthenticated(res: ServerResponse, error: AuthenticationError & { kind: UnauthenticatedRefusal['reason'] }, context: { era: Era; clientAddress: string; headers: Record<string, string>; deps: UnauthenticatedDeps; logger: Logger }): Promise<void> {
  const { deps, era } = context;
  deps.authRefused?.(error.kind, 401);
  const correlationId = await deps.recordUnauthenticated?.({ reason: error.kind, description: error.description, clientAddress: context.clientAddress }).catch(() => undefined);
  context.logger.info('request refused: not authenticated', { reason: error.kind, description: error.description, ...(correlationId ? { correlation_id: correlationId } : {}) });
  const challenge = wwwAuthenticate({
    ...(deps.metadataUrl ? { resourceMetadata: deps.metadataUrl } : {}),
    error: bearerErrorOf(error.kind),
    ...(error.kind === 'missing' ? {} : { errorDescription: error.description }),
    ...(deps.entryScope ? { scope: deps.entryScope } : {}),
  });
  const suggestion = deps.metadataUrl
    ? 'Send a valid bearer token from the authorization server named in the resource metadata (see WWW-Authenticate).'
    : 'Send a valid API token as Authorization: Bearer <token>; an operator makes one with routeros-mcp-admin token create.';
  const code = ERROR_CONTRACT.UNAUTHORIZED[era === 'modern' ? 'modern' : 'legacy'];
  sendRpcError(res, 401, code, `Unauthorized: ${error.description}`, { mcp_error_code: 'UNAUTHORIZED', reason: error.kind, suggestion, ...(correlationId ? { correlation_id: correlationId } : {}) }, { ...context.headers, 'www-authenticate': challenge });
}
