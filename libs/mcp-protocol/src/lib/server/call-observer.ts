import type { Tier } from '@routeros-mcp/domain-kernel';
import type { Era } from '../errors/error-contract';

/** A tool call as observability sees it (never its arguments: they may hold secrets). */
export interface ObservedCall {
  /** The tool's listed name, or the unknown name asked for. */
  tool: string;
  tier?: Tier;
  principalId: string;
  /** The principal's roles (undefined: a local caller); what metrics label by, never the identity. */
  roles?: readonly string[];
  /** The MCP client's own name for itself (clientInfo), if it gave one. */
  clientName?: string;
  /** The OAuth client or API token id the request came with. */
  credentialId?: string;
  correlationId: string;
  era: Era;
}

export interface ObservedOutcome {
  /** `cancelled`: the client cancelled the call or went away; it was abandoned and got no answer. */
  result: 'success' | 'error' | 'cancelled';
  /** The `mcp_error_code` of a failure. */
  code?: string;
  durationMs: number;
  estimatedTokens?: number;
}

/**
 * Metrics and traces around each tool call, supplied by the app (prom-client and OpenTelemetry on HTTP). `run`
 * wraps the whole call, so a span it makes active is the parent of the device requests the call makes.
 */
export interface CallObserver {
  run<T>(call: ObservedCall, work: () => Promise<T>): Promise<T>;
  ended(call: ObservedCall, outcome: ObservedOutcome): void;
}
