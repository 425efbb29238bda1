import { BulkheadPolicy, bulkhead, circuitBreaker, CircuitBreakerPolicy, CircuitState, ConsecutiveBreaker, handleWhen, TaskCancelledError } from 'cockatiel';
import type { DeviceTarget, DeviceUnsupportedError } from '@routeros-mcp/application-ports';
import { createDeviceHttp, DeviceHttp } from './https-call';
import { PinnedAgent, TlsTrust } from './pinned-agent';
import { isDeviceFailure } from './map-error';
import type { RestClientOptions } from './rest-client.options';

export function trustOf(target: DeviceTarget): TlsTrust {
  if (target.tlsFingerprint) return { kind: 'pin', fingerprint: target.tlsFingerprint };
  if (target.caPem) return { kind: 'ca', caPem: target.caPem };
  if (target.tlsSkipVerify) return { kind: 'skip' };
  // No pin, no CA, no lab exception: a pin mismatch against nothing refuses every certificate.
  return { kind: 'pin', fingerprint: 'SHA256:none-pinned' };
}

/**
 * Runs `fn` in one of `limit`'s slots, waiting for a free one until `signal` aborts. The signal is checked here
 * rather than handed to cockatiel: its bulkhead (3.2.1) drops a queued task whose signal aborted without waking
 * the task behind it, so a caller that gave up would leave the next one waiting beside a free slot.
 */
export function inSlot<T>(limit: BulkheadPolicy, signal: AbortSignal, fn: () => Promise<T>): Promise<T> {
  return limit.execute(() => (signal.aborted ? Promise.reject(new TaskCancelledError()) : fn()));
}

/**
 * How long what a device said about itself is believed: its RouterOS version, and the package menus it answered
 * "no such command" for (a CHR never gets /system/routerboard). Both change only with an upgrade or a package
 * install, which take a reboot; a lost connection forgets them at once.
 */
export const LEARNED_TTL_MS = 5 * 60_000;

/**
 * Identifies what a channel was built from, so an edited device or rotated password gets a fresh one. Compared on
 * every call, so it is a plain joined string (hashing it, or JSON, cost more than the rest of the lookup); the
 * channel's HTTP client holds the same password anyway.
 */
export function channelKey(target: DeviceTarget): string {
  // NUL cannot occur in any of these values, so the joined string identifies them all.
  return `${target.host}\u0000${target.restPort}\u0000${target.tlsFingerprint}\u0000${target.tlsSkipVerify}\u0000${target.username}\u0000${target.password}\u0000${target.caPem}`;
}

/** Everything kept per device: the keep-alive connections, its slot limit, its circuit and what it told us. */
export class DeviceChannel {
  readonly http: DeviceHttp;
  readonly agent: PinnedAgent;
  readonly slots: BulkheadPolicy;
  readonly breaker: CircuitBreakerPolicy;
  private learnedVersion?: { version: string; until: number };
  private openedAt?: number;
  /** Package menus the device answered it lacks, until when that answer is trusted (see LEARNED_TTL_MS). */
  private readonly missing = new Map<string, { error: DeviceUnsupportedError; until: number }>();

  constructor(
    readonly key: string,
    target: DeviceTarget,
    private readonly options: RestClientOptions,
    onInsecure: () => void,
    /** Metrics: the circuit opened, let a probe through, or closed again. */
    private readonly onBreaker: (state: 'closed' | 'open' | 'half_open') => void = () => undefined,
  ) {
    this.agent = new PinnedAgent(trustOf(target), options.connectTimeoutMs, onInsecure, { maxSockets: options.perDeviceConcurrency });
    this.http = createDeviceHttp({ host: target.host, port: target.restPort, agent: this.agent, username: target.username, password: target.password });
    this.slots = bulkhead(options.perDeviceConcurrency, Number.MAX_SAFE_INTEGER);
    this.breaker = circuitBreaker(handleWhen(isDeviceFailure), { halfOpenAfter: options.breakerHalfOpenMs, breaker: new ConsecutiveBreaker(options.breakerThreshold) });
    this.breaker.onBreak(() => {
      this.openedAt = Date.now();
      this.tell('open');
    });
    this.breaker.onHalfOpen(() => this.tell('half_open'));
    this.breaker.onReset(() => this.tell('closed'));
  }

  /** The RouterOS version the device reported, while it is still believed. */
  get version(): string | undefined {
    const learned = this.learnedVersion;
    return learned && learned.until > Date.now() ? learned.version : undefined;
  }

  set version(version: string | undefined) {
    this.learnedVersion = version === undefined ? undefined : { version, until: Date.now() + LEARNED_TTL_MS };
  }

  /** After a lost connection (perhaps a reboot into another version or with other packages): ask again. */
  forgetLearned(): void {
    this.learnedVersion = undefined;
    this.missing.clear();
  }

  /** The device's own earlier answer that it lacks this menu's package, while it is still trusted. */
  missingMenu(menu: string): DeviceUnsupportedError | undefined {
    const known = this.missing.get(menu);
    if (known && known.until > Date.now()) return known.error;
    this.missing.delete(menu);
    return undefined;
  }

  /** Installing a package takes a reboot, so the answer is kept a few minutes rather than asked on every call. */
  rememberMissing(menu: string, error: DeviceUnsupportedError): void {
    this.missing.set(menu, { error, until: Date.now() + LEARNED_TTL_MS });
  }

  /** Whole seconds until the open circuit lets a probe through. */
  retryAfterSeconds(): number {
    const left = (this.openedAt ?? Date.now()) + this.options.breakerHalfOpenMs - Date.now();
    return Math.max(1, Math.ceil(left / 1000));
  }

  /** A channel replaced (edited device) or forgotten while its circuit was not closed: the next one starts closed. */
  close(): void {
    this.agent.destroy();
    if (this.breaker.state !== CircuitState.Closed) this.tell('closed');
  }

  private tell(state: 'closed' | 'open' | 'half_open'): void {
    try {
      this.onBreaker(state);
    } catch {
      // metrics only: never let them break a call
    }
  }
}
