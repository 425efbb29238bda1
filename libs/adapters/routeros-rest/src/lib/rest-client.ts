import { ExponentialBackoff, handleWhen, retry, RetryPolicy, bulkhead, BulkheadPolicy, TaskCancelledError } from 'cockatiel';
import {
  CallOptions,
  DeviceCommandError,
  DeviceObjectNotFoundError,
  DeviceProbe,
  DeviceRequestObserver,
  DeviceTarget,
  DeviceTimeoutError,
  DeviceUnreachableError,
  ListOptions,
  Logger,
  NO_DEVICE_REQUEST_OBSERVER,
  RouterOsApi,
  RouterOsRow,
} from '@routeros-mcp/application-ports';
import { boundedMemo } from './bounded-memo';
import { withDeadline } from './deadline';
import { channelKey, DeviceChannel, inSlot } from './device-channel';
import { httpsCall } from './https-call';
import { CallContext, errorForStatus, invalidAnswer, isLostConnection, isTransient, mapCallError, timeoutError } from './map-error';
import { assertVersionHas, requirementOf, unsupportedFromAnswer } from './menu-requirements';
import { readPresentedCertificate } from './pinned-agent';
import { observedCall, operationTemplate } from './request-telemetry';
import { DEFAULT_REST_CLIENT_OPTIONS, RestClientOptions } from './rest-client.options';
import { parseVersion } from './routeros-values';

interface Request {
  method: 'GET' | 'PUT' | 'PATCH' | 'DELETE' | 'POST';
  path: string;
  body?: unknown;
  idempotent: boolean;
  /** The menu asked for, for version checks and unsupported-menu answers. */
  menu: string;
  /** The item asked for, when the request is about one item (a 404 then means the item is missing). */
  id?: string;
}

const clean = (menu: string) => menu.replace(/^\/+|\/+$/g, '');
const SAFE_SEGMENT = /^[A-Za-z0-9*._-]+$/;

/** A menu path or id segment goes into the URL only if it cannot change the path (no `..`, `?`, `#`, `%`). */
function segment(value: string, what: string): string {
  if (!SAFE_SEGMENT.test(value) || value === '.' || value === '..') throw new Error(`invalid ${what} '${value}'`);
  return value;
}

/** A menu as a checked URL path (worked out once per menu: the tools ask for the same few dozen on every call). */
const menuPath = boundedMemo((menu: string): string => clean(menu).split('/').map((part) => segment(part, 'menu')).join('/'), 1024);

/** RouterOS's REST API over pinned, limited, retried keep-alive HTTPS (see RestClientOptions). */
export class RestRouterOsApi implements RouterOsApi {
  /** As configured, defaults filled in (read by composition's wiring test). */
  readonly options: Readonly<RestClientOptions>;
  private readonly channels = new Map<string, DeviceChannel>();
  private readonly global: BulkheadPolicy;
  // Policies hold no per-call state, so they are built once rather than on every request.
  private readonly readRetry: RetryPolicy;

  constructor(
    private readonly logger: Logger,
    options: Partial<RestClientOptions> = {},
    /** Told how every call ended and when a device's circuit changes state (metrics). */
    private readonly observer: DeviceRequestObserver = NO_DEVICE_REQUEST_OBSERVER,
  ) {
    this.options = { ...DEFAULT_REST_CLIENT_OPTIONS, ...options };
    this.global = bulkhead(this.options.globalConcurrency, Number.MAX_SAFE_INTEGER);
    this.readRetry = retry(handleWhen(isTransient), {
      maxAttempts: this.options.readAttempts - 1,
      backoff: new ExponentialBackoff({ initialDelay: this.options.backoffInitialMs, maxDelay: this.options.backoffMaxMs }),
    });
  }

  async list(target: DeviceTarget, menu: string, options: ListOptions = {}): Promise<RouterOsRow[]> {
    const { request, body } = await this.printed(target, menu, options);
    if (!Array.isArray(body)) throw this.unexpected(target, request, 'a list');
    return body as RouterOsRow[];
  }

  async print(target: DeviceTarget, menu: string, options: ListOptions = {}): Promise<RouterOsRow[] | RouterOsRow> {
    const { request, body } = await this.printed(target, menu, options);
    if (typeof body !== 'object' || body === null) throw this.unexpected(target, request, 'a list or an object');
    return body as RouterOsRow[] | RouterOsRow;
  }

  /** `print` with .proplist and .query filters on the device; a plain GET when neither is asked for. */
  private async printed(target: DeviceTarget, menu: string, options: ListOptions): Promise<{ request: Request; body: unknown }> {
    const path = menuPath(menu);
    const request: Request = options.fields?.length || options.query?.length
      ? { method: 'POST', path: `/${path}/print`, body: { ...(options.fields?.length ? { '.proplist': options.fields } : {}), ...(options.query?.length ? { '.query': options.query } : {}) }, idempotent: true, menu: path }
      : { method: 'GET', path: `/${path}`, idempotent: true, menu: path };
    return { request, body: await this.call(target, request, options) };
  }

  async get(target: DeviceTarget, menu: string, id: string, options: ListOptions = {}): Promise<RouterOsRow> {
    const path = menuPath(menu);
    const proplist = options.fields?.length ? `?.proplist=${options.fields.map(encodeURIComponent).join(',')}` : '';
    return this.object(target, { method: 'GET', path: `/${path}/${segment(id, 'id')}${proplist}`, idempotent: true, menu: path, id }, options);
  }

  async getSingleton(target: DeviceTarget, menu: string, options: ListOptions = {}): Promise<RouterOsRow> {
    const path = menuPath(menu);
    const proplist = options.fields?.length ? `?.proplist=${options.fields.map(encodeURIComponent).join(',')}` : '';
    return this.object(target, { method: 'GET', path: `/${path}${proplist}`, idempotent: true, menu: path }, options);
  }

  async add(target: DeviceTarget, menu: string, props: Record<string, string>, options: CallOptions = {}): Promise<RouterOsRow> {
    const path = menuPath(menu);
    return this.object(target, { method: 'PUT', path: `/${path}`, body: props, idempotent: false, menu: path }, options);
  }

  async update(target: DeviceTarget, menu: string, id: string, props: Record<string, string>, options: CallOptions = {}): Promise<RouterOsRow> {
    const path = menuPath(menu);
    const request: Request = { method: 'PATCH', path: `/${path}/${segment(id, 'id')}`, body: props, idempotent: false, menu: path, id };
    return this.write(target, request, options, () => this.get(target, path, id));
  }

  async setSingleton(target: DeviceTarget, menu: string, props: Record<string, string>, options: CallOptions = {}): Promise<void> {
    const path = menuPath(menu);
    await this.write(target, { method: 'POST', path: `/${path}/set`, body: props, idempotent: false, menu: path }, options, () => this.getSingleton(target, path));
  }

  async remove(target: DeviceTarget, menu: string, id: string, options: CallOptions = {}): Promise<void> {
    const path = menuPath(menu);
    await this.write(target, { method: 'DELETE', path: `/${path}/${segment(id, 'id')}`, idempotent: false, menu: path, id }, options, () => this.get(target, path, id));
  }

  async run(target: DeviceTarget, command: string, args: Record<string, string>, options: CallOptions & { idempotent?: boolean } = {}): Promise<unknown> {
    const path = menuPath(command);
    return this.call(target, { method: 'POST', path: `/${path}`, body: args, idempotent: options.idempotent ?? false, menu: path }, options);
  }

  async facts(target: DeviceTarget, options: CallOptions = {}): Promise<DeviceProbe> {
    const started = performance.now();
    const resource = await this.getSingleton(target, 'system/resource', { ...options, fields: ['version', 'board-name', 'uptime'] });
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    const identity = await this.getSingleton(target, 'system/identity', options);
    const version = parseVersion(resource['version']) ?? resource['version'] ?? 'unknown';
    this.channel(target).version = version;
    return { version, identity: identity['name'] ?? '', board: resource['board-name'] ?? '', uptime: resource['uptime'] ?? '', latencyMs };
  }

  presentedCertificate(host: string, port: number, options: CallOptions = {}): Promise<string> {
    const timeoutMs = options.timeoutMs ?? this.options.connectTimeoutMs;
    return readPresentedCertificate(host, port, timeoutMs).catch((error) => {
      throw mapCallError({ deviceId: `${host}:${port}`, operation: 'TLS handshake', timeoutMs }, error);
    });
  }

  forget(deviceId: string): void {
    const channel = this.channels.get(deviceId);
    channel?.close();
    this.channels.delete(deviceId);
  }

  async close(): Promise<void> {
    for (const id of [...this.channels.keys()]) this.forget(id);
  }

  // ---- internals ----

  private channel(target: DeviceTarget): DeviceChannel {
    const key = channelKey(target);
    const existing = this.channels.get(target.deviceId);
    if (existing?.key === key) return existing;
    existing?.close();
    const channel = new DeviceChannel(
      key,
      target,
      this.options,
      () => this.logger.warn('TLS verification is skipped for this device (lab only); pin its certificate', { device_id: target.deviceId }),
      (state) => this.observer.breakerChanged(target.deviceId, state),
    );
    this.channels.set(target.deviceId, channel);
    return channel;
  }

  private async object(target: DeviceTarget, request: Request, options: CallOptions): Promise<RouterOsRow> {
    const body = await this.call(target, request, options);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw this.unexpected(target, request, 'an object');
    return body as RouterOsRow;
  }

  /** A write that failed with a RouterOS error is followed by a read, so the error says what the device now has. */
  private async write<T>(target: DeviceTarget, request: Request, options: CallOptions, reread: () => Promise<RouterOsRow>): Promise<T> {
    try {
      return (await this.call(target, request, options)) as T;
    } catch (error) {
      if (!(error instanceof DeviceCommandError)) throw error;
      const after = await reread().catch(() => null);
      throw error.withStateAfterFailure(after);
    }
  }

  /**
   * One call, bounded as a whole by its timeout: learning the version first, waiting for slots, every attempt
   * and the backoff between them. The device's slot is taken before a global one, so calls waiting on a busy
   * or hung device hold nothing other devices need.
   */
  private call(target: DeviceTarget, request: Request, options: CallOptions): Promise<unknown> {
    return observedCall(this.observer, target.deviceId, operationTemplate(request.method, request.path, request.id), () => this.bounded(target, request, options));
  }

  private async bounded(target: DeviceTarget, request: Request, options: CallOptions): Promise<unknown> {
    const channel = this.channel(target);
    const timeoutMs = options.timeoutMs ?? this.options.requestTimeoutMs;
    const ctx: CallContext = { deviceId: target.deviceId, operation: `${request.method} ${request.path.split('?')[0]}`, timeoutMs };
    const started = performance.now();
    try {
      const result = await withDeadline(timeoutMs, options.signal, (signal) => this.attempts(target, channel, request, ctx, started, signal, options.signal));
      this.logger.debug('routeros call', { device_id: target.deviceId, operation: ctx.operation, ms: Math.round(performance.now() - started) });
      return result;
    } catch (error) {
      const final = this.finalError(target, channel, request, ctx, error, options.signal);
      // The whole RouterOS detail goes to the debug log only; the error itself carries a truncated one.
      this.logger.debug('routeros call failed', { device_id: target.deviceId, operation: ctx.operation, code: (final as { code?: string }).code, routeros_error: final instanceof DeviceCommandError ? final.routerosError : undefined });
      throw final;
    }
  }

  private async attempts(target: DeviceTarget, channel: DeviceChannel, request: Request, ctx: CallContext, started: number, signal: AbortSignal, caller?: AbortSignal): Promise<unknown> {
    const requirement = requirementOf(request.menu);
    // Learn the version before a version-gated menu (facts() itself reads only ungated menus), within this call's bound.
    if (requirement?.version && channel.version === undefined) {
      await this.facts(target, { timeoutMs: Math.max(1, ctx.timeoutMs - (performance.now() - started)), signal }).catch((error: unknown) => {
        throw error instanceof DeviceTimeoutError ? timeoutError(ctx) : error;
      });
    }
    assertVersionHas(target.deviceId, request.menu, channel.version);
    const missing = requirement?.package ? channel.missingMenu(requirement.menu) : undefined;
    if (missing) throw missing;
    const attempt = () =>
      inSlot(channel.slots, signal, () => inSlot(this.global, signal, () => this.send(channel, request, ctx, signal))).catch((error: unknown) => {
        // A request its caller gave up on (a cancelled call) says nothing about the device: never a breaker failure.
        throw caller?.aborted ? abandonedBy(caller) : mapCallError(ctx, error);
      });
    // The breaker counts calls, not attempts: one slow read retried three times is one failure, so a single tool
    // call reading a few menus of a slow device reports the timeout instead of opening the circuit itself.
    return channel.breaker.execute(() => (request.idempotent && this.options.readAttempts > 1 ? this.readRetry.execute(attempt, signal) : attempt()), signal);
  }

  /** What a failed call tells its caller, and what the channel learns from it. */
  private finalError(target: DeviceTarget, channel: DeviceChannel, request: Request, ctx: CallContext, error: unknown, callerSignal?: AbortSignal): Error {
    // The caller gave up (its call was cancelled, a job stopped): not a timeout, and nothing to learn about the device.
    if (callerSignal?.aborted) return abandonedBy(callerSignal);
    // Out of time while a connection had been in setup for most of the call: the device never answered at all.
    const mapped =
      error instanceof TaskCancelledError && channel.agent.longestConnectingMs() >= ctx.timeoutMs / 2
        ? new DeviceUnreachableError(target.deviceId, `no connection within ${ctx.timeoutMs} ms`, 5)
        : mapCallError({ ...ctx, retryAfter: channel.retryAfterSeconds() }, error);
    if (isLostConnection(mapped)) channel.forgetLearned();
    if (!(mapped instanceof DeviceCommandError)) return mapped;
    const wholeMenu = request.path.split('?')[0] === `/${request.menu}`;
    const unsupported = unsupportedFromAnswer(target.deviceId, request.menu, { ...mapped.routerosError, wholeMenu }, channel.version);
    if (unsupported) {
      const requirement = requirementOf(request.menu);
      if (requirement?.package) channel.rememberMissing(requirement.menu, unsupported);
      return unsupported;
    }
    if (request.id !== undefined && mapped.routerosError.status === 404) return new DeviceObjectNotFoundError(target.deviceId, request.menu, request.id);
    return mapped;
  }

  private async send(channel: DeviceChannel, request: Request, ctx: CallContext, signal: AbortSignal): Promise<unknown> {
    const response = await httpsCall(channel.http, request.method, request.path, request.body, signal);
    const text = response.text;
    if (response.status < 200 || response.status >= 300) throw errorForStatus(ctx, response.status, text);
    if (text.trim() === '') return undefined;
    try {
      return JSON.parse(text);
    } catch {
      throw invalidAnswer(ctx, response.status, 'is not valid JSON');
    }
  }

  private unexpected(target: DeviceTarget, request: Request, expected: string): DeviceCommandError {
    return invalidAnswer({ deviceId: target.deviceId, operation: `${request.method} ${request.path.split('?')[0]}` }, 200, `is not ${expected}`);
  }
}

/** What a request its caller abandoned ends with: the caller's own reason when it gave one. */
function abandonedBy(caller: AbortSignal): Error {
  return caller.reason instanceof Error ? caller.reason : new Error('the caller abandoned the request');
}
