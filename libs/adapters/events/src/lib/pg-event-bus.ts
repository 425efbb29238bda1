import type { DomainEvent, DomainEventType, EventBus, EventOf, Logger } from '@routeros-mcp/application-ports';
import { eventSubject } from '@routeros-mcp/application-ports';
import { EventEmitter } from 'node:events';
import type { Client } from 'pg';
import { MAX_PAYLOAD_BYTES, parseEventPayload } from './event-payload.schema';
import { EventHandlers } from './event-handlers';

export interface PgEventBusOptions {
  url: string;
  /** The NOTIFY channel every replica listens on (a plain lower-case identifier). */
  channel?: string;
  /** Reconnection backoff: the first delay, doubled per failed attempt up to the maximum (each with jitter). */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  /** How long `publish` waits for the connection (first start, or a reconnect) before dropping the event. */
  publishWaitMs?: number;
}

export const DEFAULT_EVENT_CHANNEL = 'routeros_mcp_events';

/** What `status` emits: `listening` each time the connection (re)starts listening, `disconnected` when it drops. */
export interface PgEventBusStatus {
  listening: [{ reconnected: boolean }];
  disconnected: [{ error?: string }];
  closed: [];
}

/**
 * Events shared by every replica on one PostgreSQL database through LISTEN/NOTIFY. Each process keeps one dedicated
 * connection that LISTENs and also sends its NOTIFYs; a process receives its own events through that round trip
 * (never also locally), so every process, the publisher included, delivers each event exactly once.
 *
 * Delivery is best effort. When the connection drops the bus logs it and reconnects with backoff; events published
 * anywhere while it was away are lost to this process: subscribers treat an event as a hint and re-read the state
 * it names, so a missed one only delays what they show until the next change (or their own re-read).
 * Payloads are small JSON ids (PostgreSQL caps them below 8000 bytes); what arrives is validated, and anything that
 * is not one of our events is logged and ignored.
 */
export class PgEventBus implements EventBus {
  readonly status = new EventEmitter<PgEventBusStatus>();
  private readonly handlers: EventHandlers;
  private readonly channel: string;
  private client?: Client;
  private opening = false;
  private closed = false;
  private attempts = 0;
  private listenedBefore = false;
  private retryTimer?: NodeJS.Timeout;
  /** One NOTIFY at a time on the connection (pg deprecates queueing queries on one client); keeps their order too. */
  private turn: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly options: PgEventBusOptions,
    private readonly logger: Logger,
  ) {
    this.channel = options.channel ?? DEFAULT_EVENT_CHANNEL;
    // Interpolated into LISTEN (identifiers cannot be bound parameters): only a plain identifier is accepted.
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(this.channel)) throw new Error(`event channel '${this.channel}' must be a lower-case identifier`);
    this.handlers = new EventHandlers(logger);
  }

  /** The server process id of the listening connection, while there is one (tests end it to simulate a drop). */
  get backendPid(): number | undefined {
    return (this.client as unknown as { processID?: number } | undefined)?.processID;
  }

  /** Starts listening; resolves once the first LISTEN is in place (later drops reconnect on their own). */
  async start(): Promise<void> {
    await this.connected(Number.POSITIVE_INFINITY);
  }

  async publish(event: DomainEvent): Promise<void> {
    const payload = JSON.stringify(event);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
      this.logger.warn('event too large for NOTIFY, dropped', { event: event.type, ...eventSubject(event), bytes: Buffer.byteLength(payload) });
      return;
    }
    try {
      const client = await this.connected(this.options.publishWaitMs ?? 5_000);
      const notify = () => client.query('SELECT pg_notify($1, $2)', [this.channel, payload]);
      const sent = this.turn.then(notify, notify);
      this.turn = sent.catch(() => undefined);
      await sent;
    } catch (error) {
      // Never fails the publisher: the fact is recorded elsewhere, and subscribers re-read.
      this.logger.warn('event not published', { event: event.type, ...eventSubject(event), error: (error as Error).message });
    }
  }

  subscribe<T extends DomainEventType>(type: T, handler: (event: EventOf<T>) => void | Promise<void>): () => void {
    this.open();
    return this.handlers.add(type, handler);
  }

  /** Ends the connection for good. Safe to call twice. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    this.status.emit('closed');
    await client?.end().catch(() => undefined);
  }

  /** The listening connection, opening it if needed, waiting at most `waitMs` for it. */
  private connected(waitMs: number): Promise<Client> {
    if (this.client) return Promise.resolve(this.client);
    if (this.closed) return Promise.reject(new Error('the event bus is closed'));
    this.open();
    return new Promise<Client>((resolve, reject) => {
      const timer = Number.isFinite(waitMs) ? setTimeout(() => done(new Error(`no connection to PostgreSQL within ${waitMs} ms`)), waitMs) : undefined;
      const onListening = () => done();
      const done = (error?: Error) => {
        clearTimeout(timer);
        this.status.off('listening', onListening);
        this.status.off('closed', onListening);
        if (error) reject(error);
        else if (this.client) resolve(this.client);
        else reject(new Error('the event bus is closed'));
      };
      this.status.on('listening', onListening);
      this.status.on('closed', onListening);
    });
  }

  private open(): void {
    if (this.closed || this.opening || this.client) return;
    this.opening = true;
    const client = new (pgClient())({ connectionString: this.options.url, application_name: 'routeros-mcp-events', keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    let dropped = false;
    const drop = (error?: Error) => {
      if (dropped) return;
      dropped = true;
      this.opening = false;
      if (this.client === client) this.client = undefined;
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      if (this.closed) return;
      this.status.emit('disconnected', { error: error?.message });
      this.logger.warn('event bus connection to PostgreSQL lost; reconnecting (events published meanwhile are not seen here)', { error: error?.message, attempt: this.attempts + 1 });
      this.reconnectLater();
    };
    client.on('error', drop);
    client.on('end', () => drop(new Error('connection ended')));
    client.on('notification', (message) => {
      if (message.channel !== this.channel) return;
      const event = parseEventPayload(message.payload);
      if (!event) {
        this.logger.warn('malformed event ignored', { channel: message.channel, bytes: Buffer.byteLength(message.payload ?? '') });
        return;
      }
      this.handlers.deliver(event);
    });
    client
      .connect()
      .then(() => client.query(`LISTEN ${this.channel}`))
      .then(() => {
        if (dropped) return;
        if (this.closed) {
          dropped = true;
          void client.end().catch(() => undefined);
          return;
        }
        this.opening = false;
        this.client = client;
        this.attempts = 0;
        const reconnected = this.listenedBefore;
        this.listenedBefore = true;
        if (reconnected) this.logger.info('event bus listening again', { channel: this.channel });
        this.status.emit('listening', { reconnected });
      })
      .catch((error: Error) => drop(error));
  }

  private reconnectLater(): void {
    const min = this.options.reconnectMinMs ?? 100;
    const max = this.options.reconnectMaxMs ?? 10_000;
    const delay = Math.min(max, min * 2 ** this.attempts) * (0.5 + Math.random() / 2);
    this.attempts++;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.open(), delay);
    this.retryTimer.unref();
  }
}

/** pg loads with the first PostgreSQL connection: a server on SQLite never loads it. */
function pgClient(): typeof Client {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  return (require('pg') as typeof import('pg')).Client;
}
