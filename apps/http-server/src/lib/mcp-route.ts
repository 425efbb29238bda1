import type { IncomingMessage, ServerResponse } from 'node:http';
import { AuthenticationError, bearerErrorOf, wwwAuthenticate, type Authenticated } from '@routeros-mcp/composition';
import { authInfoOf, type McpHttpHandler, type RateDecision, validateHostHeader } from '@routeros-mcp/mcp-protocol';
import { mayUseTier, type Role, type Tier, TIER_ROLE } from '@routeros-mcp/mcp-protocol';
import { clientAddressOf } from './client-address';
import { checkOrigin, preflightHeaders } from './cors';
import type { HttpSettings } from './http-settings';
import { sendJson, sendRpcError, rpcErrorBody } from './json-replies';
import { BodyTooLargeError, readBody } from './read-body';
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

export interface McpRouteDeps {
  settings: HttpSettings;
  metadataUrl: string;
  authenticate(bearer: string | undefined): Promise<Authenticated>;
  handler: McpHttpHandler;
  /** The tier of a listed tool (aliases included), for the step-up answer before anything runs. */
  toolTier(name: string): Tier | undefined;
  /** The scope a client must ask its authorization server for to hold `role`. */
  scopeFor(role: Role): string;
  draining(): boolean;
  /** Charges a tool call to the principal's shared per-tier budget (before dispatch, so Retry-After can be set). */
  charge?(principalId: string, tier: Tier): Promise<RateDecision>;
  logger: RouteLogger;
  streams?: StreamEvents;
}

interface JsonRpcMessage {
  id?: string | number | null;
  method?: string;
  params?: { name?: unknown };
}

function bearerOf(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  // A malformed Authorization header is a bad token, not a missing one.
  return match ? match[1] : '';
}

/** A step-up answer for the first tools/call whose tier the caller's roles do not open. */
function stepUpFor(messages: JsonRpcMessage[], auth: Authenticated, deps: McpRouteDeps) {
  for (const message of messages) {
    if (message.method !== 'tools/call' || typeof message.params?.name !== 'string') continue;
    const tier = deps.toolTier(message.params.name);
    if (tier && !mayUseTier(auth.principal, tier)) return { message, tier, scope: deps.scopeFor(TIER_ROLE[tier]) };
  }
  return undefined;
}

/**
 * The /mcp pipeline: origin and host checks, readiness, the bearer token, a bounded body, JSON, the step-up check
 * for tools the token's roles do not open, then the SDK's handler (both revisions) with the principal attached.
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
    auth = await deps.authenticate(bearerOf(req));
  } catch (error) {
    if (!(error instanceof AuthenticationError)) throw error;
    if (error.kind === 'unavailable') {
      logger.warn('authorization server unavailable', { reason: error.description });
      return sendRpcError(res, 503, -32603, 'Service unavailable: the token could not be checked right now', { mcp_error_code: 'UNAUTHORIZED', retry_after: 5 }, { ...origin.headers, 'retry-after': '5' });
    }
    const challenge = wwwAuthenticate({ resourceMetadata: deps.metadataUrl, error: bearerErrorOf(error.kind), ...(error.kind === 'missing' ? {} : { errorDescription: error.description }) });
    logger.info('request refused: not authenticated', { reason: error.kind, description: error.description });
    return sendRpcError(res, 401, -32001, `Unauthorized: ${error.description}`, { mcp_error_code: 'UNAUTHORIZED', suggestion: 'Send a valid bearer token (see the resource metadata in WWW-Authenticate).' }, { ...origin.headers, 'www-authenticate': challenge });
  }

  let body: Buffer | undefined;
  let parsed: unknown;
  if (req.method === 'POST') {
    const type = req.headers['content-type'] ?? '';
    if (!/^application\/json\b/i.test(type)) {
      return sendRpcError(res, 415, -32600, `Unsupported Media Type: send application/json (got '${type || 'none'}')`, { mcp_error_code: 'INVALID_REQUEST' }, origin.headers);
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
    const messages = (Array.isArray(parsed) ? parsed : [parsed]).filter((m): m is JsonRpcMessage => !!m && typeof m === 'object');
    const stepUp = stepUpFor(messages, auth, deps);
    if (stepUp) {
      const { message, tier, scope } = stepUp;
      const description = `${String(message.params?.name)} is a ${tier} tool; it needs the ${TIER_ROLE[tier]} role (scope ${scope})`;
      logger.info('request refused: insufficient scope', { principal: auth.principal.id, tool: message.params?.name, tier });
      return sendJson(
        res,
        403,
        rpcErrorBody(-32002, `Forbidden: ${description}`, { mcp_error_code: 'FORBIDDEN', required_scope: scope, required_role: TIER_ROLE[tier], suggestion: `Get a token with scope ${scope} and retry.` }, message.id ?? null),
        { ...origin.headers, 'www-authenticate': wwwAuthenticate({ resourceMetadata: deps.metadataUrl, error: 'insufficient_scope', errorDescription: description, scope }) },
      );
    }
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
  if (overflowed) logger.warn(what, meta);
  else if (listen || legacy) logger.info(what, meta);
  else logger.debug(what, meta);
}
