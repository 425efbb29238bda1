import { ApiTokenService } from '@routeros-mcp/adapters-auth';
import { AuditChainVerifier, Authenticator } from '@routeros-mcp/application-ports';
import { ConsoleLogins, DatabaseAdmin } from '@routeros-mcp/application-use-cases';
import type { Config } from '@routeros-mcp/config';
import { StoreUnavailableError } from '@routeros-mcp/domain-kernel';
import { ServerServices } from './app-services';
import { AuditChainWatch } from './audit-chain-watch';
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
    /** The audit chain, walked in the background: readiness reports it without failing on it (see AuditChainWatch). */
    private readonly auditChain: AuditChainWatch,
  ) {}

  /**
   * Ready when the database answers and every migration is applied (keys were checked when the services were built).
   * `audit_chain` is the last background walk's answer, and never makes the server unready.
   */
  async readiness(): Promise<{ ready: boolean; checks: Record<string, string> }> {
    const audit_chain = this.auditChain.current;
    try {
      const pending = (await this.database.status()).filter((m) => !m.applied).map((m) => m.name);
      return pending.length ? { ready: false, checks: { database: 'ok', migrations: `pending: ${pending.join(', ')}`, keys: 'ok', audit_chain } } : { ready: true, checks: { database: 'ok', migrations: 'ok', keys: 'ok', audit_chain } };
    } catch (error) {
      // The store's kind and code only (a probe's answer is public): never the driver's text.
      const reason = error instanceof StoreUnavailableError ? error.message : 'the database check failed (see the log)';
      if (!(error instanceof StoreUnavailableError)) this.server.logger.warn('readiness: database check failed', { error: (error as Error).message });
      return { ready: false, checks: { database: `unavailable: ${reason}`, migrations: 'unknown', keys: 'ok', audit_chain } };
    }
  }

  async close(): Promise<void> {
    await this.auditChain.stop();
    await this.server.close();
  }
}

/** Builds the services (database open and migrated) for routeros-mcp-http. */
export async function buildHttpServices(config: Config, options: BuildOptions = {}): Promise<HttpServices> {
  // One replica at a time looks for changes a dead replica left unfinished, every lock lease.
  const container = await buildContainer(config, { changeRecovery: 'periodic', ...options });
  const server = container.get(ServerServices);
  const watch = new AuditChainWatch(container.get<AuditChainVerifier>(AuditChainVerifier), server.logger);
  watch.start((config.auditVerifyIntervalS ?? 60) * 1000);
  return new HttpServices(server, container.get(DatabaseAdmin), container.get<Authenticator>(Authenticator), container.get(ConsoleLogins), container.get(ApiTokenService), watch);
}
