/**
 * What the server owes one line, decided from the line alone by the contract in docs/tools-and-errors.md (JSON-RPC 2.0 and
 * MCP): requests with an id in the rule are answered once with that id echoed; anything that is no request at all
 * (and a request whose id is outside the rule) is answered -32600 with id null; notifications and responses are
 * never answered. Batches exist only in 2025-03-26 and are answered with one array.
 */
export interface Owed {
  /** Keys (see idKey) of the ids that must each be answered once. */
  ids: string[];
  /** Answers with id null. */
  nulls: number;
  /** Whether the answers come as one array (a batch). */
  array: boolean;
}

const MAX_ID = 2 ** 53 - 1;
/** The stdio frame limit (spec 002): a longer line is discarded unread and answered once with id null. */
export const FRAME_LIMIT_BYTES = 10 * 1024 * 1024;

/** Strings and integers within ±(2^53−1): the ids JSON carries exactly. */
export const idInRule = (id: unknown): id is string | number => typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id) && Math.abs(id) <= MAX_ID);

export const idKey = (id: string | number) => (typeof id === 'string' ? `s:${id}` : `n:${id}`);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One message (not a batch): the id it must be answered with, 'null', or nothing. */
function owedFor(message: unknown): string | 'null' | undefined {
  if (!isObject(message)) return 'null';
  if (('result' in message || 'error' in message) && !('method' in message)) return undefined; // a response
  if (!('id' in message)) {
    const params = message['params'];
    const notification = message['jsonrpc'] === '2.0' && typeof message['method'] === 'string' && message['method'] !== '' && (params === undefined || typeof params === 'object' && params !== null);
    return notification ? undefined : 'null';
  }
  return idInRule(message['id']) ? idKey(message['id']) : 'null';
}

export function owedAnswers(line: string, batches: boolean): Owed {
  if (Buffer.byteLength(line) > FRAME_LIMIT_BYTES) return { ids: [], nulls: 1, array: false };
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return { ids: [], nulls: 1, array: false };
  }
  if (!Array.isArray(parsed)) {
    const owed = owedFor(parsed);
    return { ids: owed && owed !== 'null' ? [owed] : [], nulls: owed === 'null' ? 1 : 0, array: false };
  }
  if (!batches || parsed.length === 0) return { ids: [], nulls: 1, array: false };
  const members = parsed.map(owedFor);
  const ids = members.filter((m): m is string => m !== undefined && m !== 'null');
  const nulls = members.filter((m) => m === 'null').length;
  return { ids, nulls, array: ids.length + nulls > 0 };
}
