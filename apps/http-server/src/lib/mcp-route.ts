import type { IncomingMessage, ServerResponse } from 'node:http';
import { AuthenticationError, wwwAuthenticate, type Authenticated } from '@routeros-mcp/composition';
import { authInfoOf, errorForEra, httpBodyRefusal, unsupportedVersionFrame, type AccessRefusal, type McpHttpHandler, type Principal, type RateDecision, validateHostHeader } from '@routeros-mcp/mcp-protocol';
import type { Role, Tier } from '@routeros-mcp/mcp-protocol';
import { credentialsOf } from './bearer-credentials';
import { clientAddressOf } from './client-address';
import { checkOrigin, preflightHeaders } from './cors';
import type { HttpSettings } from './http-settings';
import { sendJson, sendRpcError } from './json-replies';
import { BodyTooLargeError, readBody } from './read-body';
import { answerUnauthenticated, type UnauthenticatedDeps } from './unauthenticated-reply';
import { webRequestOf, writeWebResponse } from './web-bridge';

export interface RouteLogger {
  info(message: string, meta?: Record<string, unknown>): void;
  warn(message: string, meta?: Record<string, unknown>): void;
  debug(message: string, meta?: Record<string, unknown>): void;
  child(bindings: Record<string, unknown>): RouteLogger;
}

export interface StreamEvents {
  listenStreamOpened(): void;
  listenStreamClosed(): void;
}

export interface McpRouteDeps extends UnauthenticatedDeps {
  settings: HttpSettings;
  authenticate(bearer: string | undefined): Promise<Authenticated>;
  handler: McpHttpHandler;
  /** The tier of a listed tool (aliases included), to charge its call before dispatch. */
  toolTier(name: string): Tier | undefined;
  /** The protocol layer's role and reach judgement of one request, asked before dispatch (a refusal is a 403 here). */
  authorize(principal: Principal, request: JsonRpcMessage): Promise<AccessRefusal | undefined>;
  /** The audit record of a refused tool call or resource read, as the protocol layer writes it in-band; its correlation id. */
  recordRefusal(principal: Principal, request: JsonRpcMessage, refusal: AccessRefusal): Promise<string | undefined>;
  /** The scope a client asks for to hold `role` (a token's role in API-token mode); none where no scope grants it. */
  scopeFor(role: Role): string | undefined;
  /** What a role refusal tells the caller to get: every role that opens the request, in this deployment's terms. */
  stepUp(roles: Role[]): { suggestion: string; scopes: string[] };
  draining(): boolean;
  /** Charges a tool call to the principal's shared per-tier budget (before dispatch, so Retry-After can be set). */
  charge?(principalId: string, tier: Tier): Promise<RateDecision>;
  logger: RouteLogger;
  streams?: StreamEvents;
}

interface JsonRpcMessage {
  id?: unknown;
  method?: string;
  params?: { name?: unknown; _meta?: Record<string, unknown> };
}

/** The MCP-Protocol-Version header as sent (the last one, were it sent twice). */
function protocolVersionOf(req: IncomingMessage): string | undefined {
  const header = req.headers['mcp-protocol-version'];
  return Array.isArray(header) ? header[header.length - 1] : header;
}

/** The revision a request speaks, for the shape of an answer made here: 2026-07-28 names itself in a header and its envelope. */
function eraOf(req: IncomingMessage, message: JsonRpcMessage): 'legacy' | 'modern' {
  const header = String(req.headers['mcp-protocol-version'] ?? '');
  return header.startsWith('2026') || typeof message.params?._meta?.['io.modelcontextprotocol/protocolVersion'] === 'string' ? 'modern' : 'legacy';
}

/** The first request of the body its principal may not make, judged by the protocol layer before anything runs. */
async function refusalOf(messages: JsonRpcMessage[], auth: Authenticated, deps: McpRouteDeps, logger: RouteLogger) {
  for (const message of messages) {
    if (typeof message.method !== 'string') continue;
    try {
      const refusal = await deps.authorize(auth.principal, message);
      if (refusal) return { message, refusal };
    } catch (error) {
      // A lookup that failed here is made again in-band, where its failure is the request's answer.
      logger.debug('authorization before dispatch failed; judged in-band', { error: (error as Error).message });
    }
  }
  return undefined;
}

/**
 * The /mcp pipeline: origin and host checks, readiness, the bearer token, a bounded body, JSON and its shape
 * (batches, ids, nesting), the protocol layer's role and reach judgement (403 with a challenge: a streamed answer
 * could no longer carry the status), then the SDK's handler (both revisions) with the principal attached.
 */
export async function serveMcp(req: IncomingMessage, res: ServerResponse, deps: McpRouteDeps): Promise<void> {
  const { settings } = deps;
  // Every line about this request names the caller's address (the real one behind a trusted proxy).
  const client = clientAddressOf(req, settings);
  const logger = deps.logger.child({ client_address: client });
  const origin = checkOrigin(req, settings);
  if (!origin.allowed) {
    logger.warn('request refused: origin not allowed', { origin: origin.origin });
    return sendRpcError(res, 403, -32600, `Forbidden: origin '${origin.origin}' is not allowed`, { mcp_error_code: 'FORBIDDEN', suggestion: 'Add the origin to ROUTEROS_MCP_HTTP_ALLOWED_ORIGINS if this browser client is trusted.' });
  }
  if (req.method === 'OPTIONS') {
    res.writeHead(204, { ...origin.headers, ...preflightHeaders() });
    return void res.end();
  }
  const host = validateHostHeader(req.headers.host, settings.allowedHosts);
  if (!host.ok) {
    logger.warn('request refused: host not served', { host: req.headers.host, reason: host.errorCode });
    return sendRpcError(res, 403, -32600, `Forbidden: ${host.message}`, { mcp_error_code: 'FORBIDDEN', suggestion: 'Reach the server by a host name in ROUTEROS_MCP_HTTP_ALLOWED_HOSTS (DNS rebinding protection).' }, origin.headers);
  }
  if (deps.draining()) {
    return sendRpcError(res, 503, -32603, 'Service unavailable: this replica is shutting down', { mcp_error_code: 'SERVER_SHUTTING_DOWN', retry_after: 1, suggestion: 'Retry; another replica (or this one after its restart) will answer.' }, { ...origin.headers, 'retry-after': '1', connection: 'close' });
  }

  let auth: Authenticated;
  try {
    const credentials = credentialsOf(req);
    auth = await deps.authenticate(credentials.token).catch((error: unknown) => {
      // A malformed header where a token is required is a bad token; where none is (auth none) it changes nothing.
      throw credentials.malformed && error instanceof AuthenticationError && error.kind === 'missing' ? new AuthenticationError('invalid', credentials.malformed) : error;
    });
  } catch (error) {
    if (!(error instanceof AuthenticationError)) throw error;
    if (error.kind === 'unavailable') {
      deps.authRefused?.('unavailable', 503);
      logger.warn('token could not be checked', { reason: error.description });
      return sendRpcError(res, 503, -32603, 'Service unavailable: the token could not be checked right now', { mcp_error_code: 'UNAUTHORIZED', recovery_strategy: 'retry_with_backoff', suggestion: 'Retry after retry_after seconds with the same token: it was not refused, only not checked (the token store or the authorization server is unavailable).', retry_after: 5 }, { ...origin.headers, 'retry-after': '5' });
    }
    return answerUnauthenticated(res, error as AuthenticationError & { kind: 'missing' | 'invalid' | 'expired' }, { era: eraOf(req, {}), clientAddress: client, headers: origin.headers, deps, logger });
  }

  let body: Buffer | undefined;
  let parsed: unknown;
  if (req.method === 'POST') {
    const type = req.headers['content-type'] ?? '';
    if (!/^application\/json\b/i.test(type)) {
      return sendRpcError(res, 415, -32600, `Unsupported Media Type: send application/json (got '${type || 'none'}')`, { mcp_error_code: 'INVALID_REQUEST' }, origin.headers);
    }
    // Streamable HTTP: a client accepts JSON or an event stream. The SDK checked this for 2025-era bodies with
    // requests only, so a notification with no Accept at all was taken (202) on 2026-07-28 (found by the fuzz).
    const accept = req.headers.accept ?? '';
    if (!/application\/json|text\/event-stream|\*\/\*/i.test(accept)) {
      return sendRpcError(res, 406, -32000, `Not Acceptable: send Accept: application/json, text/event-stream (got '${accept.slice(0, 100) || 'none'}')`, { mcp_error_code: 'INVALID_REQUEST' }, origin.headers);
    }
    try {
      body = await readBody(req, settings.maxBodyBytes);
    } catch (error) {
      if (!(error instanceof BodyTooLargeError)) throw error;
      return sendRpcError(res, 413, -32600, `Request too large: the body is over ${error.limit} bytes`, { mcp_error_code: 'MESSAGE_TOO_LARGE', limit_bytes: error.limit, suggestion: 'Send less per request (split a batch, or page through results).' }, origin.headers);
    }
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch (error) {
      return sendRpcError(res, 400, -32700, `Parse error: ${(error as Error).message}`, { mcp_error_code: 'PARSE_ERROR' }, origin.headers);
    }
    const unsupported = unsupportedVersionFrame(protocolVersionOf(req), parsed);
    if (unsupported) return sendJson(res, 400, unsupported, origin.headers);
    // Batches outside 2025-03-26, ids JSON cannot echo, params nested too deep: refused whole, nothing of it runs.
    const refusedBody = httpBodyRefusal(parsed, req.headers['mcp-protocol-version']?.toString());
    if (refusedBody) {
      logger.info('request refused: malformed body', { principal: auth.principal.id, reason: refusedBody.error.message });
      return sendJson(res, 400, refusedBody, origin.headers);
    }
    const messages = (Array.isArray(parsed) ? parsed : [parsed]).filter((m): m is JsonRpcMessage => !!m && typeof m === 'object');
    const refused = await refusalOf(messages, auth, deps, logger);
    if (refused) {
      const { message, refusal } = refused;
      const scope = refusal.requiredRole ? deps.scopeFor(refusal.requiredRole) : undefined;
      // Every role that opens it (plans: admin or approver), not only the least one the challenge's scope names.
      const stepUp = refusal.requiredRole ? deps.stepUp((refusal.payload.data['allowed_roles'] as Role[] | undefined) ?? [refusal.requiredRole]) : undefined;
      const payload = errorForEra(refusal.payload, eraOf(req, message));
      const description = `${payload.data.details}${scope ? ` (scope ${scope})` : ''}`;
      // Audited as the call would have been in-band: every tool call leaves a record, refused ones included.
      const correlationId = await deps.recordRefusal(auth.principal, message, refusal).catch(() => undefined);
      deps.authRefused?.(refusal.reason, 403);
      logger.info('request refused: insufficient scope', { principal: auth.principal.id, method: message.method, tool: message.params?.name, reason: refusal.reason, correlation_id: correlationId });
      return sendJson(
        res,
        403,
        { jsonrpc: '2.0', id: message.id ?? null, error: { code: payload.code, message: payload.message, data: { ...payload.data, ...(scope ? { required_scope: scope } : {}), ...(stepUp ? { suggestion: stepUp.suggestion, ...(stepUp.scopes.length > 1 ? { allowed_scopes: stepUp.scopes } : {}) } : {}), ...(correlationId ? { correlation_id: correlationId } : {}) } } },
        { ...origin.headers, 'www-authenticate': wwwAuthenticate({ ...(deps.metadataUrl ? { resourceMetadata: deps.metadataUrl } : {}), error: 'insufficient_scope', errorDescription: description, ...(scope ? { scope } : {}) }) },
      );
    }
  } else {
    const unsupported = unsupportedVersionFrame(protocolVersionOf(req));
    if (unsupported) return sendJson(res, 400, unsupported, origin.headers);
  }

  // A single tool call is charged here, so a refusal's Retry-After header goes out even on a streamed answer; the
  // protocol layer answers it in the revision's own shape. (Batches, 2025-03-26 only, are charged per call there.)
  let rateDecision: RateDecision | undefined;
  const single = !Array.isArray(parsed) && parsed && typeof parsed === 'object' ? (parsed as JsonRpcMessage) : undefined;
  const tier = single?.method === 'tools/call' && typeof single.params?.name === 'string' ? deps.toolTier(single.params.name) : undefined;
  if (tier && deps.charge) rateDecision = await deps.charge(auth.principal.id, tier);
  const extraHeaders: Record<string, string> = { ...origin.headers, ...(rateDecision && !rateDecision.allowed ? { 'retry-after': String(Math.max(1, Math.ceil(rateDecision.retryAfterMs / 1000))) } : {}) };

  if (tier) logger.debug('tool call received', { principal: auth.principal.id, tool: single?.params?.name });

  const aborted = new AbortController();
  res.once('close', () => !res.writableFinished && aborted.abort());
  const url = new URL(req.url ?? '/mcp', settings.publicUrl);
  const response = await deps.handler.fetch(webRequestOf(req, url, body, aborted.signal), {
    authInfo: authInfoOf({ clientId: auth.principal.credentialId ?? auth.principal.id, scopes: auth.scopes, expiresAt: auth.expiresAt, principal: auth.principal, rateDecision }),
    ...(parsed !== undefined ? { parsedBody: parsed } : {}),
  });
  const method = single?.method;
  const streamed = response.headers.get('content-type')?.startsWith('text/event-stream') ?? false;
  if (!streamed) return writeWebResponse(res, response, { maxBufferedBytes: Number.POSITIVE_INFINITY }, extraHeaders);
  const listen = method === 'subscriptions/listen';
  if (listen) deps.streams?.listenStreamOpened();
  const openedAt = Date.now();
  let overflowed = false;
  // The slow-reader bound is for listen streams (open-ended); a one-shot answer streamed as SSE (every 2025-era
  // answer, a 2026 call with progress) is bounded by its own size, and a large resource read must not be cut.
  const bound = listen ? settings.listenBufferBytes : Number.POSITIVE_INFINITY;
  await writeWebResponse(res, response, { maxBufferedBytes: bound, onOverflow: () => (overflowed = true) }, extraHeaders);
  if (listen) deps.streams?.listenStreamClosed();
  // Modern requests name their revision in a header; 2025-era ones are stateless exchanges (one per POST) here.
  const legacy = !(req.headers['mcp-protocol-version'] ?? '').toString().startsWith('2026');
  const what = listen ? 'listen stream closed' : legacy ? '2025-era stream closed' : 'response stream closed';
  const meta = { principal: auth.principal.id, client: auth.principal.credentialId, method, duration_ms: Date.now() - openedAt, ...(overflowed ? { reason: 'client could not keep up; disconnected' } : {}) };
  // A listen stream is long-lived and worth a line at info; a one-shot answer, of either revision, is not (the audit
  // log has every call): logging each 2025-era answer at info cost CPU per call that 2026-07-28 answers did not pay.
  if (overflowed) logger.warn(what, meta);
  else if (listen) logger.info(what, meta);
  else logger.debug(what, meta);
}
