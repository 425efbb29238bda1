import type { MigrationState, SchemaMigrator } from '@routeros-mcp/application-ports';
import { SchemaMigrator as SchemaMigratorToken } from '@routeros-mcp/application-ports';
import { inject, injectable } from '@routeros-mcp/inversify';

@injectable()
export class DatabaseAdmin {
  constructor(@inject(SchemaMigratorToken) private readonly migrator: SchemaMigrator) {}

  migrate(): Promise<string[]> {
    return this.migrator.migrate();
  }

  status(): Promise<MigrationState[]> {
    return this.migrator.status();
  }
}
