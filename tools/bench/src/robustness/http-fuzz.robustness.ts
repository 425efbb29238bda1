import { startProductHttp } from '../http-server-process';
import { idInRule, idKey } from './answer-oracle';
import { FuzzFrames } from './fuzz-frames';
import { emptyFigures, type FuzzFigures } from './fuzz.robustness';
import { framesOf, HttpPoster, type HttpExchange } from './http-post';
import { batchesAllowedOver, owedOverHttp, type HttpOwed } from './http-oracle';
import { MemoryWatch } from './memory-watch';
import { SeededRandom } from './seeded-random';
import type { SimFleet } from './sim-fleet';

export type Revision = '2025-11-25' | '2026-07-28';

/** A POST answered after this long is a hang (every device call is bounded at 5 s). */
const HANG_MS = 30_000;
const WINDOW = 100;
const CONCURRENCY = 4;
const WARM_FRAMES = 500;
/** Over the HTTP body limit (ROUTEROS_MCP_HTTP_MAX_BODY_BYTES, 10 MiB by default). */
const OVERSIZED = 10 * 1024 * 1024 + 1;

interface Post {
  method: string;
  headers: Record<string, string>;
  body?: string;
  owed: HttpOwed;
  label: string;
}

const printable = (text: unknown): text is string => typeof text === 'string' && text.length < 1000 && /^[\x20-\x7e]*$/.test(text);

/** The headers a client of the revision sends with a body (2026-07-28: MCP-Protocol-Version, Mcp-Method, Mcp-Name). */
function headersFor(body: string, version: string | undefined, authorization: string): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization };
  if (version) headers['mcp-protocol-version'] = version;
  if (version === '2026-07-28') {
    try {
      const message = JSON.parse(body) as { method?: unknown; params?: { name?: unknown; uri?: unknown } };
      if (printable(message?.method)) headers['mcp-method'] = message.method;
      const name = message?.params?.name ?? message?.params?.uri;
      if (printable(name)) headers['mcp-name'] = name;
    } catch {
      // not JSON: no method to name
    }
  }
  return headers;
}

/** HTTP-level faults around a valid body: each owed a 4xx with a JSON-RPC error body. */
function httpFault(rng: SeededRandom, body: string, headers: Record<string, string>): Post {
  const without = (name: string) => Object.fromEntries(Object.entries(headers).filter(([k]) => k !== name));
  const fault = rng.weighted<() => [string, string, Record<string, string>, string | undefined]>([
    [3, () => ['content type text/plain', 'POST', { ...headers, 'content-type': 'text/plain' }, body]],
    [2, () => ['no content type', 'POST', without('content-type'), body]],
    [1, () => ['content type form', 'POST', { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body]],
    [3, () => ['no Accept', 'POST', without('accept'), body]],
    [2, () => ['Accept text/html', 'POST', { ...headers, accept: 'text/html' }, body]],
    [2, () => ['unknown MCP-Protocol-Version', 'POST', { ...headers, 'mcp-protocol-version': rng.pick(['banana', '1999-01-01', '2099-12-31']) }, body]],
    [2, () => ['no token', 'POST', without('authorization'), body]],
    [2, () => ['wrong token', 'POST', { ...headers, authorization: 'Bearer rmcp_not-a-token' }, body]],
    [2, () => ['method PUT', 'PUT', headers, body]],
    [1, () => ['method PATCH', 'PATCH', headers, body]],
    [0.05, () => ['oversized body', 'POST', headers, `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"${'x'.repeat(OVERSIZED)}"}}`]],
  ])();
  return { label: `http: ${fault[0]}`, method: fault[1], headers: fault[2], body: fault[3], owed: { kind: 'http-error' } };
}

/** Sends the seeded fuzz to one routeros-mcp-http as POSTs and checks every HTTP answer against what it is owed. */
export async function runHttpFuzz(fleet: SimFleet, seed: number, frames: number, revision: Revision): Promise<FuzzFigures> {
  const rng = new SeededRandom(seed);
  const figures = emptyFigures(seed, 'http', revision);
  const example = exampleRecorder(figures);
  const server = await startProductHttp(fleet.dataDir);
  const poster = new HttpPoster(server.url, HANG_MS);
  const memory = new MemoryWatch(server.pid, server.heapFile);
  const generator = new FuzzFrames(rng, { initialize: true, era: revision === '2026-07-28' ? 'modern' : 'legacy' });
  figures.sessions = 1;
  // Warm after WARM_FRAMES, or a fifth of a short run (whole windows).
  const warmAt = Math.min(WARM_FRAMES, Math.max(WINDOW, Math.floor(frames / 5 / WINDOW) * WINDOW));
  try {
    const nextPost = (): Post => {
      const version = revision === '2026-07-28' ? '2026-07-28' : rng.weighted<string | undefined>([[85, '2025-11-25'], [10, '2025-03-26'], [5, undefined]]);
      const body = batchesAllowedOver(version) && rng.chance(0.5) ? generator.batch() : generator.next();
      const headers = headersFor(body, version, server.authorization!);
      if (rng.chance(0.04)) return httpFault(rng, body, headers);
      return { label: body, method: 'POST', headers, body, owed: owedOverHttp(body, version) };
    };
    for (let sent = 0; sent < frames; ) {
      const posts = Array.from({ length: Math.min(WINDOW, frames - sent) }, nextPost);
      let next = 0;
      await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
        while (next < posts.length) {
          const post = posts[next++];
          tally(figures, post, await poster.send(post.method, post.headers, post.body), example);
        }
      }));
      sent += posts.length;
      if (sent === warmAt || (sent < warmAt && sent === frames)) await memory.warm();
    }
    figures.memory = await memory.finish();
  } finally {
    poster.close();
    await server.stop();
  }
  const exit = server.exit?.();
  if (exit?.code !== 0) {
    figures.server_exits_not_0++;
    example(`server exit: ${exit?.code ?? exit?.signal}`);
  }
  const stdout = server.stdout?.() ?? '';
  if (stdout) {
    figures.stdout_not_jsonrpc += stdout.split('\n').filter(Boolean).length;
    example(`stdout line: ${stdout.slice(0, 200)}`);
  }
  return figures;
}

export function exampleRecorder(figures: FuzzFigures) {
  return (text: string) => {
    if (process.env['ROBUSTNESS_DEBUG']) process.stderr.write(`example: ${text.slice(0, 600)}\n`);
    // At most 3 of each kind (the words before the colon), so one frequent kind cannot hide the others.
    const kind = text.split(':')[0];
    if (figures.examples.filter((e) => e.startsWith(`${kind}:`)).length < 3) figures.examples.push(text.slice(0, 400));
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isAnswer = (f: unknown): f is Record<string, unknown> => isObject(f) && f['jsonrpc'] === '2.0' && 'id' in f && !('method' in f) && ('result' in f) !== ('error' in f);
const keyOf = (id: unknown) => (id === null ? 'null' : idInRule(id) ? idKey(id) : `odd:${JSON.stringify(id)}`);

/** Counts one POST's HTTP answer against what it was owed. */
function tally(f: FuzzFigures, post: Post, got: HttpExchange, example: (text: string) => void): void {
  f.frames_sent++;
  const what = post.label.slice(0, 300);
  const bad = (kind: string) => example(`${kind}: ${got.status} ${got.text.slice(0, 200)} for ${what}`);
  if (got.hung) {
    f.http_hangs++;
    return bad('hang');
  }
  if (got.failed) {
    f.http_connection_failures++;
    return bad(`connection failed (${got.failed})`);
  }
  f.http_status[got.status] = (f.http_status[got.status] ?? 0) + 1;
  if (got.status >= 500) {
    f.http_5xx++;
    bad('5xx');
  }
  const { frames, parseable } = framesOf(got);
  // Server requests and notifications (progress, log messages) may share a call's SSE stream: only answers count.
  const answers = frames.flatMap((fr) => (Array.isArray(fr) ? fr : [fr])).filter((fr) => !(isObject(fr) && 'method' in fr));
  if (!parseable || answers.some((a) => !isAnswer(a))) {
    f.bodies_not_jsonrpc++;
    bad('body not JSON-RPC');
  }
  const codes = answers.filter(isAnswer);
  f.answers_received += codes.length;
  for (const a of codes) {
    const code = 'error' in a ? String((a['error'] as { code?: unknown })?.code) : 'result';
    f.codes[code] = (f.codes[code] ?? 0) + 1;
  }
  const is4xx = got.status >= 400 && got.status < 500;
  const single = frames.length === 1 && isObject(frames[0]) && isAnswer(frames[0]) ? frames[0] : undefined;
  switch (post.owed.kind) {
    case 'http-error':
      f.http_faults_sent++;
      if (!is4xx || !single || !('error' in single)) {
        f.http_faults_not_4xx_jsonrpc++;
        bad('HTTP fault not answered 4xx with a JSON-RPC error');
      }
      return;
    case 'accepted':
      if (got.status === 202 && got.text === '') return;
      if (is4xx && single && single['id'] === null && 'error' in single) {
        f.notifications_refused++;
        return;
      }
      f.http_wrong_status++;
      return bad('notification or response not accepted with 202');
    case 'refused-whole': {
      const id = post.owed.id;
      if (id === null) f.null_id_answers_owed++;
      else f.requests_owed_an_id++;
      if (single && keyOf(single['id']) === keyOf(id)) {
        if (id === null) f.null_id_answers_received++;
        if (!is4xx) {
          f.http_wrong_status++;
          bad('refused body not answered 4xx');
        }
        return;
      }
      if (id === null) return bad('refused body without its id-null error');
      f.requests_unanswered++;
      return bad('unanswered');
    }
    case 'answers': {
      const owed = post.owed.owed;
      // A 2025-03-26 batch with a member the SDK deems invalid is refused whole (400, one id-null error): this
      // server's rule for HTTP bodies. Over SSE the answers come as events, not one array (the transport allows both).
      if (owed.array && is4xx && single && single['id'] === null && 'error' in single) {
        f.batches_refused_whole++;
        return;
      }
      f.requests_owed_an_id += owed.ids.length;
      f.null_id_answers_owed += owed.nulls;
      const want = new Map<string, number>();
      for (const k of owed.ids) want.set(k, (want.get(k) ?? 0) + 1);
      const have = new Map<string, number>();
      for (const a of codes) have.set(keyOf(a['id']), (have.get(keyOf(a['id'])) ?? 0) + 1);
      for (const [k, n] of want) {
        const r = have.get(k) ?? 0;
        if (r < n) {
          f.requests_unanswered += n - r;
          bad('unanswered');
        }
        if (r > n) {
          f.requests_answered_twice += r - n;
          bad('answered more than once');
        }
      }
      for (const [k, n] of have) {
        if (k === 'null' || want.has(k)) continue;
        f.answers_with_ids_never_sent += n;
        bad('answer to an id never sent');
      }
      f.null_id_answers_received += have.get('null') ?? 0;
      if ((have.get('null') ?? 0) !== owed.nulls) bad('id-null answers not as owed');
      // Only id-null errors owed (no request in it): an HTTP error status, as the transport asks.
      if (owed.ids.length === 0 && !owed.array && !is4xx) {
        f.http_wrong_status++;
        bad('no request, yet not a 4xx');
      }
      return;
    }
  }
}
