import { CLIENT_INFO_META_KEY, type Server, type ServerContext } from '@modelcontextprotocol/server';
import type { Era } from '../errors/error-contract';
import type { ClientLogLevel, LogLevel } from './client-log-level';

/** Who sent a request and how to answer beside it, whatever the revision of the connection. */
export interface Caller {
  era: Era;
  /** The client's name and version: from the request's envelope (modern) or from `initialize` (legacy). */
  client?: { name: string; version: string };
  signal: AbortSignal;
  /** A notification tied to this request (progress); on stdio it goes to the same pipe. */
  notify(notification: { method: 'notifications/progress'; params: Record<string, unknown> }): Promise<void>;
  /** A log message for a client that asked for it: the envelope's logLevel (modern), logging/setLevel (legacy). */
  log(level: LogLevel, data: unknown): void;
}

export function callerOf(server: Server, era: Era, ctx: ServerContext, logLevel: ClientLogLevel): Caller {
  const envelope = (ctx.mcpReq as { envelope?: Record<string, unknown> }).envelope;
  const info = era === 'modern' ? (envelope?.[CLIENT_INFO_META_KEY] as { name?: unknown; version?: unknown } | undefined) : server.getClientVersion();
  const client = typeof info?.name === 'string' && typeof info.version === 'string' ? { name: info.name, version: info.version } : undefined;
  return {
    era,
    client,
    signal: ctx.mcpReq.signal,
    notify: (notification) => ctx.mcpReq.notify(notification as never),
    log: (level, data) => {
      if (era === 'modern') void ctx.mcpReq.log(level, data, 'routeros-mcp').catch(() => undefined);
      // Tied to the request, so a stateless HTTP exchange carries it on the request's own stream.
      else logLevel.send(level, data, (notification) => ctx.mcpReq.notify(notification));
    },
  };
}
