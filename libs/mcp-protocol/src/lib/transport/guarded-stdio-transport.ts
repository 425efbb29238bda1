import { PROTOCOL_VERSION_META_KEY, UnsupportedProtocolVersionError, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/server';
import type { Readable, Writable } from 'node:stream';
import { Era, withEraCode } from '../errors/error-contract';
import type { McpErrorCode } from '../errors/error-codes';
import { protocolError } from '../errors/map-domain-error';
import { ListenSink, ListenTracker } from './listen-tracker';
import { truncate } from '@routeros-mcp/domain-kernel';
import { batchesAllowed, batchRefusedFrame, checkMessage, emptyBatchFrame, ErrorFrame, parseErrorFrame, shutdownFrame, tooLargeFrame } from './frame-guard';

/** stdio frames above this are refused (spec 002) and the server keeps serving. */
export const STDIO_FRAME_LIMIT = 10 * 1024 * 1024;

type Id = string | number;

/** Cancelled requests whose late answer is still dropped; an older one's answer would long since have come. */
const CANCELLED_REMEMBERED = 1024;

/** The revision 2026-07-28 requests claim in their envelope (`_meta`). */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';

/** The modern revisions this server serves (2025-era ones are negotiated by initialize, never named per request). */
const MODERN_VERSIONS = [MODERN_PROTOCOL_VERSION];

/** The revision a request names in its envelope (`params._meta`), if it names one; 2025-era requests never do. */
const claimedVersion = (params: unknown): string | undefined => {
  const claimed = (params as { _meta?: Record<string, unknown> } | undefined)?._meta?.[PROTOCOL_VERSION_META_KEY];
  return typeof claimed === 'string' ? claimed : undefined;
};
const claimsModern = (params: unknown) => claimedVersion(params) !== undefined;

/**
 * A request on a modern connection naming a revision this server does not serve. The SDK checks the revision only
 * on the request that opens a connection and serves later ones whatever they claim; 2026-07-28 carries the revision
 * in every request, so every request is checked, with the error the revision defines for it (-32022, what the SDK
 * sends at the opening: the supported revisions and the one requested).
 */
function unsupportedRevisionFrame(id: Id, requested: string) {
  const refusal = new UnsupportedProtocolVersionError({ supported: MODERN_VERSIONS, requested: truncate(requested, 100) });
  return { jsonrpc: '2.0' as const, id, error: { code: refusal.code, message: refusal.message, data: refusal.data } };
}

/**
 * Newline-delimited JSON-RPC over stdin/stdout with the guards of spec 002 in front of the SDK: malformed
 * JSON, bad shapes, oversized frames and batches each get their error frame, and the session goes on. The first
 * message decides the connection's revision, as the SDK's `serveStdio` does: `initialize` opens a 2025-era
 * connection (requests before it and a second one are refused), `server/discover` or any request carrying the
 * 2026-07-28 envelope opens a modern one, which has no initialize. stdout carries protocol frames only.
 */
export class GuardedStdioTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;

  private chunks: Buffer[] = [];
  private buffered = 0;
  private discarding = false;
  private initialized = false;
  private protocolVersion?: string;
  /** `probe`: a server/discover came first; an `initialize` may still follow (a client falling back to 2025). */
  private era: Era | 'probe' | undefined;
  /** Called once, after the first frame is written: a server loads what it deferred once the client has its answer. */
  onFirstAnswer?: () => void;
  /** Called once, when a line is first held back by `holdUntil`: what it waits for is needed now. */
  onHeld?: () => void;
  /** Where modern subscriptions/listen requests are watched; set by whoever wires the server. */
  listenSink?: ListenSink;
  private readonly listens = new ListenTracker(() => this.listenSink);
  private initializeId?: Id;
  /** Open batches: how many answers each id still awaits (ids may repeat inside one batch), the answers so far. */
  private readonly batches: { waiting: Map<Id, number>; answers: unknown[] }[] = [];
  private readonly onData = (chunk: Buffer) => this.take(chunk);
  /** Complete lines not handled yet; `null` marks a line that was over the limit. */
  private readonly queue: (string | null)[] = [];
  private awaitingInitialize = false;
  /** Set by `holdUntil` until what it waits for settles. */
  private holding = false;
  /** Methods of requests delivered and not answered yet: what shutdown waits for, and names for -32601. */
  private readonly methods = new Map<Id, string>();
  /**
   * Requests answered by shutdown, or cancelled by the client: a late answer from the SDK for them is dropped, never
   * sent (twice, or at all). The SDK answers nothing for a request it saw cancelled, so only the newest few are kept.
   */
  private readonly cancelled = new Set<Id>();
  private reading = true;
  private inputEnded = false;
  private readonly settledWaiters: (() => void)[] = [];

  /** The connection's revision, once the first message (or the server factory) decided it. */
  get connectionEra(): Era | undefined {
    return this.era === 'probe' ? undefined : this.era;
  }

  /** The SDK's server factory says which revision it built a server for (a discover probe's stays a probe). */
  pinEra(era: Era): void {
    if (era === 'modern' && this.era === 'probe') return;
    this.era = era;
    if (era === 'modern') this.protocolVersion = MODERN_PROTOCOL_VERSION;
  }

  constructor(
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
    private readonly limit = STDIO_FRAME_LIMIT,
  ) {}

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('error', (error: Error) => this.onerror?.(error));
    this.input.once('end', () => {
      // A last line without its newline is still a message.
      if (this.buffered > 0 || this.discarding) this.finishLine();
      this.inputEnded = true;
      this.settle();
    });
  }

  /**
   * Until `ready` settles, only the opening messages (initialize, notifications/initialized, server/discover, ping),
   * which the SDK answers from the server's capabilities alone, are handed over, and lines the guards answer
   * themselves are answered; from the first other line on, every line waits, in order, and is handled then. For a server that answers the opening request before its handlers are loaded.
   */
  holdUntil(ready: Promise<unknown>): void {
    this.holding = true;
    const release = () => {
      this.holding = false;
      this.pump();
    };
    ready.then(release, release);
  }

  /** Reads nothing more (lines already read are still handled); for SIGTERM and SIGINT. */
  stopReading(): void {
    this.reading = false;
    this.input.off('data', this.onData);
    this.input.pause();
    this.settle();
  }

  /** Requests read but not answered yet, queued lines included. */
  get pending(): number {
    return this.methods.size + this.queue.filter((line) => line !== null && line.trim() !== '').length;
  }

  /**
   * Stops reading, then waits until every request already read has been answered. What is still running after
   * `graceMs` is answered with a shutdown error (its handler is cancelled by the caller). Returns those ids.
   */
  async drain(graceMs: number): Promise<Id[]> {
    this.stopReading();
    const settled = await new Promise<boolean>((resolve) => {
      if (this.idle()) return resolve(true);
      const timer = setTimeout(() => resolve(false), graceMs);
      this.settledWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    if (settled) return [];
    const late = [...this.methods.keys()];
    for (const id of late) {
      this.methods.delete(id);
      this.dropAnswerOf(id);
      await this.write(shutdownFrame(id, this.era === 'modern' ? 'modern' : 'legacy'));
    }
    return late;
  }

  private idle(): boolean {
    return (!this.reading || this.inputEnded) && this.queue.length === 0 && !this.awaitingInitialize && this.methods.size === 0 && this.batches.length === 0;
  }

  private settle(): void {
    if (this.idle()) for (const wake of this.settledWaiters.splice(0)) wake();
  }

  async close(): Promise<void> {
    this.listens.endAll();
    this.input.off('data', this.onData);
    this.input.pause();
    this.onclose?.();
  }

  async send(outgoing: JSONRPCMessage): Promise<void> {
    const answered = (outgoing as { id?: Id }).id;
    if (answered !== undefined && this.cancelled.delete(answered)) return;
    try {
      await this.deliverAnswer(outgoing);
    } finally {
      this.settle();
    }
  }

  private async deliverAnswer(outgoing: JSONRPCMessage): Promise<void> {
    this.listens.outbound(outgoing as never);
    const message = this.explain(outgoing);
    const frame = message as { id?: Id; result?: { protocolVersion?: string } };
    if (frame.id !== undefined && frame.id === this.initializeId && this.awaitingInitialize) {
      if (frame.result) {
        this.initialized = true;
        this.protocolVersion = frame.result.protocolVersion;
      }
      this.awaitingInitialize = false;
      setImmediate(() => this.pump());
    }
    const isAnswer = 'result' in frame || 'error' in frame;
    const batch = frame.id !== undefined && isAnswer ? this.batches.find((b) => b.waiting.has(frame.id!)) : undefined;
    if (batch) {
      this.awaitOneLess(batch, frame.id!);
      batch.answers.push(message);
      return this.closeBatchIfDone(batch);
    }
    return this.write(message);
  }

  private awaitOneLess(batch: { waiting: Map<Id, number> }, id: Id): void {
    const left = (batch.waiting.get(id) ?? 1) - 1;
    if (left > 0) batch.waiting.set(id, left);
    else batch.waiting.delete(id);
  }

  private async closeBatchIfDone(batch: { waiting: Map<Id, number>; answers: unknown[]; delivering?: boolean }): Promise<void> {
    if (batch.delivering || batch.waiting.size > 0 || !this.batches.includes(batch)) return;
    this.batches.splice(this.batches.indexOf(batch), 1);
    if (batch.answers.length) await this.write(batch.answers);
  }

  /**
   * The SDK answers an unknown method with a bare -32601; add the spec's data naming the method. Our own errors go
   * out with the code the contract gives their revision: SDK v2 rewrites a thrown -32002 to -32602 on both eras
   * (resource not found moved there), which would turn 2025-era FORBIDDEN into invalid params.
   */
  private explain(message: JSONRPCMessage): JSONRPCMessage {
    const frame = message as { id?: Id; error?: { code: number; message: string; data?: { mcp_error_code?: McpErrorCode } } };
    const method = frame.id !== undefined ? this.methods.get(frame.id) : undefined;
    if (frame.id !== undefined && ('result' in frame || 'error' in frame)) this.methods.delete(frame.id);
    if (frame.error?.data?.mcp_error_code && (this.era === 'legacy' || this.era === 'modern')) {
      const fixed = withEraCode(message, this.era);
      if (fixed !== message) return fixed;
    }
    if (!frame.error || frame.error.code !== -32601 || frame.error.data !== undefined || !method) return message;
    const shown = truncate(method, 100);
    const payload = protocolError('METHOD_NOT_FOUND', `unknown method '${shown}'`, { method: shown }, 'Use a method the server announced in its capabilities.');
    return { ...frame, error: { code: payload.code, message: payload.message, data: payload.data } } as JSONRPCMessage;
  }

  private write(value: unknown): Promise<void> {
    return new Promise((resolve) => {
      if (this.output.write(`${JSON.stringify(value)}\n`)) resolve();
      else this.output.once('drain', resolve);
      const first = this.onFirstAnswer;
      this.onFirstAnswer = undefined;
      first?.();
    });
  }

  /** Splits stdin into lines without ever holding more than the limit of one line. */
  private take(chunk: Buffer): void {
    let start = 0;
    for (let nl = chunk.indexOf(0x0a); nl !== -1; nl = chunk.indexOf(0x0a, start)) {
      this.append(chunk.subarray(start, nl));
      this.finishLine();
      start = nl + 1;
    }
    this.append(chunk.subarray(start));
  }

  private append(part: Buffer): void {
    if (this.discarding || part.length === 0) return;
    if (this.buffered + part.length > this.limit) {
      this.discarding = true;
      this.chunks = [];
      this.buffered = 0;
      return;
    }
    this.chunks.push(part);
    this.buffered += part.length;
  }

  private finishLine(): void {
    if (this.discarding) {
      this.discarding = false;
      this.queue.push(null);
    } else {
      this.queue.push(Buffer.concat(this.chunks).toString('utf8').replace(/\r$/, ''));
    }
    this.chunks = [];
    this.buffered = 0;
    this.pump();
  }

  /**
   * Handles queued lines in order. After an initialize it waits for the answer, as a client must: what
   * follows is judged against the negotiated session (initialized, protocol version for batches).
   */
  private pump(): void {
    while (this.queue.length > 0 && !this.awaitingInitialize) {
      if (this.holding && this.waitsForHandlers(this.queue[0])) {
        const held = this.onHeld;
        this.onHeld = undefined;
        held?.();
        break;
      }
      const line = this.queue.shift()!;
      if (line === null) void this.write(tooLargeFrame(this.limit));
      else this.handleLine(line);
    }
    this.settle();
  }

  /**
   * While held: whether a line needs the server's handlers. The opening messages do not (the SDK answers them from
   * the capabilities), nor does what the guards refuse themselves (bad JSON, bad shapes, over-long lines) or a
   * client's response; a batch may hold requests, so it waits.
   */
  private waitsForHandlers(line: string | null): boolean {
    if (line === null) return false;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return false;
    }
    if (Array.isArray(value)) return true;
    const verdict = checkMessage(value, this.stateFor(value));
    if (!verdict.ok) return false;
    const method = (verdict.message as { method?: unknown }).method;
    return typeof method === 'string' && !OPENING.has(method);
  }

  private handleLine(line: string): void {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      void this.write(parseErrorFrame(`the line is not valid JSON (${(error as Error).message.slice(0, 80)})`));
      return;
    }
    if (Array.isArray(value)) return this.batch(value);
    this.deliver(value, false);
  }

  private batch(values: unknown[]): void {
    if (values.length === 0) return void this.write(emptyBatchFrame());
    if (!batchesAllowed(this.protocolVersion)) return void this.write(batchRefusedFrame(this.protocolVersion));
    // Open while its members are handed over: the SDK answers some (an unknown method) before deliver returns, and
    // the array must not go out before the refusals of the members after it are in.
    const batch = { waiting: new Map<Id, number>(), answers: [] as unknown[], delivering: true };
    this.batches.push(batch);
    // Every member that is a request (valid or not) is awaited once per occurrence of its id, so the array goes out
    // when the last answer is in, duplicates included.
    const requests = values.map((value) => checkMessage(value, this.stateFor(value)));
    for (const verdict of requests) {
      const message = verdict.ok ? (verdict.message as { id?: Id; method?: unknown }) : undefined;
      if (message?.id !== undefined && typeof message.method === 'string') batch.waiting.set(message.id, (batch.waiting.get(message.id) ?? 0) + 1);
    }
    for (const value of values) {
      const reply = this.deliver(value);
      if (reply) batch.answers.push(reply);
    }
    batch.delivering = false;
    void this.closeBatchIfDone(batch);
  }

  /** Passes a valid message to the SDK; returns the error frame of a bad one (written at once outside a batch). */
  private deliver(value: unknown, inBatch = true): ErrorFrame | undefined {
    const verdict = checkMessage(value, this.stateFor(value));
    if (!verdict.ok) {
      if (verdict.reply && !inBatch) void this.write(verdict.reply);
      return verdict.reply;
    }
    const message = verdict.message as { id?: Id; method?: string; params?: unknown };
    const claimed = this.era === 'modern' && message.method ? claimedVersion(message.params) : undefined;
    if (claimed !== undefined && !MODERN_VERSIONS.includes(claimed)) {
      // A notification is never answered: it is dropped, as the SDK drops one it cannot serve.
      const reply = message.id === undefined ? undefined : (unsupportedRevisionFrame(message.id, claimed) as unknown as ErrorFrame);
      if (reply && !inBatch) void this.write(reply);
      return reply;
    }
    this.learnEra(message);
    if (message.method === 'notifications/cancelled' && message.id === undefined) this.clientCancelled(message.params);
    if (message.method === 'initialize' && message.id !== undefined && this.era !== 'modern') {
      this.initializeId = message.id;
      this.awaitingInitialize = true;
    }
    // An open listen is answered only when it ends: shutdown must not wait for it (the SDK ends it on close).
    if (message.method && message.id !== undefined && message.method !== 'subscriptions/listen') {
      this.methods.set(message.id, message.method);
      // An id used again (clients must not, but some do) is answered again.
      this.cancelled.delete(message.id);
    }
    this.listens.inbound(message as never);
    this.onmessage?.(verdict.message);
    return undefined;
  }

  /**
   * The client cancelled a request it sent (both revisions): the SDK aborts its handler and answers nothing, so the
   * request no longer counts as awaiting an answer (shutdown does not wait for it, nor answer it), and an answer
   * already on its way is dropped. An unknown or answered id, and initialize (which may not be cancelled), change
   * nothing.
   */
  private clientCancelled(params: unknown): void {
    const id = (params as { requestId?: unknown } | undefined)?.requestId;
    if ((typeof id !== 'string' && typeof id !== 'number') || !this.methods.has(id) || this.methods.get(id) === 'initialize') return;
    this.methods.delete(id);
    this.dropAnswerOf(id);
    const batch = this.batches.find((b) => b.waiting.has(id));
    if (batch) {
      this.awaitOneLess(batch, id);
      void this.closeBatchIfDone(batch);
    }
    this.settle();
  }

  /** Remembers that `id` is answered by no one else (bounded: ids are not reused, so only a late answer needs it). */
  private dropAnswerOf(id: Id): void {
    this.cancelled.delete(id);
    this.cancelled.add(id);
    if (this.cancelled.size > CANCELLED_REMEMBERED) this.cancelled.delete(this.cancelled.values().next().value as Id);
  }

  /** Whether the 2025-era initialization rules apply to this message: not on a modern connection or opening. */
  private stateFor(value: unknown): { initialized: boolean; modern: boolean } {
    const params = (value as { params?: unknown } | null)?.params;
    const modern = this.era === 'modern' || (this.era !== 'legacy' && claimsModern(params));
    return { initialized: this.initialized, modern };
  }

  /** The first message decides the revision, as serveStdio decides it; the factory confirms it (pinEra). */
  private learnEra(message: { id?: Id; method?: string; params?: unknown }): void {
    if (message.id === undefined || this.era === 'legacy' || this.era === 'modern') return;
    if (message.method === 'initialize' && !claimsModern(message.params)) this.era = 'legacy';
    // A claim of a revision this server does not serve pins nothing: the SDK refuses it and the opening is still to come.
    else if (MODERN_VERSIONS.includes(claimedVersion(message.params) ?? '')) {
      // Batches are judged by this until an initialize fallback negotiates a 2025 revision.
      this.protocolVersion = MODERN_PROTOCOL_VERSION;
      this.era = message.method === 'server/discover' ? 'probe' : 'modern';
    }
  }
}

const OPENING = new Set(['initialize', 'notifications/initialized', 'server/discover', 'ping']);
