import type { IncomingMessage } from 'node:http';

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`request body over ${limit} bytes`);
  }
}

/** How much of an oversized body is read and dropped so the client can read its 413; past this the socket is cut. */
const DISCARD_FACTOR = 4;

/**
 * Reads the whole body, refusing past `limit` bytes. An oversized body is read on and dropped (up to a bound) so
 * the client, still sending, gets to read the 413 instead of a broken pipe.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    const refuse = () => {
      refused = true;
      chunks.length = 0;
      reject(new BodyTooLargeError(limit));
    };
    if (Number.isFinite(declared) && declared > limit * DISCARD_FACTOR) {
      refuse();
      req.socket.destroySoon?.();
      return;
    }
    if (Number.isFinite(declared) && declared > limit) refuse();
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (refused) {
        if (size > limit * DISCARD_FACTOR) req.destroy();
        return;
      }
      if (size > limit) return refuse();
      chunks.push(chunk);
    });
    req.once('end', () => !refused && resolve(Buffer.concat(chunks)));
    req.once('error', (error) => !refused && reject(error));
  });
}
