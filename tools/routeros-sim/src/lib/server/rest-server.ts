import { createServer as createHttpsServer, Server } from 'node:https';
import { createServer as createHttpServer, IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { DeviceState, DeviceUser } from '../model/device-state';
import { handleRest } from '../rest/rest-handler';
import { errors, RestError } from '../rest/rest-error';
import { Faults } from './faults';
import type { ClientTraces } from '../model/client-traces';

export interface RestServerOptions {
  state: DeviceState;
  faults: () => Faults;
  tls?: { cert: string; key: string };
  /** RouterOS closes a REST request that runs past this (default 60 s). */
  requestTimeoutMs: number;
  /** False once the configuration cut the path of connections opened before: their requests go unanswered. */
  reachable: () => boolean;
  /** True while a write fault froze the device: nothing is answered, not even the write that froze it. */
  frozen?: () => boolean;
  /** Counts requests that reached the service (after TLS), and how many ran at once. */
  stats: RestStats;
  /** Where requests in flight show (`/user/active`, connection tracking). */
  traces?: ClientTraces;
}

export interface RestStats {
  requests: number;
  inFlight: number;
  maxInFlight: number;
  /** Requests their client gave up on (closed the connection) before the device answered. */
  abandoned: number;
  /** Write requests the device answered with success (not GET, not a print), oldest first, the last WRITE_LOG_SIZE kept. */
  writes: RestWrite[];
}

export interface RestWrite {
  method: string;
  /** Below `/rest`, e.g. `/ip/dns/set`. */
  path: string;
  body: unknown;
}

const WRITE_LOG_SIZE = 1000;

const MAX_BODY = 1 << 20;

function authenticate(header: string | undefined, state: DeviceState): DeviceUser | undefined {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '');
  if (!m) return undefined;
  const text = Buffer.from(m[1], 'base64').toString('utf8');
  const at = text.indexOf(':');
  const name = text.slice(0, at);
  const password = text.slice(at + 1);
  // The device's own `/user` rows decide: a user added there logs in with its password.
  return at < 0 ? undefined : state.authenticate(name, password);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) reject(new RestError(400, 'request too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', ...(status === 401 ? { 'www-authenticate': 'Basic realm="RouterOS"' } : {}) });
  res.end(text);
}

/** The device's `www-ssl` (or `www`) service answering `/rest`. */
export function createRestServer(options: RestServerOptions): Server | HttpServer {
  const listener = async (req: IncomingMessage, res: ServerResponse) => {
    const faults = options.faults();
    if (!options.reachable() || options.frozen?.()) return; // packets no longer arrive: the client's own timeout decides
    const stats = options.stats;
    stats.requests++;
    stats.maxInFlight = Math.max(stats.maxInFlight, ++stats.inFlight);
    res.once('close', () => {
      stats.inFlight--;
      if (!res.writableFinished) stats.abandoned++;
    });
    if (faults.hang) return; // never answers
    // The session clock runs from arrival, so added latency counts toward "Session closed" as on a slow device.
    const controller = new AbortController();
    const timeoutMs = faults.sessionClosedAfterMs ?? options.requestTimeoutMs;
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const aborted = new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(errors.sessionClosed()), { once: true }));
    aborted.catch(() => undefined);
    // A client that hangs up (or a simulator that stops) ends the request and its injected waits at once.
    res.once('close', () => controller.abort());
    const wait = (ms: number) =>
      new Promise<void>((resolve, reject) => {
        const delay = setTimeout(resolve, ms);
        controller.signal.addEventListener('abort', () => (clearTimeout(delay), reject(errors.sessionClosed())), { once: true });
      });
    let trace: { close(): void } | undefined;
    try {
      if (faults.latencyMs) await wait(faults.latencyMs + Math.random() * (faults.jitterMs ?? 0));
      const url = new URL(req.url ?? '/', 'https://device');
      if (!url.pathname.startsWith('/rest/') && url.pathname !== '/rest') throw new RestError(404);
      const user = authenticate(req.headers.authorization, options.state);
      // The user's own row decides too: removed, disabled, another address or a group without the policy refuse it.
      if (!user || faults.unauthorized || options.state.loginRefusal(user.name, 'rest-api')) throw errors.unauthorized();
      if (faults.serverError) throw new RestError(500, faults.serverError);
      // A logged-in REST request is an active session of its user until it is answered.
      trace = options.traces?.open({ user: user.name, group: user.group, via: 'rest-api', service: options.tls ? 'www-ssl' : 'www', remotePort: req.socket.remotePort ?? 0, end: () => req.socket.destroy() });
      const raw = await readBody(req);
      if (faults.slowExportMs && url.pathname === '/rest/export') await wait(faults.slowExportMs);
      let body: unknown;
      try {
        body = raw.trim() === '' ? undefined : JSON.parse(raw);
      } catch {
        throw errors.badJson();
      }
      const work = handleRest(options.state, { method: req.method ?? 'GET', path: url.pathname.slice('/rest'.length), query: url.searchParams, body, user }, controller.signal);
      const result = await Promise.race([work, aborted]);
      if (options.frozen?.()) return;
      if (faults.invalidJson) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return void res.end('{"name":"bad\u0001value\u0007","x":');
      }
      if (faults.resetMidResponse) {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' });
        res.write(JSON.stringify(result).slice(0, 8));
        return void (req.socket as Socket).destroy();
      }
      send(res, result.status, result.body);
      // A test counts what reached the configuration (a write is never to be made twice); reads are not kept.
      const path = url.pathname.slice('/rest'.length);
      if (req.method !== 'GET' && !/\/(print|monitor|listen)$/.test(path) && result.status < 300) {
        stats.writes.push({ method: req.method ?? '', path, body });
        if (stats.writes.length > WRITE_LOG_SIZE) stats.writes.shift();
      }
    } catch (error) {
      if (error instanceof RestError) send(res, error.status, error.body());
      else send(res, 500, { error: 500, message: 'Internal Server Error', detail: String((error as Error).message) });
    } finally {
      clearTimeout(timer);
      trace?.close();
    }
  };
  const handler = (req: IncomingMessage, res: ServerResponse) => void listener(req, res);
  return options.tls ? createHttpsServer({ cert: options.tls.cert, key: options.tls.key }, handler) : createHttpServer(handler);
}
