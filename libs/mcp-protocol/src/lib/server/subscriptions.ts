import { createHash } from 'node:crypto';
import { protocolError } from '../errors/map-domain-error';
import { RpcError } from '../errors/rpc-error';

export interface SubscriptionOptions {
  /** How often a subscribed resource is read (default 30 s), plus up to `jitterMs` so devices are not polled in step. */
  intervalMs: number;
  jitterMs: number;
  /** Changes within this window produce one notification (250–1000 ms). */
  coalesceMs: number;
  maxPerConnection: number;
  maxPerDevice: number;
}

export const DEFAULT_SUBSCRIPTION_OPTIONS: SubscriptionOptions = { intervalMs: 30_000, jitterMs: 3_000, coalesceMs: 500, maxPerConnection: 200, maxPerDevice: 100 };

/** The resources that can be subscribed: live health (polled) and configuration (told by events, never polled). */
const SUBSCRIBABLE = /^(device:\/\/([a-z0-9][a-z0-9-]{1,62})\/(health|config)|fleet:\/\/health-summary|plan:\/\/plan-[a-z0-9-]{4,60}\/(summary|details|execution-log))$/;
/**
 * Resources whose changes arrive as events (`changed`), never polled: a config read costs an SSH export, and a plan
 * changes only when its service or rollout runner says so (plan.changed, plan.progress).
 */
const PUSHED = /(\/config|^plan:\/\/.*)$/;

/** Subscriptions across every connection of this process, per device, for the per-device limit. */
const perDevice = new Map<string, number>();

/** What identifies a state worth telling about: the body without ever-moving counters. */
export function etagOf(body: unknown): string {
  const stable = JSON.stringify(body, (key, value) => (key === 'uptime' || key === 'uptime_seconds' ? undefined : value));
  return createHash('sha256').update(stable).digest('base64url').slice(0, 16);
}

interface Watch {
  timer?: NodeJS.Timeout;
  etag?: string;
  pending?: NodeJS.Timeout;
}

/**
 * One connection's subscriptions (2025-era resources/subscribe, or modern subscriptions/listen). A poller runs only
 * for what is subscribed or listened to; a changed etag produces
 * `notifications/resources/updated` (with the etag), coalesced; unsubscribe stops polling.
 */
export class SubscriptionManager {
  private readonly watches = new Map<string, Watch>();

  constructor(
    /** Sends `notifications/resources/updated` (on a modern connection the SDK routes it to the listens that asked). */
    private readonly notify: (uri: string, etag: string | undefined) => Promise<void>,
    private readonly read: (uri: string) => Promise<unknown>,
    private readonly options: SubscriptionOptions = DEFAULT_SUBSCRIPTION_OPTIONS,
    /** Called when a pushed resource is subscribed: the events that tell of its changes must be flowing. */
    private readonly pushedWanted: () => void = () => undefined,
  ) {}

  subscribe(uri: string): void {
    const m = SUBSCRIBABLE.exec(uri);
    if (!m) throw new RpcError(protocolError('INVALID_PARAMS', `'${uri}' cannot be subscribed; subscribe to device://{device_id}/health, device://{device_id}/config, fleet://health-summary or plan://{plan_id}/summary, /details, /execution-log`, { uri, field: 'uri' }));
    if (this.watches.has(uri)) return;
    if (this.watches.size >= this.options.maxPerConnection) {
      throw new RpcError(protocolError('RATE_LIMITED', `at most ${this.options.maxPerConnection} subscriptions per connection; unsubscribe from some first`, { uri, limit: this.options.maxPerConnection, retry_after: 60 }));
    }
    const device = m[2];
    if (device && (perDevice.get(device) ?? 0) >= this.options.maxPerDevice) {
      throw new RpcError(protocolError('RATE_LIMITED', `at most ${this.options.maxPerDevice} subscriptions per device`, { uri, device_id: device, limit: this.options.maxPerDevice, retry_after: 60 }));
    }
    if (device) perDevice.set(device, (perDevice.get(device) ?? 0) + 1);
    const watch: Watch = {};
    this.watches.set(uri, watch);
    if (PUSHED.test(uri)) this.pushedWanted();
    else void this.poll(uri, watch);
  }

  /** A pushed resource changed (an event said so, `etag` naming the new state): its subscribers hear of it, coalesced. */
  changed(uri: string, etag?: string): void {
    const watch = this.watches.get(uri);
    if (!watch) return;
    watch.etag = etag;
    if (watch.pending) return;
    watch.pending = setTimeout(() => {
      watch.pending = undefined;
      void this.notify(uri, watch.etag).catch(() => undefined);
    }, this.options.coalesceMs);
  }

  unsubscribe(uri: string): void {
    const watch = this.watches.get(uri);
    if (!watch) return;
    clearTimeout(watch.timer);
    clearTimeout(watch.pending);
    this.watches.delete(uri);
    const device = SUBSCRIBABLE.exec(uri)?.[2];
    if (device) perDevice.set(device, Math.max(0, (perDevice.get(device) ?? 1) - 1));
  }

  close(): void {
    for (const uri of [...this.watches.keys()]) this.unsubscribe(uri);
  }

  private async poll(uri: string, watch: Watch): Promise<void> {
    let body: unknown;
    try {
      body = await this.read(uri);
    } catch (error) {
      // A device going unreachable is exactly the change a subscriber wants to hear about.
      body = { error: (error as { data?: { mcp_error_code?: string }; code?: string }).data?.mcp_error_code ?? (error as { code?: string }).code ?? 'ERROR' };
    }
    if (this.watches.get(uri) !== watch) return; // unsubscribed meanwhile
    const etag = etagOf(body);
    if (watch.etag !== undefined && etag !== watch.etag && !watch.pending) {
      watch.pending = setTimeout(() => {
        watch.pending = undefined;
        void this.notify(uri, watch.etag).catch(() => undefined);
      }, this.options.coalesceMs);
    }
    watch.etag = etag;
    watch.timer = setTimeout(() => void this.poll(uri, watch), this.options.intervalMs + Math.random() * this.options.jitterMs);
    watch.timer.unref();
  }
}
