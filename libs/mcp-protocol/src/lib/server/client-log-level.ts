import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { LoggingLevelSchema, SetLevelRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';

type Level = z.infer<typeof LoggingLevelSchema>;
const SEVERITY: readonly Level[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/**
 * `notifications/message` only to a client that asked for them with logging/setLevel, and only at or above its
 * level. (The SDK's own handler sends every message to a client that never set a level.)
 */
export class ClientLogLevel {
  private readonly levels = new Map<string, Level>();

  constructor(private readonly server: Server) {
    server.setRequestHandler(SetLevelRequestSchema, async (request, extra) => {
      this.levels.set(extra.sessionId ?? '', request.params.level);
      return {};
    });
  }

  send(level: Level, data: unknown, sessionId?: string): void {
    const wanted = this.levels.get(sessionId ?? '');
    if (!wanted || SEVERITY.indexOf(level) < SEVERITY.indexOf(wanted)) return;
    void this.server.notification({ method: 'notifications/message', params: { level, logger: 'routeros-mcp', data } }).catch(() => undefined);
  }
}
