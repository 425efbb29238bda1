import { idInRule, idKey, owedAnswers } from './answer-oracle';
import { FuzzFrames } from './fuzz-frames';
import { SeededRandom } from './seeded-random';
import { ENVELOPE } from './fuzz-frames';
import { exampleRecorder, type Revision } from './http-fuzz.robustness';
import { memoryViolations, MemoryWatch, type MemoryFigures } from './memory-watch';
import { SimFleet } from './sim-fleet';
import { INITIALIZED, initialize, StdioProcess } from './stdio-process';

export interface FuzzFigures {
  transport: 'stdio' | 'http';
  revision: string;
  seed: number;
  sessions: number;
  frames_sent: number;
  batch_members_sent: number;
  requests_owed_an_id: number;
  null_id_answers_owed: number;
  batch_arrays_owed: number;
  answers_received: number;
  requests_unanswered: number;
  requests_answered_twice: number;
  answers_with_ids_never_sent: number;
  null_id_answers_received: number;
  batch_arrays_received: number;
  answered_only_at_shutdown: number;
  stdout_not_json: number;
  stdout_not_jsonrpc: number;
  server_exits_not_0: number;
  codes: Record<string, number>;
  examples: string[];
  /** stdio: the session whose heap grew most; HTTP: the one server over the whole run. */
  memory?: MemoryFigures;
  // HTTP only (0 on stdio)
  http_status: Record<string, number>;
  http_5xx: number;
  http_hangs: number;
  http_connection_failures: number;
  http_wrong_status: number;
  http_faults_sent: number;
  http_faults_not_4xx_jsonrpc: number;
  notifications_refused: number;
  batches_refused_whole: number;
  bodies_not_jsonrpc: number;
}

export function emptyFigures(seed: number, transport: 'stdio' | 'http', revision: string): FuzzFigures {
  return {
    transport, revision, seed, sessions: 0, frames_sent: 0, batch_members_sent: 0, requests_owed_an_id: 0, null_id_answers_owed: 0, batch_arrays_owed: 0,
    answers_received: 0, requests_unanswered: 0, requests_answered_twice: 0, answers_with_ids_never_sent: 0, null_id_answers_received: 0,
    batch_arrays_received: 0, answered_only_at_shutdown: 0, stdout_not_json: 0, stdout_not_jsonrpc: 0, server_exits_not_0: 0, codes: {}, examples: [],
    http_status: {}, http_5xx: 0, http_hangs: 0, http_connection_failures: 0, http_wrong_status: 0, http_faults_sent: 0, http_faults_not_4xx_jsonrpc: 0, notifications_refused: 0, batches_refused_whole: 0, bodies_not_jsonrpc: 0,
  };
}

interface Plan {
  version: string;
  /** Fuzzed lines sent before initialize (answered NOT_INITIALIZED or as before any session). */
  before: number;
  after: number;
  batches: boolean;
}

const WINDOW = 100;
/** Forced-GC memory reading taken after this many windows of a session (the rest must not grow it past the bounds). */
const WARM_WINDOWS = 2;
const debug = (text: string) => process.env['ROBUSTNESS_DEBUG'] && process.stderr.write(`${text}\n`);
/** Every device call is bounded at 5 s (the default); an answer missing for 15 s is a request left hanging. */
const STALL_MS = 15_000;

/**
 * The session plans for a total of `frames` lines. 2025 era (ten sessions): one starting before initialize, two at
 * 2025-03-26 with batches, three at 2025-06-18, the rest at 2025-11-25. 2026-07-28 (no handshake): one opening with fuzz (the
 * first request with the envelope pins the revision), the rest with server/discover.
 */
function plans(frames: number, revision: Revision): Plan[] {
  // Ten sessions for a full run; a short one (CI) has fewer (3 at the least), so that start-ups do not dominate it.
  const sessions = Math.min(10, Math.max(3, Math.floor(frames / 100)));
  const per = Math.ceil(frames / sessions);
  const first = (version: string): Plan => ({ version, before: Math.floor(per * 0.3), after: per - Math.floor(per * 0.3), batches: false });
  if (revision === '2026-07-28') return Array.from({ length: sessions }, (_, i): Plan => (i === 0 ? first(revision) : { version: revision, before: 0, after: per, batches: false }));
  const batched = Math.max(1, Math.round(sessions / 5));
  return Array.from({ length: sessions }, (_, i): Plan => {
    if (i === 0) return first('2025-11-25');
    if (i >= sessions - batched) return { version: '2025-03-26', before: 0, after: per, batches: true };
    return { version: i % 2 ? '2025-11-25' : '2025-06-18', before: 0, after: per, batches: false };
  });
}

function batchSize(line: string): number {
  try {
    const parsed: unknown = JSON.parse(line);
    return Array.isArray(parsed) ? parsed.length : 0;
  } catch {
    return 0;
  }
}

const answerKey = (frame: Record<string, unknown>) => (frame['id'] === null ? 'null' : idInRule(frame['id']) ? idKey(frame['id']) : `odd:${JSON.stringify(frame['id'])}`);
const codeOf = (frame: Record<string, unknown>) => ('error' in frame ? String((frame['error'] as { code?: unknown })?.code) : 'result');

/** Sends the seeded fuzz over several server sessions and counts every answer against what each line is owed. */
export async function runFuzz(fleet: SimFleet, seed: number, frames: number, revision: Revision = '2025-11-25'): Promise<FuzzFigures> {
  const rng = new SeededRandom(seed);
  const figures = emptyFigures(seed, 'stdio', revision);
  const example = exampleRecorder(figures);
  const modern = revision === '2026-07-28';
  for (const plan of plans(frames, revision)) {
    figures.sessions++;
    const server = new StdioProcess({ ROUTEROS_MCP_DATA_DIR: fleet.dataDir, ROUTEROS_MCP_RATE_LIMIT_PER_MINUTE: '100000' }, { heapProbe: true });
    const memory = new MemoryWatch(server.pid, server.heapFile!);
    let windowsSent = 0;
    const owed = new Map<string, number>();
    const sentLine = new Map<string, string>();
    const got = new Map<string, number>();
    let nullsOwed = 0;
    let nullsMissing = 0;
    let arraysOwed = 0;
    let seen = 0;
    const take = () => {
      const answers = server.answers();
      for (; seen < answers.length; seen++) {
        const key = answerKey(answers[seen]);
        got.set(key, (got.get(key) ?? 0) + 1);
      }
    };
    const settled = (keys: string[], nulls: number) => {
      take();
      return keys.every((k) => (got.get(k) ?? 0) >= (owed.get(k) ?? 0)) && (got.get('null') ?? 0) >= nulls;
    };
    const generator = new FuzzFrames(rng, { initialize: plan.before === 0, era: modern ? 'modern' : 'legacy' });
    const sendWindow = async (count: number) => {
      const lines = Array.from({ length: count }, () => (plan.batches && rng.chance(0.5) ? generator.batch() : generator.next()));
      const keys: string[] = [];
      for (const line of lines) {
        const o = owedAnswers(line, plan.batches);
        for (const k of o.ids) {
          owed.set(k, (owed.get(k) ?? 0) + 1);
          sentLine.set(k, line);
          keys.push(k);
        }
        nullsOwed += o.nulls;
        arraysOwed += o.array ? 1 : 0;
        if (plan.batches) figures.batch_members_sent += batchSize(line);
      }
      figures.frames_sent += lines.length;
      if (process.env['ROBUSTNESS_DEBUG']) process.stderr.write(`session ${figures.sessions}: ${figures.frames_sent} frames\n`);
      debug(`sending ${lines.length} lines, ${lines.reduce((a, l) => a + l.length, 0)} chars`);
      await server.send(lines);
      debug('sent');
      if (await server.until(() => settled(keys, nullsOwed - nullsMissing), STALL_MS)) return;
      // Missing id-null answers cannot be told apart: wait for them once, not again in every later window.
      nullsMissing = Math.max(0, nullsOwed - (got.get('null') ?? 0));
      debug(`stalled: ${keys.filter((k) => (got.get(k) ?? 0) < (owed.get(k) ?? 0)).map((k) => sentLine.get(k)?.slice(0, 200)).join('\n')} nulls ${got.get('null')}/${nullsOwed}`);
    };
    const windows = async (total: number) => {
      for (let left = total; left > 0; left -= WINDOW) {
        await sendWindow(Math.min(WINDOW, left));
        if (++windowsSent === WARM_WINDOWS) await memory.warm();
      }
    };
    await windows(plan.before);
    const init = 'init';
    const discover = JSON.stringify({ jsonrpc: '2.0', id: init, method: 'server/discover', params: { _meta: ENVELOPE } });
    await server.send(modern ? [discover] : [initialize(init, plan.version), INITIALIZED]);
    await server.until(() => (take(), got.has(idKey(init))), 30_000);
    await windows(plan.after);
    const measured = await memory.finish();
    if (!figures.memory || measured.heap_end_mb - measured.heap_start_mb > figures.memory.heap_end_mb - figures.memory.heap_start_mb) figures.memory = measured;
    server.close();
    debug('closed');
    const { code, signal } = await server.exited;
    debug('exited');
    take();
    if (code !== 0) {
      figures.server_exits_not_0++;
      example(`server exit: session ${figures.sessions} exited ${code ?? signal}`);
    }
    // Tally this session.
    got.set(idKey(init), (got.get(idKey(init)) ?? 1) - 1);
    for (const [key, count] of owed) {
      const received = got.get(key) ?? 0;
      if (received < count) {
        figures.requests_unanswered += count - received;
        example(`unanswered: ${sentLine.get(key)}`);
      }
      if (received > count) {
        figures.requests_answered_twice += received - count;
        example(`answered more than once: ${received}x ${sentLine.get(key)}`);
      }
    }
    for (const [key, count] of got) {
      if (key !== 'null' && !owed.has(key) && count > 0) {
        figures.answers_with_ids_never_sent += count;
        example(`answer to an id never sent: ${key}`);
      }
    }
    const answers = server.answers();
    figures.answers_received += answers.length - 1;
    for (const answer of answers) {
      const code = codeOf(answer);
      figures.codes[code] = (figures.codes[code] ?? 0) + 1;
      const data = (answer['error'] as { data?: { mcp_error_code?: string } } | undefined)?.data;
      if (data?.mcp_error_code === 'SERVER_SHUTTING_DOWN') {
        figures.answered_only_at_shutdown++;
        example(`answered only at shutdown: ${sentLine.get(answerKey(answer)) ?? answerKey(answer)}`);
      }
    }
    figures.codes['result']--; // the session's own initialize
    figures.requests_owed_an_id += [...owed.values()].reduce((a, b) => a + b, 0);
    figures.null_id_answers_owed += nullsOwed;
    figures.null_id_answers_received += got.get('null') ?? 0;
    figures.batch_arrays_owed += arraysOwed;
    figures.batch_arrays_received += server.out.frames.filter(Array.isArray).length;
    figures.stdout_not_json += server.out.notJson.length;
    figures.stdout_not_jsonrpc += server.out.notJsonRpc.length;
    for (const line of [...server.out.notJson, ...server.out.notJsonRpc]) example(`stdout line: ${line}`);
  }
  return figures;
}

/** The invariants the fuzz must hold; each broken one is named. */
export function fuzzViolations(f: FuzzFigures): string[] {
  const broken: string[] = [];
  if (f.requests_unanswered) broken.push(`${f.requests_unanswered} requests unanswered`);
  if (f.requests_answered_twice) broken.push(`${f.requests_answered_twice} extra answers`);
  if (f.answers_with_ids_never_sent) broken.push(`${f.answers_with_ids_never_sent} answers with ids never sent as requests`);
  if (f.null_id_answers_received !== f.null_id_answers_owed) broken.push(`${f.null_id_answers_received} id-null answers for ${f.null_id_answers_owed} owed`);
  if (f.batch_arrays_received !== f.batch_arrays_owed) broken.push(`${f.batch_arrays_received} batch arrays for ${f.batch_arrays_owed} owed`);
  if (f.answered_only_at_shutdown) broken.push(`${f.answered_only_at_shutdown} requests left hanging until shutdown`);
  if (f.stdout_not_json + f.stdout_not_jsonrpc) broken.push(`${f.stdout_not_json + f.stdout_not_jsonrpc} stdout lines that are no JSON-RPC`);
  if (f.server_exits_not_0) broken.push(`${f.server_exits_not_0} server exits other than 0`);
  if (f.http_5xx) broken.push(`${f.http_5xx} HTTP 5xx answers`);
  if (f.http_hangs) broken.push(`${f.http_hangs} POSTs unanswered within 30 s`);
  if (f.http_connection_failures) broken.push(`${f.http_connection_failures} connections cut before an answer`);
  if (f.http_wrong_status) broken.push(`${f.http_wrong_status} HTTP answers with a status other than owed`);
  if (f.http_faults_not_4xx_jsonrpc) broken.push(`${f.http_faults_not_4xx_jsonrpc} HTTP-level faults not answered 4xx with a JSON-RPC error`);
  if (f.bodies_not_jsonrpc) broken.push(`${f.bodies_not_jsonrpc} HTTP bodies that are no JSON-RPC`);
  return [...broken.map((b) => `${f.transport} ${f.revision}: ${b}`), ...memoryViolations(`${f.transport} ${f.revision}`, f.memory)];
}
