/**
 * The REST adapter's HTTP client is axios, by decision: docs/decisions/axios.md says why, what it costs per
 * request and that it is not to be replaced again. Everything axios does not do for us (pinning the device's
 * certificate, bounding the connect time) lives in the keep-alive agent it is given (pinned-agent.ts).
 */
import type * as AxiosModule from 'axios';
import type { Axios } from 'axios';
import { CertificateMismatchError, ConnectTimeoutError, PinnedAgent } from './pinned-agent';

/**
 * axios loads with the first device client, not with this adapter: a process that never calls a device (the admin
 * CLI's `device list`, `token list`…) does without its ~100 modules.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
const axios = () => require('axios') as typeof AxiosModule;

/** The axios client of one device (see createDeviceHttp). */
export type DeviceHttp = InstanceType<typeof Axios>;

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

/** Answers larger than this are refused rather than held in memory (a full /log or a huge address list). */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

export class AnswerTooLargeError extends Error {
  readonly code = 'ANSWER_TOO_LARGE';
  constructor() {
    super(`the device's answer is larger than ${MAX_ANSWER_BYTES / 1024 / 1024} MiB`);
  }
}

/**
 * The axios client of one device: its pinned keep-alive agent, no proxy and no redirects (credentials go to the
 * pinned device only), bounded bodies, every status handed back (errorForStatus maps them) and the body as text
 * (we parse it, so an invalid answer is ours to name).
 *
 * Built on the `Axios` class with only these settings rather than `axios.create()`, whose global defaults (default
 * headers per method, transitional options, transforms) axios merges and checks again on every request: a third of
 * its cost per call here (tools/bench), and none of it applies to RouterOS.
 */
export function createDeviceHttp(endpoint: HttpsEndpoint): DeviceHttp {
  const host = endpoint.host.includes(':') ? `[${endpoint.host}]` : endpoint.host;
  return new (axios().Axios)({
    baseURL: `https://${host}:${endpoint.port}/rest`,
    allowAbsoluteUrls: false,
    adapter: 'http',
    httpsAgent: endpoint.agent,
    proxy: false,
    maxRedirects: 0,
    maxContentLength: MAX_ANSWER_BYTES,
    maxBodyLength: MAX_ANSWER_BYTES,
    // RouterOS does not compress: ask it not to, and skip the decompression stream on every answer.
    decompress: false,
    responseType: 'text',
    responseEncoding: 'utf8',
    // Bodies go out as the JSON we write and come back as text we parse.
    transformRequest: [],
    transformResponse: [],
    validateStatus: null,
    headers: {
      accept: 'application/json',
      'accept-encoding': 'identity',
      authorization: `Basic ${Buffer.from(`${endpoint.username}:${endpoint.password}`).toString('base64')}`,
    },
  });
}

const JSON_BODY = { 'content-type': 'application/json' };

/**
 * One request, the body read as text. Fails only with errors that hold no request options (see transportError);
 * an abort of `signal` destroys the request's socket.
 */
export async function httpsCall(http: DeviceHttp, method: string, path: string, body: unknown, signal: AbortSignal): Promise<HttpsAnswer> {
  try {
    const response = await http.request<string>(body === undefined ? { method, url: path, signal } : { method, url: path, signal, data: JSON.stringify(body), headers: JSON_BODY });
    return { status: response.status, text: typeof response.data === 'string' ? response.data : '' };
  } catch (error) {
    throw transportError(error);
  }
}

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

/**
 * An axios error carries the request config and the request itself, Authorization header included: it never leaves
 * this function. What it meant does, as our own error or a plain one holding only a code. The pinned agent's own
 * errors come back as they were raised; any other throwable as its code only.
 */
export function transportError(error: unknown): Error {
  const { AxiosError, isAxiosError, isCancel } = axios();
  if (isCancel(error)) return withCode('the call was cancelled', 'ABORT_ERR');
  const cause = isAxiosError(error) ? error.cause : error;
  if (cause instanceof CertificateMismatchError || cause instanceof ConnectTimeoutError) return cause;
  if (isAxiosError(error) && error.code === AxiosError.ERR_BAD_RESPONSE) {
    // Either the size limit or a response stream that ended early (the device reset the connection mid-answer).
    return error.message.includes('maxContentLength') ? new AnswerTooLargeError() : withCode('the device closed the connection mid-answer', 'ECONNRESET');
  }
  const code = (error as { code?: string } | undefined)?.code ?? (cause as { code?: string } | undefined)?.code ?? 'UNKNOWN';
  return withCode(`transport error (${code})`, code);
}
