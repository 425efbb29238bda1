import { FRAME_LIMIT_BYTES, idInRule, owedAnswers, type Owed } from './answer-oracle';

/**
 * What one POST to /mcp is owed, by MCP's Streamable HTTP transport (2025-11-25 and 2026-07-28 alike): a body that
 * holds requests gets them answered in the HTTP answer (JSON or a one-shot SSE stream; status 200, or a 4xx such as
 * 403 whose JSON-RPC body still answers the id); a body of only notifications or responses gets 202 Accepted and no
 * body (or, where the server cannot accept it, an HTTP error status with an id-null JSON-RPC error body); a body
 * that is no request at all gets a 4xx with an id-null error. Never a 5xx, never a hang.
 * This server's own rules on top (docs/tools-and-errors.md, issue 21): batches only at 2025-03-26 (no
 * MCP-Protocol-Version header means 2025-03-26), and a body is refused whole (400, one error) when any request in
 * it has an id JSON cannot echo or two requests sharing an id (id null), or params nested past 64 levels (that
 * request's id). A batch member that is no request (an empty method included: JSON-RPC's method names a method)
 * is owed its id-null -32600, as alone; the tally also takes the server's refusal of such a batch whole (one id-null
 * error, 4xx). Seed 856329404 found the server answering nothing for `{"jsonrpc":"2.0","method":""}` in a batch:
 * the server was wrong (alone it answered -32600), not this oracle.
 */
export type HttpOwed =
  | { kind: 'answers'; owed: Owed }
  | { kind: 'accepted' }
  | { kind: 'refused-whole'; id: string | number | null }
  /** An HTTP-level fault (content type, Accept, size, method, version header, token): a 4xx with a JSON-RPC error. */
  | { kind: 'http-error' };

const MAX_DEPTH = 64;

function nestingExceeds(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Object.values(node)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

export const batchesAllowedOver = (header: string | undefined) => (header ?? '2025-03-26') <= '2025-03-26';

export function owedOverHttp(body: string, versionHeader: string | undefined): HttpOwed {
  if (Buffer.byteLength(body) > FRAME_LIMIT_BYTES) return { kind: 'http-error' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { kind: 'refused-whole', id: null };
  }
  const batches = batchesAllowedOver(versionHeader);
  if (Array.isArray(parsed) && (!batches || parsed.length === 0)) return { kind: 'refused-whole', id: null };
  if (Array.isArray(parsed)) {
    const ids = parsed.filter((m) => m && typeof m === 'object' && !Array.isArray(m) && 'method' in m && 'id' in m).map((m) => JSON.stringify((m as { id: unknown }).id));
    if (new Set(ids).size < ids.length) return { kind: 'refused-whole', id: null }; // JSON-RPC asks for unique ids
  }
  for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
    if (!message || typeof message !== 'object' || Array.isArray(message) || !('method' in message)) continue;
    const frame = message as Record<string, unknown>;
    if ('id' in frame && !idInRule(frame['id'])) return { kind: 'refused-whole', id: null };
    if (frame['method'] !== 'tools/call' && nestingExceeds(frame['params'], MAX_DEPTH - 1)) return { kind: 'refused-whole', id: (frame['id'] as string | number | undefined) ?? null };
  }
  const owed = owedAnswers(body, batches);
  return owed.ids.length + owed.nulls === 0 ? { kind: 'accepted' } : { kind: 'answers', owed };
}
