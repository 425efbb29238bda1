import { protocolError } from '../errors/map-domain-error';
import { RpcError } from '../errors/rpc-error';

export interface Page<T> {
  items: T[];
  total_count: number;
  has_more: boolean;
  next_cursor?: string;
}

/** Opaque cursor: the offset of the next page, tied to the query it came from. */
function encodeCursor(offset: number, scope: string): string {
  return Buffer.from(JSON.stringify({ o: offset, s: scope })).toString('base64url');
}

function decodeCursor(cursor: string, scope: string): number {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { o?: unknown; s?: unknown };
    if (typeof parsed.o === 'number' && Number.isInteger(parsed.o) && parsed.o >= 0 && parsed.s === scope) return parsed.o;
  } catch {
    // fall through
  }
  throw new RpcError(protocolError('INVALID_PARAMS', 'cursor: is not a cursor from this listing; omit it to start from the first page', { field: 'cursor' }));
}

/** One page of `items`; `scope` names the listing so a cursor cannot be replayed against another one. */
export function paginate<T>(items: T[], args: { limit: number; offset?: number; cursor?: string }, scope: string): Page<T> {
  const start = args.cursor ? decodeCursor(args.cursor, scope) : (args.offset ?? 0);
  const page = items.slice(start, start + args.limit);
  const next = start + page.length;
  const hasMore = next < items.length;
  return { items: page, total_count: items.length, has_more: hasMore, ...(hasMore ? { next_cursor: encodeCursor(next, scope) } : {}) };
}
