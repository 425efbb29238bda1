import { DEVICE } from './fuzz-requests';
import { SimFleet } from './sim-fleet';
import { INITIALIZED, initialize, StdioProcess } from './stdio-process';

const CALLS = 20;
const LATENCY_MS = 1500;
/** One REST read per call, so the simulator's in-flight count proves every call is on its way. */
const TOOL = 'system_get_clock';
const STOPS: Record<string, (server: StdioProcess) => void> = {
  SIGTERM: (s) => s.signal('SIGTERM'),
  SIGINT: (s) => s.signal('SIGINT'),
  'stdin EOF': (s) => s.close(),
};

export interface ShutdownRun {
  stop: string;
  calls: number;
  in_flight_at_stop: number;
  answered: number;
  answered_ok: number;
  answered_shutdown_error: number;
  unanswered: number;
  audit_records: number;
  exit_code: number | null;
  exit_ms: number;
}

/** The parts of an answer this part reads. */
interface Frame {
  id?: unknown;
  result?: { _meta?: { correlation_id?: string }; structuredContent?: { items?: { correlation_id: string }[] } };
  error?: { data?: { mcp_error_code?: string; correlation_id?: string } };
}
const correlationOf = (frame: Frame): string | undefined => frame.result?._meta?.correlation_id ?? frame.error?.data?.correlation_id;

const serverEnv = (dataDir: string) => ({ ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_DEVICE_CONCURRENCY: '32', ROUTEROS_MCP_RATE_LIMIT_PER_MINUTE: '100000' });

async function started(dataDir: string): Promise<StdioProcess> {
  const server = new StdioProcess(serverEnv(dataDir));
  await server.send([initialize('init', '2025-11-25'), INITIALIZED]);
  if (!(await server.until(() => server.answers().some((f) => f['id'] === 'init'), 30_000))) throw new Error('shutdown: the server did not initialize');
  return server;
}

/** Audit records (newest 500 of the tool) read through a new server process, as a client would read them. */
async function auditedCorrelations(dataDir: string): Promise<Set<string>> {
  const server = await started(dataDir);
  await server.send([JSON.stringify({ jsonrpc: '2.0', id: 'audit', method: 'tools/call', params: { name: 'audit_list_events', arguments: { action: TOOL, limit: 500 } } })]);
  await server.until(() => server.answers().some((f) => f['id'] === 'audit'), 30_000);
  server.close();
  await server.exited;
  const answer = (server.answers() as Frame[]).find((f) => f.id === 'audit');
  return new Set((answer?.result?.structuredContent?.items ?? []).map((e) => e.correlation_id));
}

async function inFlight(fleet: SimFleet): Promise<number> {
  const state = await fleet.control('GET', '/devices/0/state');
  return (state['rest_stats'] as { inFlight: number }).inFlight;
}

/** N slow calls in flight, then the stop; every call must be answered and audited, and the exit code 0. */
export async function runShutdown(fleet: SimFleet): Promise<ShutdownRun[]> {
  const runs: ShutdownRun[] = [];
  for (const [stop, doStop] of Object.entries(STOPS)) {
    await fleet.control('PUT', '/devices/0/faults', { latencyMs: LATENCY_MS });
    const server = await started(fleet.dataDir);
    const ids = Array.from({ length: CALLS }, (_, i) => `call-${i}`);
    await server.send(ids.map((id) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: TOOL, arguments: { device_id: DEVICE } } })));
    // Proof the calls are in flight: the device is holding all of them (polled; bounded).
    let holding = 0;
    for (const deadline = Date.now() + 30_000; Date.now() < deadline && (holding = await inFlight(fleet)) < CALLS; ) await new Promise((r) => setTimeout(r, 20));
    const stopped = performance.now();
    doStop(server);
    const exit = await server.exited;
    const exitMs = performance.now() - stopped;
    await fleet.control('DELETE', '/devices/0/faults');
    const answers = (server.answers() as Frame[]).filter((f) => ids.includes(f.id as string));
    const audited = await auditedCorrelations(fleet.dataDir);
    runs.push({
      stop,
      calls: CALLS,
      in_flight_at_stop: holding,
      answered: new Set(answers.map((f) => f.id)).size,
      answered_ok: answers.filter((f) => 'result' in f).length,
      answered_shutdown_error: answers.filter((f) => f.error?.data?.mcp_error_code === 'SERVER_SHUTTING_DOWN').length,
      unanswered: ids.filter((id) => !answers.some((f) => f.id === id)).length,
      audit_records: answers.filter((f) => audited.has(correlationOf(f) ?? '')).length,
      exit_code: exit.code,
      exit_ms: Math.round(exitMs),
    });
  }
  return runs;
}

export function shutdownViolations(runs: ShutdownRun[]): string[] {
  return runs.flatMap((r) => [
    ...(r.in_flight_at_stop < r.calls ? [`${r.stop}: only ${r.in_flight_at_stop} of ${r.calls} calls were in flight at the stop`] : []),
    ...(r.unanswered ? [`${r.stop}: ${r.unanswered} calls unanswered`] : []),
    ...(r.audit_records < r.calls ? [`${r.stop}: ${r.calls - r.audit_records} calls without an audit record`] : []),
    ...(r.exit_code !== 0 ? [`${r.stop}: exit code ${r.exit_code}`] : []),
  ]);
}
