import type { Transport } from '@modelcontextprotocol/server';
import type { Era } from '../errors/error-contract';

/**
 * One MCP request or notification as observability sees it: its method and what names its target (tool, prompt,
 * resource), ids and versions, and the trace context the client sent. Never its arguments.
 */
export interface ObservedOperation {
  method: string;
  /** The JSON-RPC id of a request (absent on a notification). */
  requestId?: string | number;
  /** `tools/call`: the tool asked for; `prompts/get`: the prompt. */
  toolName?: string;
  promptName?: string;
  /** `resources/read`, `resources/subscribe`, `resources/unsubscribe`. */
  resourceUri?: string;
  era: Era;
  /** The MCP revision the request speaks, when it names one (envelope, header or initialize). */
  protocolVersion?: string;
  sessionId?: string;
  /** `tcp` for HTTP, `pipe` for stdio (OpenTelemetry's network.transport). */
  networkTransport: 'tcp' | 'pipe';
  /** W3C trace context from `params._meta` (traceparent, tracestate, baggage), as sent. */
  metaCarrier: Record<string, string>;
  /** W3C trace context from the HTTP request's headers, when there was one. */
  headerCarrier?: Record<string, string>;
}

/** How an operation ended: a JSON-RPC error, a result (isError for a failed tool), or no answer at all. */
export type OperationOutcome =
  | { kind: 'result'; isError: boolean }
  | { kind: 'error'; code: number; message: string; mcpErrorCode?: string }
  | { kind: 'notification' }
  | { kind: 'abandoned' };

export interface OperationScope {
  /** Runs the dispatch of the message, so what it starts (the tool call, device requests) is inside the operation. */
  run<T>(dispatch: () => T): T;
  ended(outcome: OperationOutcome): void;
}

/** Spans and metrics around every MCP request and notification a server receives, supplied by the app. */
export interface OperationObserver {
  started(operation: ObservedOperation): OperationScope;
}

export interface ObservedTransportInfo {
  era: Era;
  networkTransport: 'tcp' | 'pipe';
  /** The revision the connection speaks when the transport knows it (the MCP-Protocol-Version header). */
  protocolVersion?: string;
}

type Message = { id?: unknown; method?: unknown; params?: { name?: unknown; uri?: unknown; protocolVersion?: unknown; _meta?: Record<string, unknown> }; result?: { isError?: unknown }; error?: { code?: unknown; message?: unknown; data?: { mcp_error_code?: unknown } } };
type OnMessage = NonNullable<Transport['onmessage']>;

const TRACE_KEYS = ['traceparent', 'tracestate', 'baggage'] as const;
const PROTOCOL_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';

const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

function carrierOf(read: (key: string) => unknown): Record<string, string> {
  const carrier: Record<string, string> = {};
  for (const key of TRACE_KEYS) {
    const value = str(read(key));
    if (value !== undefined && value.length <= 512) carrier[key] = value;
  }
  return carrier;
}

function operationOf(message: Message, info: ObservedTransportInfo, sessionId: string | undefined, request: Request | undefined): ObservedOperation {
  const method = message.method as string;
  const params = message.params && typeof message.params === 'object' ? message.params : {};
  const meta = params._meta && typeof params._meta === 'object' ? params._meta : {};
  const id = message.id;
  const headerVersion = request?.headers.get('mcp-protocol-version') ?? undefined;
  const protocolVersion = str(meta[PROTOCOL_VERSION_KEY]) ?? (method === 'initialize' ? str(params.protocolVersion) : undefined) ?? headerVersion ?? info.protocolVersion;
  const headerCarrier = request ? carrierOf((key) => request.headers.get(key) ?? undefined) : undefined;
  return {
    method,
    ...(typeof id === 'string' || typeof id === 'number' ? { requestId: id } : {}),
    ...(method === 'tools/call' && str(params.name) !== undefined ? { toolName: str(params.name) } : {}),
    ...(method === 'prompts/get' && str(params.name) !== undefined ? { promptName: str(params.name) } : {}),
    ...(method.startsWith('resources/') && str(params.uri) !== undefined ? { resourceUri: str(params.uri) } : {}),
    era: info.era,
    ...(protocolVersion ? { protocolVersion } : {}),
    ...(sessionId ? { sessionId } : {}),
    networkTransport: info.networkTransport,
    metaCarrier: carrierOf((key) => meta[key]),
    ...(headerCarrier && Object.keys(headerCarrier).length > 0 ? { headerCarrier } : {}),
  };
}

/**
 * Puts an observer around every message a transport delivers to its server, before the server connects: each
 * request's scope ends when its response is sent (or the transport closes without one), a notification's as soon
 * as it is dispatched. The server installs its own `onmessage` when it connects; the property keeps wrapping it.
 */
export function observeOperations(transport: Transport, observer: OperationObserver, info: ObservedTransportInfo): void {
  const open = new Map<string | number, OperationScope>();
  const observe = (handler: OnMessage, message: Parameters<OnMessage>[0], extra: Parameters<OnMessage>[1]) => {
    const m = message as Message;
    if (typeof m.method !== 'string') return handler(message, extra);
    let scope: OperationScope;
    try {
      scope = observer.started(operationOf(m, info, transport.sessionId, extra?.request));
    } catch {
      return handler(message, extra);
    }
    const id = m.id;
    const request = typeof id === 'string' || typeof id === 'number';
    if (request) open.set(id, scope);
    try {
      return scope.run(() => handler(message, extra));
    } finally {
      if (!request) scope.ended({ kind: 'notification' });
    }
  };
  // Each read wraps the handler set at that moment (not a later one), so a handler that chains the one it replaced
  // (the SDK's Protocol does) cannot loop back into itself.
  let inner: OnMessage | undefined = transport.onmessage;
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    enumerable: true,
    get: () => {
      const handler = inner;
      return handler ? (message: Parameters<OnMessage>[0], extra: Parameters<OnMessage>[1]) => observe(handler, message, extra) : undefined;
    },
    set: (handler: OnMessage | undefined) => (inner = handler),
  });

  const send = transport.send.bind(transport);
  transport.send = async (message, options) => {
    const m = message as Message;
    const id = m.id;
    const scope = (typeof id === 'string' || typeof id === 'number') && m.method === undefined ? open.get(id) : undefined;
    // Ended as the answer goes out: the span is complete before the client can read the answer.
    if (scope) {
      open.delete(id as string | number);
      const error = m.error;
      if (error && typeof error === 'object') {
        const mcpErrorCode = str(error.data?.mcp_error_code);
        scope.ended({ kind: 'error', code: typeof error.code === 'number' ? error.code : -32603, message: str(error.message) ?? '', ...(mcpErrorCode ? { mcpErrorCode } : {}) });
      } else {
        scope.ended({ kind: 'result', isError: m.result?.isError === true });
      }
    }
    return send(message, options);
  };

  // A request that never got its answer (cancelled, the client went away) ends with the transport.
  let onclose = transport.onclose;
  Object.defineProperty(transport, 'onclose', {
    configurable: true,
    enumerable: true,
    get: () => {
      const handler = onclose;
      return () => {
        for (const scope of open.values()) scope.ended({ kind: 'abandoned' });
        open.clear();
        handler?.();
      };
    },
    set: (handler: (() => void) | undefined) => (onclose = handler),
  });
}
