import { request } from 'node:https';
import type { IncomingMessage } from 'node:http';
import { CertificateMismatchError, ConnectTimeoutError, PinnedAgent } from './pinned-agent';

export interface HttpsAnswer {
  status: number;
  text: string;
}

export interface HttpsEndpoint {
  host: string;
  port: number;
  agent: PinnedAgent;
  username: string;
  password: string;
}

/** What every request to one device shares: where it goes, its pinned keep-alive agent, the fixed headers. */
export interface DeviceHttp {
  host: string;
  port: number;
  agent: PinnedAgent;
  headers: Record<string, string>;
}

/** Answers larger than this are refused rather than held in memory (a full /log or a huge address list). */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

export class AnswerTooLargeError extends Error {
  readonly code = 'ANSWER_TOO_LARGE';
  constructor() {
    super(`the device's answer is larger than ${MAX_ANSWER_BYTES / 1024 / 1024} MiB`);
  }
}

/**
 * The HTTP side of one device: its pinned keep-alive agent and the Authorization header. Plain `node:https`: no
 * proxy, no redirects (credentials go to the pinned device only), no decompression (RouterOS does not compress).
 * It replaced axios, whose per-request config merging, checks and adapter dispatch cost as much as the loopback
 * round trip itself (tools/bench: the adapter was 1.5–1.7× a bare request, axios alone 1.26–1.40×).
 */
export function createDeviceHttp(endpoint: HttpsEndpoint): DeviceHttp {
  return {
    host: endpoint.host,
    port: endpoint.port,
    agent: endpoint.agent,
    headers: { accept: 'application/json', authorization: `Basic ${Buffer.from(`${endpoint.username}:${endpoint.password}`).toString('base64')}` },
  };
}

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

/**
 * One request, every status handed back (errorForStatus maps them) and the body as text (we parse it, so an invalid
 * answer is ours to name). Fails only with errors that hold no request options: the pinned agent's own errors as
 * raised, an abort (ABORT_ERR), an answer over the size limit, a connection lost mid-answer (ECONNRESET), or a
 * socket error's code.
 */
export function httpsCall(http: DeviceHttp, method: string, path: string, body: unknown, signal: AbortSignal): Promise<HttpsAnswer> {
  return new Promise<HttpsAnswer>((resolve, reject) => {
    if (signal.aborted) return reject(withCode('the call was cancelled', 'ABORT_ERR'));
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers = payload === undefined ? http.headers : { ...http.headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) };
    let settled = false;
    const finish = (error: Error | undefined, answer?: HttpsAnswer) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      if (error) {
        req.destroy();
        reject(error);
      } else resolve(answer!);
    };
    const onAbort = () => finish(withCode('the call was cancelled', 'ABORT_ERR'));
    const req = request({ host: http.host, port: http.port, path: `/rest${path}`, method, agent: http.agent, headers }, (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES) return finish(new AnswerTooLargeError());
        chunks.push(chunk);
      });
      res.on('end', () => finish(undefined, { status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      // The device reset the connection before the answer was complete.
      res.on('aborted', () => finish(withCode('the device closed the connection mid-answer', 'ECONNRESET')));
      res.on('error', () => finish(withCode('the device closed the connection mid-answer', 'ECONNRESET')));
      res.on('close', () => {
        if (!res.complete) finish(withCode('the device closed the connection mid-answer', 'ECONNRESET'));
      });
    });
    signal.addEventListener('abort', onAbort, { once: true });
    req.on('error', (error: Error) => finish(transportError(error)));
    req.end(payload);
  });
}

/** A socket error as its code only; the pinned agent's own errors as they were raised. */
export function transportError(error: unknown): Error {
  if (error instanceof CertificateMismatchError || error instanceof ConnectTimeoutError) return error;
  const code = (error as { code?: string } | undefined)?.code ?? 'UNKNOWN';
  return withCode(`transport error (${code})`, code);
}
