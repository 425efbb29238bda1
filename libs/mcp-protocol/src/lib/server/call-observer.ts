import type { Tier } from '@routeros-mcp/domain-kernel';
import type { Era } from '../errors/error-contract';

/** A tool call as observability sees it (never its arguments: they may hold secrets). */
export interface ObservedCall {
  /** The tool's listed name, or the unknown name asked for. */
  tool: string;
  tier?: Tier;
  principalId: string;
  clientName?: string;
  correlationId: string;
  era: Era;
}

export interface ObservedOutcome {
  result: 'success' | 'error';
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
