import type { Principal } from '@routeros-mcp/application-ports';
import type { DurableStart } from '@routeros-mcp/application-use-cases';
import { assertDeviceAdmitted, scopedRegistry } from '@routeros-mcp/application-use-cases';
import { cancellationOr, DomainError } from '@routeros-mcp/domain-kernel';
import { asProtocolRefusal } from '../errors/access-refusal';
import { ErrorCallContext, McpErrorPayload, toMcpError } from '../errors/map-domain-error';
import type { ToolContext } from '../tools/define-tool';
import type { ToolServerOptions, ToolServices } from './register-tools';
import { RpcError } from '../errors/rpc-error';

export interface GatedCall {
  /** Audit action, e.g. `tool.system_get_overview`. */
  action: string;
  deviceId?: string;
  correlationId: string;
  arguments: Record<string, unknown>;
  signal: AbortSignal;
  progress?: ToolContext['progress'];
  /** Whether the client sent a progress token (plan_apply then may stream the rollout). */
  progressRequested?: boolean;
  /** The transport's session (HTTP) and the client's `initialize` name and version, for the audit record. */
  session: { id?: string; client?: { name: string; version: string } };
  /** Takes the audit record's write so the answer need not wait for it (shutdown must); without it the call waits. */
  afterAnswer?: (recorded: Promise<unknown>) => void;
  /** Refuses the call (audited) before any device check: the role and reach judgement of the request. */
  authorize?: (principal: Principal) => Promise<void>;
}

/**
 * The path every tool call and resource read takes: one audit record around it, the environment gate for a
 * device, and a context whose reader loads each device once for the whole call.
 */
export async function runGated<T>(services: ToolServices, options: ToolServerOptions, call: GatedCall, work: (ctx: ToolContext) => Promise<T>): Promise<T> {
  const principal = principalOf(options, call.session);
  const gated = () =>
    asCancelled(call.signal, async () => {
      await call.authorize?.(principal);
      return inDeviceContext(services, options, principal, call, work);
    });
  return audited(services, { principal, action: call.action, deviceId: call.deviceId, correlationId: call.correlationId, arguments: call.arguments }, gated, call.afterAnswer);
}

/**
 * `work`, failing with the call's cancellation when it was cancelled: a step cut off by the abort fails as it makes
 * of it (a device timeout, a lost connection), and the audit record and the caller must hear of the cancellation.
 */
export function asCancelled<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
  return work().catch((error: unknown) => {
    throw cancellationOr(error, signal);
  });
}

/** The caller as the audit record and the use-cases see it: the transport's principal, session and client. */
export function principalOf(options: ToolServerOptions, session: GatedCall['session']): Principal {
  return {
    ...options.principal(),
    ...(session.id ? { sessionId: session.id } : {}),
    ...(session.client ? { clientName: session.client.name, clientVersion: session.client.version } : {}),
  };
}

/**
 * A refusal the protocol layer raised (unknown tool, invalid arguments) carried through the audit recorder, which
 * records a domain error's code: the record says `PROTOCOL.TOOL_NOT_FOUND`, not an internal error.
 */
class ProtocolRefusal extends DomainError {
  readonly code: string;
  constructor(readonly rpc: RpcError) {
    super(rpc.message);
    this.code = `PROTOCOL.${rpc.data.mcp_error_code}`;
  }
}

/**
 * One audit record around `work`, whatever it throws; protocol refusals come back out as they went in. With
 * `afterAnswer`, the result is returned as soon as `work` settles and the record's write is handed over (the
 * caller keeps the process alive until it is committed); without it, the record is committed first. Work that
 * commits its record durably (`durably`, before a write reaches a device) is always answered after its settlement
 * is committed: what the caller is told is what the record says.
 */
export function audited<T>(services: ToolServices, action: Parameters<ToolServices['audit']['run']>[0], work: (durably: DurableStart) => Promise<T>, afterAnswer?: (recorded: Promise<unknown>) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let durable = false;
    const answerEarly = () => afterAnswer !== undefined && !durable;
    const recorded = services.audit.run(action, (start) =>
      work(async () => {
        await start();
        durable = true;
      }).then(
        (value) => {
          if (!answerEarly()) return value;
          services.audit.answeredBefore(recorded);
          resolve(value);
          // The record is built (TypeORM) once the answer is on its way, not in the microtasks before it is sent.
          return new Promise<T>((settle) => setImmediate(() => settle(value)));
        },
        (thrown: unknown) => {
          const error = asProtocolRefusal(thrown);
          const refusal = error instanceof RpcError ? new ProtocolRefusal(error) : error;
          if (!answerEarly()) throw refusal;
          services.audit.answeredBefore(recorded);
          reject(error);
          return new Promise<never>((_, fail) => setImmediate(() => fail(refusal)));
        },
      ),
    );
    if (afterAnswer) afterAnswer(recorded.catch(() => undefined));
    recorded.then(
      (value) => {
        if (!answerEarly()) resolve(value);
      },
      (error: unknown) => {
        if (!answerEarly()) reject(error instanceof ProtocolRefusal ? error.rpc : error);
      },
    );
  });
}

/** The environment gate for a device, then `work` with a context whose reader loads each device once. */
export async function inDeviceContext<T>(services: ToolServices, options: ToolServerOptions, principal: Principal, call: Pick<GatedCall, 'deviceId' | 'correlationId' | 'signal' | 'progress' | 'progressRequested'>, work: (ctx: ToolContext) => Promise<T>): Promise<T> {
  // Every device request the call makes ends with it (a cancelled call abandons what it asked of the device).
  const reader = services.reader.forOneCall(call.signal);
  const ctx: ToolContext = {
    principal,
    correlationId: call.correlationId,
    environment: options.environment,
    reader,
    registry: scopedRegistry(services.registry, principal),
    audit: services.audit,
    connectivity: services.connectivity,
    ...(services.changes ? { changes: services.changes, changeHistory: services.changes } : {}),
    snapshots: services.snapshots,
    ...(services.menus ? { menus: services.menus } : {}),
    signal: call.signal,
    progress: call.progress ?? (async () => undefined),
    plans: services.plans,
    planRollback: services.planRollback,
    events: services.events,
    planApplyWaitMs: options.planApplyWaitMs ?? 0,
    progressRequested: call.progressRequested ?? false,
    consoleUrl: options.consoleUrl?.(),
  };
  if (call.deviceId) await assertDeviceAdmitted(reader, principal, call.deviceId, options.environment);
  return work(ctx);
}

/** The JSON-RPC error for anything a handler threw, tagged with the request's correlation id. */
export function errorPayload(thrown: unknown, correlationId: string, call: Omit<ErrorCallContext, 'correlationId'> = {}): McpErrorPayload {
  const error = asProtocolRefusal(thrown);
  const payload = error instanceof RpcError ? { code: error.code, message: error.message, data: error.data } : toMcpError(error, { ...call, correlationId });
  payload.data.correlation_id ??= correlationId;
  return payload;
}
