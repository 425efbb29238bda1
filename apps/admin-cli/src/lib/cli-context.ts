import type { AdminServices, Principal } from './composition';
import { composition, localPrincipalId } from './composition';
import { Command } from 'commander';
import { CliIo } from './cli-io';

export interface GlobalOptions {
  config?: string;
  dataDir?: string;
  databaseUrl?: string;
  logLevel?: string;
}

/** Shared by every command: the I/O, who is acting, and a way to open the services for one command. */
export class CliContext {
  constructor(
    readonly io: CliIo,
    readonly env: NodeJS.ProcessEnv,
  ) {}

  /** Colours on a terminal; NO_COLOR turns them off and FORCE_COLOR on, as most tools agree. */
  get color(): boolean {
    if (this.env['NO_COLOR']) return false;
    if (this.env['FORCE_COLOR'] && this.env['FORCE_COLOR'] !== '0') return true;
    return this.io.color === true;
  }

  /** The operating-system account at this CLI (`os:<user>`), as the stdio server names it too. */
  get principal(): Principal {
    return { id: localPrincipalId(), via: 'admin-cli' };
  }

  /** Opens the services (migrating on start unless told not to), runs `work`, and always closes them. */
  async withServices<T>(command: Command, work: (services: AdminServices) => Promise<T>, options: { migrate?: boolean } = {}): Promise<T> {
    const globals = command.optsWithGlobals<GlobalOptions>();
    const { AdminServices, buildContainer, readServiceConfig } = composition();
    const config = readServiceConfig({
      env: this.env,
      configFile: globals.config,
      defaults: { logLevel: 'warn' },
      flags: { dataDir: globals.dataDir, databaseUrl: globals.databaseUrl, logLevel: globals.logLevel },
    });
    const container = await buildContainer(config, { migrate: options.migrate, logMeta: { service: 'routeros-mcp-admin' } });
    const services = container.get(AdminServices);
    try {
      return await work(services);
    } finally {
      await services.close();
    }
  }
}
