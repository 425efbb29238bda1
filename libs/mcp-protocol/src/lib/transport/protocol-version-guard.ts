import { SUPPORTED_PROTOCOL_VERSIONS, UnsupportedProtocolVersionError } from '@modelcontextprotocol/server';
import { truncate } from '@routeros-mcp/domain-kernel';
import { isId, type ErrorFrame } from './frame-guard';
import { MODERN_PROTOCOL_VERSION } from './guarded-stdio-transport';

/** Every revision the HTTP endpoint serves, newest first: 2026-07-28 per request, the 2025-era ones after initialize. */
export const HTTP_PROTOCOL_VERSIONS: readonly string[] = [MODERN_PROTOCOL_VERSION, ...SUPPORTED_PROTOCOL_VERSIONS];

/** A revision named like the 2025-era ones (a date before 2026-07-28): its client reads the 2025-era answer. */
const namesLegacyRevision = (version: string) => /^\d{4}-\d{2}-\d{2}$/.test(version) && version < MODERN_PROTOCOL_VERSION;

/**
 * The answer to an `MCP-Protocol-Version` header naming a revision this endpoint does not serve (400, before anything
 * runs). The SDK read a header it did not know (`banana`) as a modern one and asked for the 2026-07-28 envelope, and
 * its 2025-era answer listed the 2025-era revisions only. A 2025-era date keeps that answer's shape (-32000,
 * `Bad Request: …`) and lists every revision served. Anything else gets 2026-07-28's own error (-32022), whose
 * `supported` is what `server/discover` lists (the revisions a request may name with its envelope: a client picks
 * one from it and retries), while its message also names the 2025-era revisions served after `initialize`.
 */
export function unsupportedVersionFrame(header: string | undefined, body?: unknown): ErrorFrame | undefined {
  if (header === undefined || HTTP_PROTOCOL_VERSIONS.includes(header)) return undefined;
  const requested = truncate(header, 100);
  const sent = body && typeof body === 'object' && !Array.isArray(body) ? (body as { id?: unknown }).id : undefined;
  const id = isId(sent) ? (sent as string | number) : null;
  if (namesLegacyRevision(header)) {
    const supported = [...HTTP_PROTOCOL_VERSIONS];
    return { jsonrpc: '2.0', id, error: { code: -32000, message: `Bad Request: Unsupported protocol version: ${requested} (supported versions: ${supported.join(', ')})`, data: { supported, requested } } };
  }
  const supported = [MODERN_PROTOCOL_VERSION];
  const message = `Unsupported protocol version: ${requested} (supported versions: ${MODERN_PROTOCOL_VERSION}; after initialize also ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`;
  const refusal = new UnsupportedProtocolVersionError({ supported, requested }, message);
  return { jsonrpc: '2.0', id, error: { code: refusal.code, message: refusal.message, data: { supported, requested } } };
}
