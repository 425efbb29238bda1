import type { Server } from '@modelcontextprotocol/server';
import type { EventBus, Logger, Principal, RateLimiter } from '@routeros-mcp/application-ports';
import type { AuditRecorder, ChangeHistory, ChangeRunner, DeviceConnectivity, DeviceReader, DeviceRegistry, MenuCatalog, SnapshotService } from '@routeros-mcp/application-use-cases';
import { CallCancelledError, type Environment } from '@routeros-mcp/domain-kernel';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { Era, toolFailure, ToolErrorMode } from '../errors/error-contract';
import { protocolError } from '../errors/map-domain-error';
import { callerOf } from './caller';
import { asCancelled, audited, errorPayload, inDeviceContext, principalOf } from './call-guards';
import { cancellationKey } from './cancellation-key';
import type { CallTracker } from './call-tracker';
import type { ClientLogLevel } from './client-log-level';
import type { ToolCatalog } from '../tools/catalog';
import type { ToolDefinition } from '../tools/define-tool';
import { compactSchema } from './compact-schema';
import { refuseDisplayAlteringArguments } from './display-guard';
import { refuseCursor } from './refuse-cursor';
import { progressReporter } from './progress-reporter';
import type { RateWindow } from '../support/rate-window';
import { RpcError } from '../errors/rpc-error';
import { unlistedToolError } from './unknown-tool';
import { auditableArguments, unknownArgumentMessage, unknownArguments } from './unknown-arguments';
import { secretArgumentValues, withoutSecretValues } from './secret-values';
import type { CallObserver, ObservedCall } from './call-observer';
import { assertTierAllowed } from './access-guard';
import { assertRequestAllowed } from './request-access';
import { MAX_JSON_DEPTH, paramsTooDeep } from '../transport/frame-guard';
import { RateLimitedError } from '../support/rate-window';
import { estimateTokens, TOKEN_HARD_CAP, TOKEN_WARNING } from '../support/token-budget';
import type { PlanOperations, PlanRollback } from '../tools/plan/plan-services';
import { approvalElicitation, takesUrlElicitation } from '../elicitation/approval-elicitation';
import { approvalRetry, personAccepted, personDeclined, type ApprovalRetry } from '../elicitation/approval-retry';
import type { ApprovalWatch } from '../elicitation/approval-watch';
import { PlanAwaitingApprovalError } from '../elicitation/plan-awaiting-approval.error';
import { viewOfTool, viewResultMeta } from '../views/views';

export interface ToolServices {
  reader: DeviceReader;
  registry: DeviceRegistry;
  audit: AuditRecorder;
  connectivity: DeviceConnectivity;
  logger: Logger;
  /** The change pipeline and the recorded changes; absent on a server built without the write tier. */
  changes?: ChangeRunner & ChangeHistory;
  /** Config history and the events that make `device://{id}/config` subscribable; absent without them. */
  snapshots?: SnapshotService;
  events?: EventBus;
  /** Multi-device plans (never their approval); absent on a server built without the professional tier. */
  plans?: PlanOperations;
  /** The rollout runner's rollback; absent until a runner is wired (plan_rollback then says so). */
  planRollback?: PlanRollback;
  /** RouterOS's menus by device version (the menu tools); absent on a server built without them. */
  menus?: MenuCatalog;
}

/** The services, built on first use: a server answers its first requests before the database is open. */
export type ServicesSource = () => Promise<ToolServices>;

export interface ToolServerOptions {
  environment: Environment;
  /** Who is calling: on stdio the local user, on HTTP the token's subject. */
  principal: () => Principal;
  /**
   * How 2025-era connections get a failed tool call (ROUTEROS_MCP_TOOL_ERRORS): `result` (the default) as an isError
   * result carrying the taxonomy, as on 2026-07-28; `jsonrpc` as the JSON-RPC error of spec 001.
   */
  toolErrors: ToolErrorMode;
  /** Tool calls per minute per client of a session (RATE_LIMITED past it); replaced by `rateLimiter` when given. */
  callsPerMinute?: number;
  /** Calls per principal and tier, shared by replicas (HTTP). */
  rateLimiter?: RateLimiter;
  /** Metrics and traces around each call (HTTP). */
  observer?: CallObserver;
  /** Bounds device-reaching (open-world) tool calls executing at once in the process; a call waits for a slot (its cancellation still applies). */
  executionSlots?: ExecutionSlots;
  /**
   * How long plan_apply may hold its answer to stream the rollout's progress, when the client sent a progress token
   * (ROUTEROS_MCP_PLAN_APPLY_WAIT_S); 0 or absent: it answers at once.
   */
  planApplyWaitMs?: number;
  /**
   * The operator console's base URL (a plan's page is `{base}/plans/{id}`): plan_apply sends a person there for an
   * unapproved plan (URL-mode elicitation, or next_steps). Read per call (an HTTP server knows its origin once it
   * listens); absent or undefined: no console to offer.
   */
  consoleUrl?: () => string | undefined;
}

/** A counting semaphore: `run` waits for a slot, then runs `work`, then frees it. */
export interface ExecutionSlots {
  run<T>(work: () => Promise<T>, signal: AbortSignal): Promise<T>;
}

/**
 * What the handlers of one connection share: running calls (for shutdown), tool calls per client (kept across the
 * server instances the connection may go through), the 2025-era log level, and the connection's revision.
 */
export interface HandlerSupport {
  era: Era;
  calls: CallTracker;
  logLevel: ClientLogLevel;
  callsPerClient: RateWindow;
  /**
   * Ends the exchange of a call cancelled from outside its connection with no answer (stateless HTTP: the request's
   * own server closes, which ends its stream). Absent where the SDK itself withholds the answer (stdio).
   */
  endWithoutAnswer?: () => void;
  /** The session's URL elicitations waiting for a plan's approval (2025-era sessions: stdio); absent without a session. */
  approvals?: ApprovalWatch;
}

/** Arguments kept in the audit record of a refused call: the whole object when small, else only its size. */
const AUDITED_ARGUMENTS_MAX = 4096;
export function auditedArguments(raw: unknown): Record<string, unknown> {
  const text = JSON.stringify(raw ?? {}) ?? '';
  if (text.length > AUDITED_ARGUMENTS_MAX) return { omitted: `${text.length} characters` };
  return raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : { value: raw };
}

/** The arguments a tool could have asked for less with, for an honest timeout message. */
const NARROWING = ['fields', 'where', 'limit', 'count'];
const narrowingOf = (tool: ToolDefinition | undefined) => (tool ? NARROWING.filter((name) => name in tool.input.shape) : []);

/**
 * readOnlyHint always; every other hint where the spec gives it meaning (destructive and idempotent only for
 * tools that write) and its value differs from the spec's default (destructive true, idempotent false, open
 * world true), which a client applies when a hint is absent. Spelling out defaults would cost 37 tools' worth of
 * tools/list for no information.
 */
function annotationsOf(tool: ToolDefinition): Record<string, boolean> {
  return {
    // Only what differs from MCP's defaults (readOnlyHint false, destructiveHint true, idempotentHint false).
    ...(tool.readOnly ? { readOnlyHint: true } : {}),
    ...(!tool.readOnly && !tool.destructive ? { destructiveHint: false } : {}),
    ...(!tool.readOnly && tool.idempotent ? { idempotentHint: true } : {}),
    ...(!tool.openWorld ? { openWorldHint: false } : {}),
  };
}

function describeTool(tool: ToolDefinition) {
  const view = viewOfTool(tool.name);
  return {
    // No title: clients show the name instead, and 60 titles cost 300 tokens of every model's context (the budget
    // of issue 12). Definitions keep their title for human-facing text.
    name: tool.name,
    description: tool.description,
    inputSchema: compactSchema(z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' })) as { type: 'object'; [key: string]: unknown },
    // No outputSchema: answers carry structuredContent and the same facts as text, and the server instructions give
    // the shapes tools share. Listed per tool, output schemas cost ~900 tokens of the default list, more than the
    // argument descriptions a model needs to call the tools (the token budgets: 6,000 default, 12,000 everything).
    annotations: annotationsOf(tool),
    // MCP Apps: the view a supporting client draws the result with; listed to every client (one list for all, as
    // 2026-07-28 caches it and stateless 2025-era HTTP cannot know the caller's capabilities), ignored by the others.
    ...(view ? { _meta: { ui: { resourceUri: view.uri } } } : {}),
  };
}

/** tools/list's entries, made once per catalog on the first list (not while the first request waits). */
const listings = new WeakMap<ToolCatalog, ReturnType<typeof describeTool>[]>();
function listedTools(catalog: ToolCatalog): ReturnType<typeof describeTool>[] {
  let listed = listings.get(catalog);
  if (!listed) listings.set(catalog, (listed = catalog.tools.map(describeTool)));
  return listed;
}

/** One entry per invalid field, as spec 002 asks for -32602; arguments the tool does not take first, with the closest name. */
function invalidParams(tool: ToolDefinition, error: z.ZodError): RpcError {
  const unknown = unknownArguments(tool, error);
  const errors = [
    ...unknown.map((u) => ({ field: u.field, message: unknownArgumentMessage(u) })),
    ...error.issues.filter((issue) => issue.code !== 'unrecognized_keys').map((issue) => ({ field: issue.path.join('.') || '(arguments)', message: issue.message })),
  ];
  const first = errors[0];
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  if (unknown.length) {
    const { key, closest, valid } = unknown[0];
    return new RpcError(protocolError('INVALID_PARAMS', `${tool.name}: ${first.message}${more}`, { tool: tool.name, field: first.field, errors, unknown_arguments: unknown.map((u) => u.field), valid_arguments: valid }, closest ? `Call again with '${closest}' instead of '${key}'.` : `Call again without '${key}'.`));
  }
  return new RpcError(protocolError('INVALID_PARAMS', `${tool.name}: ${first.field}: ${first.message}${more}`, { tool: tool.name, field: first.field, errors }, 'Fix the listed fields and call the tool again.'));
}

/** Serves tools/list and tools/call with the spec's errors (the SDK's own helpers would turn them into results). */
export function registerTools(server: Server, catalog: ToolCatalog, servicesOf: ServicesSource, options: ToolServerOptions, support: HandlerSupport): void {
  server.setRequestHandler('tools/list', async (request) => {
    refuseCursor(request.params?.cursor);
    return { tools: listedTools(catalog) };
  });

  server.setRequestHandler('tools/call', (request, ctx) => support.calls.run(ctx.mcpReq.signal, async (signal) => {
    const services = await servicesOf();
    const caller = callerOf(server, support.era, ctx, support.logLevel);
    const correlationId = randomUUID();
    const name = request.params.name;
    const tool = catalog.find(name);
    const log = services.logger.child({ correlation_id: correlationId, tool: tool?.name ?? name });
    const raw = request.params.arguments ?? {};
    // Checked before anything reads the arguments: recording, redacting or validating them would recurse.
    const tooDeep = paramsTooDeep(request.params);
    const rawDevice = tool?.deviceArgument ? raw[tool.deviceArgument] : undefined;
    const principal = principalOf(options, { id: ctx.sessionId, client: caller.client });
    const observed: ObservedCall = { tool: tool?.name ?? name, tier: tool?.tier, principalId: principal.id, roles: principal.roles, clientName: caller.client?.name, credentialId: principal.credentialId, correlationId, era: support.era };
    const started = performance.now();
    // A 2026-07-28 retry after URL elicitation: its state and the person's answer (see approval-elicitation.ts).
    let retry: ApprovalRetry | undefined;
    const call = async () => {
    try {
      // One audit record for every call, refused ones included (unknown tool, rate limit, invalid arguments).
      const output = await audited(
        services,
        { principal, action: `tool.${tool?.name ?? name}`, deviceId: typeof rawDevice === 'string' && rawDevice.length <= 64 ? rawDevice : undefined, correlationId, arguments: tooDeep ? { omitted: `nested deeper than ${MAX_JSON_DEPTH} levels` } : auditedArguments(auditableArguments(tool, raw)) },
        (durably) => asCancelled(signal, async () => {
          if (tooDeep) throw new RpcError(protocolError('INVALID_PARAMS', `params: nested deeper than ${MAX_JSON_DEPTH} levels (arguments included)`, { field: 'params', max_depth: MAX_JSON_DEPTH }, 'Send arguments as the tool\'s input schema describes them.'));
          if (!tool) throw unlistedToolError(catalog, name);
          assertTierAllowed(principal, tool);
          // The reach of every device the arguments name or touch (a plan's, a change's, a snapshot's): narrowed principals only.
          await assertRequestAllowed(principal, request, { catalog, services: servicesOf });
          if (options.rateLimiter) {
            const decision = await options.rateLimiter.consume(principal.id, tool.tier);
            if (!decision.allowed) throw new RateLimitedError(`${tool.tier} tool calls of '${principal.id}'`, Math.max(1, Math.ceil(decision.retryAfterMs / 1000)));
          } else {
            // Per client: the envelope's name and version (modern) or initialize's (legacy), within this session.
            support.callsPerClient.take(`${ctx.sessionId ?? 'stdio'} ${caller.client?.name ?? '?'} ${caller.client?.version ?? '?'}`, 'tool calls of this client');
          }
          refuseDisplayAlteringArguments(tool, raw);
          const parsed = tool.input.safeParse(raw);
          if (!parsed.success) throw invalidParams(tool, parsed.error);
          const args = parsed.data as Record<string, unknown>;
          if (support.era === 'modern') {
            const plans = services.plans;
            const status = plans && (async (planId: string) => (await plans.get(planId)).status);
            retry = await approvalRetry(ctx.mcpReq.requestState(), ctx.mcpReq.inputResponses, { tool: tool.name, args, signal }, status && { status, events: services.events });
          }
          // An optional device argument left out (change_list {}) names no device.
          const deviceId = tool.deviceArgument && args[tool.deviceArgument] !== undefined ? String(args[tool.deviceArgument]) : undefined;
          const progressToken = request.params._meta?.progressToken;
          const progress = progressReporter(
            progressToken === undefined
              ? undefined
              : (done, total, message) => caller.notify({ method: 'notifications/progress', params: { progressToken, progress: done, total, ...(message ? { message } : {}) } }),
          );
          // A tool that may write has its record committed before it acts: a kill mid-call leaves it (see AuditRecorder).
          if (!tool.readOnly) await durably();
          const execute = () => inDeviceContext(services, options, principal, { deviceId, correlationId, signal, progress, progressRequested: progressToken !== undefined }, (ctx) => tool.run(args as never, ctx));
          // The global slots bound device work; a tool that only reads this server's own records (openWorld false:
          // device_list, audit, snapshots) does not queue behind device calls: a hung device must not stall the
          // listing a client recovers with. The database pool and the rate limits bound those.
          return options.executionSlots && tool.openWorld ? options.executionSlots.run(execute, signal) : execute();
        }),
        // The answer does not wait for the audit record; shutdown does (the call tracker counts it).
        (recorded) => support.calls.track(recorded),
      );
      const tokens = estimateTokens(output.structured) + estimateTokens(output.text);
      if (tokens > TOKEN_HARD_CAP) {
        throw new RpcError(protocolError('VALIDATION_ERROR', `the answer would be about ${tokens} tokens, over the ${TOKEN_HARD_CAP} cap; ask for fewer rows (limit) or fewer fields`, { tool: tool!.name, estimated_tokens: tokens }));
      }
      log.debug('tool call succeeded', { estimated_tokens: tokens });
      options.observer?.ended(observed, { result: 'success', durationMs: performance.now() - started, estimatedTokens: tokens });
      return {
        content: [{ type: 'text' as const, text: output.text }],
        structuredContent: output.structured as Record<string, unknown>,
        _meta: {
          correlation_id: correlationId,
          estimated_tokens: tokens,
          ...(tokens > TOKEN_WARNING ? { token_warning: `about ${tokens} tokens; prefer fields or a smaller limit` } : {}),
          ...output.meta,
          ...viewResultMeta(tool!.name, output.structured, options.consoleUrl?.()),
        },
      };
    } catch (error) {
      // Its client gave up on it: nobody reads an answer (the SDK sends none), the audit record says cancelled.
      if (error instanceof CallCancelledError) {
        options.observer?.ended(observed, { result: 'cancelled', durationMs: performance.now() - started });
        log.info('tool call cancelled', { how: error.how });
        support.endWithoutAnswer?.();
        throw error;
      }
      // A value the caller sent under a secret name (one the tool takes or not) is never said back or logged.
      const secrets = secretArgumentValues(raw);
      const payload = withoutSecretValues(errorPayload(error, correlationId, { narrowing: narrowingOf(tool) }), secrets);
      options.observer?.ended(observed, { result: 'error', code: payload.data.mcp_error_code, durationMs: performance.now() - started });
      // The whole error (with any long RouterOS detail) stays in the log; the client gets the short form.
      log.warn('tool call failed', withoutSecretValues({ code: payload.data.mcp_error_code, error: error instanceof Error ? error.message : String(error), details: (error as { details?: () => unknown }).details?.() }, secrets));
      // Only clients that asked for log messages (logging/setLevel, or the envelope's logLevel) see failures there.
      caller.log('warning', { tool: tool?.name ?? name, code: payload.data.mcp_error_code, correlation_id: correlationId });
      // An unapproved plan with a console page, for a client that takes URL-mode elicitation (and did not turn it down).
      if (error instanceof PlanAwaitingApprovalError && takesUrlElicitation(server, support.era, ctx) && !personDeclined(retry)) {
        return approvalElicitation(error, support.era, { watch: support.approvals, accepted: personAccepted(retry), correlationId });
      }
      const failure = toolFailure(payload, support.era, options.toolErrors);
      if ('result' in failure) return failure.result;
      throw new RpcError(failure.error);
    }
    };
    return options.observer ? options.observer.run(observed, call) : call();
  }, support.era === 'legacy' ? cancellationKey(options.principal(), ctx.mcpReq.id) : undefined));
}
