import type { McpErrorPayload } from './map-domain-error';

/** An error the SDK sends as-is: `code`, a clean `message`, and `data` (the SDK's McpError prefixes the message). */
export class RpcError extends Error {
  readonly code: number;
  readonly data: McpErrorPayload['data'];
  constructor(payload: McpErrorPayload) {
    super(payload.message);
    this.code = payload.code;
    this.data = payload.data;
  }
}
