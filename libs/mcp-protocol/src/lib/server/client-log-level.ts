import type { LoggingLevel, Server } from '@modelcontextprotocol/server';

export type LogLevel = LoggingLevel;
const SEVERITY: readonly LogLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/** A `notifications/message` sent beside the request it is about (over HTTP: on that request's own stream). */
export type LogNotify = (notification: { method: 'notifications/message'; params: { level: LogLevel; logger: string; data: unknown } }) => Promise<void>;

/**
 * 2025-era connections: `notifications/message` at or above the level the client asked for with logging/setLevel.
 * A session (stdio) sends nothing until it asks. A stateless HTTP exchange has no session to keep a level between
 * requests, so it starts from `initial` (the server's choice, as MCP allows before any setLevel) and a setLevel
 * applies to the rest of its own exchange. (Modern requests name their level in their envelope; the SDK filters those.)
 */
export class ClientLogLevel {
  private wanted?: LogLevel;

  constructor(server: Server, initial?: LogLevel) {
    this.wanted = initial;
    server.setRequestHandler('logging/setLevel', async (request) => {
      this.wanted = request.params.level;
      return {};
    });
  }

  send(level: LogLevel, data: unknown, notify: LogNotify): void {
    if (!this.wanted || SEVERITY.indexOf(level) < SEVERITY.indexOf(this.wanted)) return;
    void notify({ method: 'notifications/message', params: { level, logger: 'routeros-mcp', data } }).catch(() => undefined);
  }
}
