import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { Readable, Writable } from 'node:stream';
import { protocolError } from '../errors/map-domain-error';
import { batchesAllowed, batchRefusedFrame, checkMessage, ErrorFrame, parseErrorFrame, tooLargeFrame } from './frame-guard';

/** stdio frames above this are refused (spec 002) and the server keeps serving. */
export const STDIO_FRAME_LIMIT = 10 * 1024 * 1024;

type Id = string | number;

/**
 * Newline-delimited JSON-RPC over stdin/stdout with the guards of spec 002 in front of the SDK: malformed
 * JSON, bad shapes, requests before initialize, a second initialize, oversized frames and batches each get
 * their error frame, and the session goes on. stdout carries protocol frames only.
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
  private initializeId?: Id;
  /** Open batches: the ids still awaited, and the answers collected so far. */
  private readonly batches: { waiting: Set<Id>; answers: unknown[] }[] = [];
  private readonly onData = (chunk: Buffer) => this.take(chunk);
  /** Complete lines not handled yet; `null` marks a line that was over the limit. */
  private readonly queue: (string | null)[] = [];
  private awaitingInitialize = false;
  /** Methods of requests in flight, to name them in a method-not-found answer. */
  private readonly methods = new Map<Id, string>();

  constructor(
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
    private readonly limit = STDIO_FRAME_LIMIT,
  ) {}

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('error', (error: Error) => this.onerror?.(error));
  }

  async close(): Promise<void> {
    this.input.off('data', this.onData);
    this.input.pause();
    this.onclose?.();
  }

  async send(outgoing: JSONRPCMessage): Promise<void> {
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
    const batch = frame.id !== undefined ? this.batches.find((b) => b.waiting.has(frame.id!)) : undefined;
    if (batch) {
      batch.waiting.delete(frame.id!);
      batch.answers.push(message);
      if (batch.waiting.size === 0) {
        this.batches.splice(this.batches.indexOf(batch), 1);
        return this.write(batch.answers);
      }
      return;
    }
    return this.write(message);
  }

  /** The SDK answers an unknown method with a bare -32601; add the spec's data naming the method. */
  private explain(message: JSONRPCMessage): JSONRPCMessage {
    const frame = message as { id?: Id; error?: { code: number; data?: unknown } };
    const method = frame.id !== undefined ? this.methods.get(frame.id) : undefined;
    if (frame.id !== undefined && ('result' in frame || 'error' in frame)) this.methods.delete(frame.id);
    if (!frame.error || frame.error.code !== -32601 || frame.error.data !== undefined || !method) return message;
    const payload = protocolError('METHOD_NOT_FOUND', `unknown method '${method}'`, { method }, 'Use a method the server announced in its capabilities.');
    return { ...frame, error: { code: payload.code, message: payload.message, data: payload.data } } as JSONRPCMessage;
  }

  private write(value: unknown): Promise<void> {
    return new Promise((resolve) => {
      if (this.output.write(`${JSON.stringify(value)}\n`)) resolve();
      else this.output.once('drain', resolve);
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
      const line = this.queue.shift()!;
      if (line === null) void this.write(tooLargeFrame(this.limit));
      else this.handleLine(line);
    }
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
    this.deliver(value);
  }

  private batch(values: unknown[]): void {
    if (!batchesAllowed(this.protocolVersion) || values.length === 0) {
      void this.write(values.length === 0 ? parseErrorFrame('an empty batch is not a request') : batchRefusedFrame(this.protocolVersion));
      return;
    }
    const ids = values.map((v) => (v as { id?: unknown; method?: unknown }))
      .filter((v) => v && typeof v === 'object' && typeof v.method === 'string' && (typeof v.id === 'string' || typeof v.id === 'number'))
      .map((v) => v.id as Id);
    const batch = { waiting: new Set<Id>(ids), answers: [] as unknown[] };
    this.batches.push(batch);
    for (const value of values) {
      const reply = this.deliver(value, true);
      if (!reply) continue;
      if (reply.id !== null) batch.waiting.delete(reply.id);
      batch.answers.push(reply);
    }
    if (batch.waiting.size === 0) {
      this.batches.splice(this.batches.indexOf(batch), 1);
      if (batch.answers.length) void this.write(batch.answers);
    }
  }

  /** Passes a valid message to the SDK; answers (or returns, inside a batch) the error frame of a bad one. */
  private deliver(value: unknown, inBatch = false): ErrorFrame | undefined {
    const verdict = checkMessage(value, { initialized: this.initialized });
    if (!verdict.ok) {
      if (verdict.reply && !inBatch) void this.write(verdict.reply);
      return verdict.reply;
    }
    const message = verdict.message as { id?: Id; method?: string };
    if (message.method === 'initialize' && message.id !== undefined) {
      this.initializeId = message.id;
      this.awaitingInitialize = true;
    }
    if (message.method && message.id !== undefined) this.methods.set(message.id, message.method);
    this.onmessage?.(verdict.message);
    return undefined;
  }
}
