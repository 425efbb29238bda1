import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { DEVICE } from './fuzz-requests';
import { SimFleet } from './sim-fleet';
import { connect } from './stdio-client';

const REQUEST_BOUND_MS = 1000;
const EXPORT_BOUND_MS = 3000;
/** Fixed allowance on top of bound × 1.1: process start-up of the call path and scheduling on a loaded 2-core machine. */
export const ALLOWANCE_MS = 250;
/** A call still unanswered after this is counted as hung. */
const HUNG_MS = 30_000;

/** Every simulator fault, set beyond the bounds where it is a delay. */
export const FAULTS: Record<string, Record<string, unknown>> = {
  latencyMs: { latencyMs: 2500 },
  jitterMs: { latencyMs: 300, jitterMs: 1500 },
  hang: { hang: true },
  refuse: { refuse: true },
  resetMidResponse: { resetMidResponse: true },
  unauthorized: { unauthorized: true },
  serverError: { serverError: 'something went wrong' },
  invalidJson: { invalidJson: true },
  sessionClosedAfterMs: { sessionClosedAfterMs: 300 },
  tlsCertificateChanged: { tlsCertificateChanged: true },
  sshHostKeyChanged: { sshHostKeyChanged: true },
  flapPeriodMs: { flapPeriodMs: 500 },
  slowExportMs: { slowExportMs: 6000 },
};

const TOOLS: [string, Record<string, unknown>, number][] = [
  ['system_get_overview', { device_id: DEVICE }, REQUEST_BOUND_MS],
  ['interface_list', { device_id: DEVICE }, REQUEST_BOUND_MS],
  ['config_get_export', { device_id: DEVICE }, EXPORT_BOUND_MS],
];

export interface FaultCall {
  fault: string;
  tool: string;
  outcome: string;
  elapsed_ms: number;
  bound_ms: number;
  ratio: number;
  within: boolean;
}

export interface FaultFigures {
  request_bound_ms: number;
  export_bound_ms: number;
  allowance_ms: number;
  calls: FaultCall[];
  hung: number;
  over_bound: number;
  max_ratio: number;
  /** Per fault: whether a fresh server reads the device (all three tools) once the fault is cleared. */
  recovered: Record<string, boolean>;
}

/** A fresh server with the call bounds this part holds the calls to. */
const connectBounded = (dataDir: string) => connect(dataDir, { ROUTEROS_MCP_DEVICE_REQUEST_TIMEOUT_MS: String(REQUEST_BOUND_MS), ROUTEROS_MCP_DEVICE_EXPORT_TIMEOUT_MS: String(EXPORT_BOUND_MS) });

/** The tool's outcome: `ok`, the MCP error code of a failed call, or `HUNG`. */
async function timedCall(client: Client, name: string, args: Record<string, unknown>): Promise<{ outcome: string; elapsed: number }> {
  const started = performance.now();
  try {
    const result = await client.callTool({ name, arguments: args }, undefined, { timeout: HUNG_MS });
    const error = (result.structuredContent as { error?: { mcp_error_code?: string } } | undefined)?.error;
    return { outcome: result.isError ? (error?.mcp_error_code ?? 'isError') : 'ok', elapsed: performance.now() - started };
  } catch (e) {
    const elapsed = performance.now() - started;
    const err = e as { code?: number; data?: { mcp_error_code?: string } };
    return { outcome: elapsed >= HUNG_MS ? 'HUNG' : (err.data?.mcp_error_code ?? String(err.code)), elapsed };
  }
}

/** Each tool twice under each fault (the second call meets whatever the first left: an open circuit, a new connection). */
export async function runFaults(fleet: SimFleet): Promise<FaultFigures> {
  const calls: FaultCall[] = [];
  const recovered: Record<string, boolean> = {};
  for (const [fault, body] of Object.entries(FAULTS)) {
    const client = await connectBounded(fleet.dataDir);
    try {
      await fleet.control('PUT', '/devices/0/faults', body);
      for (const [tool, args, bound] of TOOLS) {
        for (let i = 0; i < 2; i++) {
          const { outcome, elapsed } = await timedCall(client, tool, args);
          calls.push({ fault, tool, outcome, elapsed_ms: Math.round(elapsed), bound_ms: bound, ratio: +(elapsed / bound).toFixed(2), within: elapsed <= bound * 1.1 + ALLOWANCE_MS });
        }
      }
    } finally {
      await fleet.control('DELETE', '/devices/0/faults');
      await client.close();
    }
    // A fresh server: the circuit the fault opened belongs to the old process.
    const fresh = await connectBounded(fleet.dataDir);
    try {
      const outcomes = [];
      for (const [tool, args] of TOOLS) outcomes.push((await timedCall(fresh, tool, args)).outcome);
      recovered[fault] = outcomes.every((o) => o === 'ok');
    } finally {
      await fresh.close();
    }
  }
  return {
    request_bound_ms: REQUEST_BOUND_MS,
    export_bound_ms: EXPORT_BOUND_MS,
    allowance_ms: ALLOWANCE_MS,
    calls,
    hung: calls.filter((c) => c.outcome === 'HUNG').length,
    over_bound: calls.filter((c) => !c.within).length,
    max_ratio: Math.max(...calls.map((c) => c.ratio)),
    recovered,
  };
}

export function faultViolations(f: FaultFigures): string[] {
  const broken = f.calls.filter((c) => !c.within).map((c) => `${c.fault}: ${c.tool} took ${c.elapsed_ms} ms (${c.outcome}), bound ${c.bound_ms} ms × 1.1 + ${f.allowance_ms} ms`);
  for (const [fault, ok] of Object.entries(f.recovered)) if (!ok) broken.push(`${fault}: the device did not answer again after the fault was cleared`);
  return broken;
}
