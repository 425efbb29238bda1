import { SUBSCRIPTION_ID_META_KEY } from '@modelcontextprotocol/server';

/** Where the resources a connection listens to are watched (the health poller's subscribe/unsubscribe). */
export interface ListenSink {
  subscribe(uri: string): void;
  unsubscribe(uri: string): void;
}

type Frame = { id?: unknown; method?: string; params?: Record<string, unknown>; result?: unknown; error?: unknown };

/**
 * On stdio the SDK answers `subscriptions/listen` itself and does not tell the server what is listened to. The
 * transport sees every frame both ways, so this follows each listen from its acknowledgement (the resources the
 * SDK accepted) to its end (the client's notifications/cancelled, or the listen's final answer) and keeps the
 * sink watching exactly the union of what open listens asked for.
 */
export class ListenTracker {
  private readonly listens = new Map<string, string[]>();
  private readonly counts = new Map<string, number>();

  constructor(private readonly sink: () => ListenSink | undefined) {}

  inbound(frame: Frame): void {
    if (frame.method === 'notifications/cancelled') this.end(frame.params?.['requestId']);
  }

  outbound(frame: Frame): void {
    if (frame.method === 'notifications/subscriptions/acknowledged') {
      const id = (frame.params?.['_meta'] as Record<string, unknown> | undefined)?.[SUBSCRIPTION_ID_META_KEY];
      const uris = ((frame.params?.['notifications'] as { resourceSubscriptions?: unknown } | undefined)?.resourceSubscriptions ?? []) as unknown[];
      if (id !== undefined) this.open(String(id), uris.filter((u): u is string => typeof u === 'string'));
    } else if (frame.id !== undefined && ('result' in frame || 'error' in frame)) {
      this.end(frame.id);
    }
  }

  /** Every listen ended (the connection closed). */
  endAll(): void {
    for (const id of [...this.listens.keys()]) this.end(id);
  }

  private open(id: string, uris: string[]): void {
    this.end(id);
    this.listens.set(id, uris);
    for (const uri of uris) {
      const count = (this.counts.get(uri) ?? 0) + 1;
      this.counts.set(uri, count);
      if (count > 1) continue;
      try {
        this.sink()?.subscribe(uri);
      } catch {
        // Not a watchable resource, or over a limit: the listen stays open and simply gets no updates for it.
      }
    }
  }

  private end(id: unknown): void {
    if (id === undefined || id === null) return;
    const uris = this.listens.get(String(id));
    if (!uris) return;
    this.listens.delete(String(id));
    for (const uri of uris) {
      const count = (this.counts.get(uri) ?? 1) - 1;
      if (count > 0) {
        this.counts.set(uri, count);
        continue;
      }
      this.counts.delete(uri);
      this.sink()?.unsubscribe(uri);
    }
  }
}
