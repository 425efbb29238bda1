import { ApiTokenService } from '@routeros-mcp/adapters-auth';
import { Authenticator } from '@routeros-mcp/application-ports';
import { ConsoleLogins, DatabaseAdmin } from '@routeros-mcp/application-use-cases';
import type { Config } from '@routeros-mcp/config';
import { ServerServices } from './app-services';
import { buildContainer, type BuildOptions } from './lazy-services';

/** What the HTTP server works with: the MCP services, the readiness probes and the bearer-token check. */
export class HttpServices {
  constructor(
    readonly server: ServerServices,
    private readonly database: DatabaseAdmin,
    readonly authenticator: Authenticator,
    /** The operator console's login links and sessions (database-backed, shared by every replica). */
    readonly consoleLogins: ConsoleLogins,
    /** API tokens, for the console's tokens page (admins). */
    readonly tokens: ApiTokenService,
  ) {}

  /** Ready when the database answers and every migration is applied (keys were checked when the services were built). */
  async readiness(): Promise<{ ready: boolean; checks: Record<string, string> }> {
    try {
      const pending = (await this.database.status()).filter((m) => !m.applied).map((m) => m.name);
      return pending.length ? { ready: false, checks: { database: 'ok', migrations: `pending: ${pending.join(', ')}`, keys: 'ok' } } : { ready: true, checks: { database: 'ok', migrations: 'ok', keys: 'ok' } };
    } catch (error) {
      return { ready: false, checks: { database: `unavailable: ${(error as Error).message.split('\n')[0]}`, migrations: 'unknown', keys: 'ok' } };
    }
  }

  close(): Promise<void> {
    return this.server.close();
  }
}

/** Builds the services (database open and migrated) for routeros-mcp-http. */
export async function buildHttpServices(config: Config, options: BuildOptions = {}): Promise<HttpServices> {
  // One replica at a time looks for changes a dead replica left unfinished, every lock lease.
  const container = await buildContainer(config, { changeRecovery: 'periodic', ...options });
  return new HttpServices(container.get(ServerServices), container.get(DatabaseAdmin), container.get<Authenticator>(Authenticator), container.get(ConsoleLogins), container.get(ApiTokenService));
}
