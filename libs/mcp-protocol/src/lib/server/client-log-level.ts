import type { LoggingLevel, Server } from '@modelcontextprotocol/server';

export type LogLevel = LoggingLevel;
const SEVERITY: readonly LogLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/**
 * 2025-era connections: `notifications/message` only to a client that asked for them with logging/setLevel, and
 * only at or above its level. (Modern requests say so in their envelope; the SDK filters those.)
 */
export class ClientLogLevel {
  private wanted?: LogLevel;

  constructor(private readonly server: Server) {
    server.setRequestHandler('logging/setLevel', async (request) => {
      this.wanted = request.params.level;
      return {};
    });
  }

  send(level: LogLevel, data: unknown): void {
    if (!this.wanted || SEVERITY.indexOf(level) < SEVERITY.indexOf(this.wanted)) return;
    void this.server.notification({ method: 'notifications/message', params: { level, logger: 'routeros-mcp', data } }).catch(() => undefined);
  }
}
