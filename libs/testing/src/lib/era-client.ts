/* eslint-disable @typescript-eslint/no-explicit-any -- one API over two SDK generations whose types differ; specs assert on the shapes */
import { Client as ModernClient } from '@modelcontextprotocol/client';
import { StdioClientTransport as ModernStdio } from '@modelcontextprotocol/client/stdio';
import { StreamableHTTPClientTransport as ModernHttp } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport as LegacyHttp } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as LegacyStdio } from '@modelcontextprotocol/sdk/client/stdio.js';
import { LoggingMessageNotificationSchema, ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';

export type Era = 'legacy' | 'modern';

/** The same scenarios on both revisions: the SDK v1 client (2025-11-25) and the SDK v2 client pinned to 2026-07-28. */
export const ERAS: [string, Era][] = [
  ['2025-11-25 (SDK v1 client)', 'legacy'],
  ['2026-07-28 (SDK v2 client)', 'modern'],
];

/**
 * A failed call in either shape: a JSON-RPC error (code set: a protocol failure, or any failure with
 * ROUTEROS_MCP_TOOL_ERRORS=jsonrpc on 2025-era connections) or an isError result (code undefined, `text` its content).
 */
export interface Failure {
  code?: number;
  /** Without the "MCP error <code>: " prefix the SDK clients add. */
  message: string;
  data: any;
  text?: string;
}

/** Request options both SDK clients take: progress (which sends a progress token) and the answer's timeout. */
export interface CallOptions {
  onprogress?: (progress: any) => void;
  timeout?: number;
  resetTimeoutOnProgress?: boolean;
}

const LOG_LEVEL_META_KEY = 'io.modelcontextprotocol/logLevel';
const strip = (message: string) => message.replace(/^MCP error -?\d+: /, '');

/** One client API over both SDKs, for scenarios written once. */
export class EraClient {
  constructor(
    readonly era: Era,
    readonly raw: any,
    private readonly negotiated?: () => string | undefined,
  ) {}

  /** The revision this connection negotiated (initialize's answer, or the pinned modern one). */
  get protocolVersion(): string | undefined {
    return this.era === 'modern' ? this.raw.getNegotiatedProtocolVersion() : this.negotiated?.();
  }

  /** A tool call; `logLevel` asks for log messages (logging/setLevel on 2025-era, the envelope on modern). */
  callTool(name: string, args: Record<string, unknown> = {}, options: CallOptions = {}): Promise<any> {
    if (this.era === 'modern') return this.raw.callTool({ name, arguments: args, ...(this.logLevel ? { _meta: { [LOG_LEVEL_META_KEY]: this.logLevel } } : {}) }, options);
    return this.raw.callTool({ name, arguments: args }, undefined, options);
  }

  /**
   * Runs `work` and answers every frame the transport read meanwhile, in arrival order. The SDK clients dispatch a
   * notification a microtask later than an answer, and drop progress read together with its answer
   * (typescript-sdk#2580), so their callbacks cannot show what the server sent, nor in which order.
   */
  async watchingFrames<T>(work: () => Promise<T>): Promise<{ result: T; frames: any[] }> {
    const transport = this.transport;
    const deliver = transport.onmessage;
    const frames: any[] = [];
    transport.onmessage = (message: any, extra: any) => {
      frames.push(message);
      deliver(message, extra);
    };
    try {
      return { result: await work(), frames };
    } finally {
      transport.onmessage = deliver;
    }
  }

  /**
   * A tool call expected to succeed: its result, or its isError result thrown as an error whose `data` is the
   * taxonomy, as a JSON-RPC failure is thrown (so one catch reads a failure of either shape).
   */
  async succeeded(name: string, args: Record<string, unknown> = {}): Promise<any> {
    const result = await this.callTool(name, args);
    if (result?.isError) throw Object.assign(new Error(result.structuredContent.error.message), { data: result.structuredContent.error });
    return result;
  }

  /** A tool call that must fail: the thrown error, or the isError result (both revisions). */
  async failure(name: string, args: Record<string, unknown> = {}): Promise<Failure> {
    return this.failed(this.callTool(name, args));
  }

  async failed(promise: Promise<any>): Promise<Failure> {
    let result: any;
    try {
      result = await promise;
    } catch (error) {
      const e = error as { code: number; message: string; data: any };
      return { code: e.code, message: strip(e.message), data: e.data };
    }
    if (result?.isError) return { code: undefined, message: result.structuredContent.error.message, data: result.structuredContent.error, text: result.content[0].text };
    throw new Error(`expected a failure, got ${JSON.stringify(result).slice(0, 500)}`);
  }

  private logLevel?: string;
  async askForLogs(level: 'warning', onMessage: (params: any) => void): Promise<void> {
    if (this.era === 'modern') {
      this.logLevel = level;
      this.raw.setNotificationHandler('notifications/message', (n: any) => void onMessage(n.params));
      return;
    }
    this.raw.setNotificationHandler(LoggingMessageNotificationSchema, (n: any) => void onMessage(n.params));
    await this.raw.setLoggingLevel(level);
  }

  /** Watches a resource: resources/subscribe (2025-era) or subscriptions/listen (modern). Resolves with the way to stop. */
  async watch(uri: string, onUpdate: (params: any) => void): Promise<() => Promise<void>> {
    if (this.era === 'modern') {
      this.raw.setNotificationHandler('notifications/resources/updated', (n: any) => void onUpdate(n.params));
      const subscription = await this.raw.listen({ resourceSubscriptions: [uri] });
      return () => subscription.close();
    }
    this.raw.setNotificationHandler(ResourceUpdatedNotificationSchema, (n: any) => void onUpdate(n.params));
    await this.raw.subscribeResource({ uri });
    return () => this.raw.unsubscribeResource({ uri });
  }

  /** The server still answers (ping is gone from 2026-07-28). */
  async alive(): Promise<boolean> {
    if (this.era === 'legacy') return (await this.raw.ping()) !== undefined;
    return (await this.raw.listPrompts()).prompts.length > 0;
  }

  listTools(): Promise<{ tools: any[] }> {
    return this.raw.listTools();
  }
  listResources(): Promise<{ resources: any[] }> {
    return this.raw.listResources();
  }
  listResourceTemplates(): Promise<{ resourceTemplates: any[] }> {
    return this.raw.listResourceTemplates();
  }
  readResource(uri: string): Promise<any> {
    return this.raw.readResource({ uri });
  }
  complete(params: unknown): Promise<any> {
    return this.raw.complete(params);
  }
  listPrompts(): Promise<{ prompts: any[] }> {
    return this.raw.listPrompts();
  }
  getPrompt(params: unknown): Promise<any> {
    return this.raw.getPrompt(params);
  }
  getServerVersion(): { name: string; version: string } | undefined {
    return this.raw.getServerVersion();
  }
  getInstructions(): string | undefined {
    return this.raw.getInstructions();
  }
  get transport(): any {
    return this.raw.transport;
  }
  close(): Promise<void> {
    return this.raw.close();
  }
}

/** Starts `command args` as a stdio server and connects the client of `era` to it as `e2e 1.0.0`. */
export async function connectEra(era: Era, server: { command: string; args: string[]; env: Record<string, string> }): Promise<EraClient> {
  if (era === 'modern') {
    const client = new ModernClient({ name: 'e2e', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(new ModernStdio({ ...server, stderr: 'pipe' }));
    return new EraClient(era, client);
  }
  const client = new LegacyClient({ name: 'e2e', version: '1.0.0' });
  const transport = new LegacyStdio({ ...server, stderr: 'pipe' });
  // The v1 client tells its transport the version initialize negotiated, when the transport listens.
  let negotiated: string | undefined;
  Object.assign(transport, { setProtocolVersion: (version: string) => (negotiated = version) });
  await client.connect(transport);
  return new EraClient(era, client, () => negotiated);
}

/** How an HTTP client proves who it is: a fixed bearer token, or an SDK OAuth provider (v2: modern only). */
export interface HttpAuth {
  token?: string;
  /** An SDK v2 `AuthProvider`/`OAuthClientProvider` (e.g. ClientCredentialsProvider), for the modern client. */
  authProvider?: unknown;
  /** An SDK v1 `OAuthClientProvider`, for the 2025-era client. */
  legacyAuthProvider?: unknown;
  /** Another fetch (e.g. one spreading requests over replicas). */
  fetch?: typeof fetch;
}

/** Connects the client of `era` to an HTTP endpoint as `e2e 1.0.0` (stateless on both revisions). */
export async function connectHttp(era: Era, url: string, auth: HttpAuth = {}, name = 'e2e'): Promise<EraClient> {
  const requestInit = auth.token ? { headers: { authorization: `Bearer ${auth.token}` } } : undefined;
  if (era === 'modern') {
    const client = new ModernClient({ name, version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(new ModernHttp(new URL(url), { requestInit, ...(auth.fetch ? { fetch: auth.fetch } : {}), ...(auth.authProvider ? { authProvider: auth.authProvider as never } : {}) }));
    return new EraClient(era, client);
  }
  const client = new LegacyClient({ name, version: '1.0.0' });
  const transport = new LegacyHttp(new URL(url), { requestInit, ...(auth.fetch ? { fetch: auth.fetch } : {}), ...(auth.legacyAuthProvider ? { authProvider: auth.legacyAuthProvider as never } : {}) });
  let negotiated: string | undefined;
  const setVersion = transport.setProtocolVersion.bind(transport);
  Object.assign(transport, { setProtocolVersion: (version: string) => ((negotiated = version), setVersion(version)) });
  await client.connect(transport);
  return new EraClient(era, client, () => negotiated);
}
