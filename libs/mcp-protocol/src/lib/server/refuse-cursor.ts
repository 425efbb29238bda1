import { protocolError } from '../errors/map-domain-error';
import { RpcError } from '../errors/rpc-error';

/** tools/list, prompts/list and the resource lists come whole, in one page: a cursor can only be a mistake. */
export function refuseCursor(cursor: string | undefined): void {
  if (cursor !== undefined) throw new RpcError(protocolError('INVALID_PARAMS', 'cursor: this list has one page and no cursors; omit cursor', { field: 'cursor' }));
}
