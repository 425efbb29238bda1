import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { protocolError } from '../errors/map-domain-error';

/** A JSON-RPC error frame to send back (`id` null when the request's id could not be read). */
export interface ErrorFrame {
  jsonrpc: '2.0';
  id: string | number | null;
  error: { code: number; message: string; data: Record<string, unknown> };
}

export type Verdict = { ok: true; message: JSONRPCMessage } | { ok: false; reply?: ErrorFrame };

const isId = (v: unknown) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));

function errorFrame(id: unknown, kind: Parameters<typeof protocolError>[0], sentence: string, extra: Record<string, unknown> = {}): ErrorFrame {
  const payload = protocolError(kind, sentence, extra);
  return { jsonrpc: '2.0', id: isId(id) ? (id as string | number) : null, error: { code: payload.code, message: payload.message, data: payload.data } };
}

/** Batches are JSON-RPC arrays: allowed by MCP 2025-03-26, removed from 2025-06-18 on. */
export function batchesAllowed(protocolVersion: string | undefined): boolean {
  return protocolVersion !== undefined && protocolVersion <= '2025-03-26';
}

/**
 * Checks one parsed JSON-RPC object (spec 002): shape, then the initialization state. A bad request gets an
 * error frame; a bad notification is dropped silently, since notifications never get answers.
 */
export function checkMessage(value: unknown, state: { initialized: boolean }): Verdict {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, reply: errorFrame(null, 'INVALID_REQUEST', 'a JSON-RPC message must be an object') };
  }
  const frame = value as Record<string, unknown>;
  const hasId = 'id' in frame;
  if (frame['jsonrpc'] !== '2.0') return { ok: false, reply: errorFrame(frame['id'], 'INVALID_REQUEST', 'jsonrpc must be "2.0"') };
  if (hasId && !isId(frame['id'])) return { ok: false, reply: errorFrame(null, 'INVALID_REQUEST', 'id must be a string or a number') };
  const isResponse = hasId && ('result' in frame || 'error' in frame) && !('method' in frame);
  if (isResponse) return { ok: true, message: frame as unknown as JSONRPCMessage };
  if (typeof frame['method'] !== 'string' || frame['method'] === '') {
    return hasId ? { ok: false, reply: errorFrame(frame['id'], 'INVALID_REQUEST', 'method must be a non-empty string') } : { ok: false };
  }
  if ('params' in frame && (typeof frame['params'] !== 'object' || frame['params'] === null)) {
    return hasId ? { ok: false, reply: errorFrame(frame['id'], 'INVALID_REQUEST', 'params must be an object or an array') } : { ok: false };
  }
  const method = frame['method'];
  if (hasId && method === 'initialize' && state.initialized) {
    return { ok: false, reply: errorFrame(frame['id'], 'INVALID_REQUEST', 'the session is already initialized; initialize may be sent once', { reason: 'ALREADY_INITIALIZED' }) };
  }
  if (hasId && !state.initialized && method !== 'initialize' && method !== 'ping') {
    return { ok: false, reply: errorFrame(frame['id'], 'NOT_INITIALIZED', `send initialize before ${method}`) };
  }
  return { ok: true, message: frame as unknown as JSONRPCMessage };
}

export const parseErrorFrame = (sentence: string) => errorFrame(null, 'PARSE_ERROR', sentence);
export const tooLargeFrame = (limit: number) => errorFrame(null, 'MESSAGE_TOO_LARGE', `a message is larger than ${limit} bytes; it was discarded`, { limit_bytes: limit });
export const batchRefusedFrame = (version: string | undefined) =>
  errorFrame(null, 'INVALID_REQUEST', `JSON-RPC batches are not supported in protocol ${version ?? '(not negotiated)'}; send one message per line`);
