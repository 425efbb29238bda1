import { ApiTokenRepository, AuditLog, ConsoleSessionStore, ChangeLock, ChangeRepository, CredentialRepository, DeviceRepository, PlanRepository, SchemaMigrator, SealedValueStore, SnapshotRepository } from '@routeros-mcp/application-ports';
import { ContainerModule } from '@routeros-mcp/inversify';
import { Database } from './database';
import { RegistryReadCache } from './registry-read-cache';
import { TypeOrmApiTokenRepository } from './repositories/typeorm-api-token.repository';
import { TypeOrmAuditLog } from './repositories/typeorm-audit.log';
import { SqlChangeLock } from './repositories/sql-change.lock';
import { TypeOrmChangeRepository } from './repositories/typeorm-change.repository';
import { TypeOrmCredentialRepository } from './repositories/typeorm-credential.repository';
import { TypeOrmDeviceRepository } from './repositories/typeorm-device.repository';
import { TypeOrmSchemaMigrator } from './typeorm-schema.migrator';
import { TypeOrmSnapshotRepository } from './repositories/typeorm-snapshot.repository';
import { TypeOrmPlanRepository } from './repositories/typeorm-plan.repository';
import { TypeOrmSealedValueStore } from './repositories/typeorm-sealed-value.store';
import { SqlConsoleSessionStore } from './repositories/sql-console-session.store';
import { storeBoundary } from './store-errors/store-boundary';

/**
 * Binds the persistence ports to TypeORM implementations over an already opened database, each behind the store
 * boundary: a store outage leaves them as StoreUnavailableError, never as the driver's error.
 */
export function persistenceModule(db: Database): ContainerModule {
  // One cache for both repositories: a write through either invalidates what both hold.
  const cache = new RegistryReadCache(db);
  return new ContainerModule(({ bind }) => {
    bind<DeviceRepository>(DeviceRepository).toConstantValue(storeBoundary(new TypeOrmDeviceRepository(db, cache)));
    bind<CredentialRepository>(CredentialRepository).toConstantValue(storeBoundary(new TypeOrmCredentialRepository(db, cache)));
    bind<AuditLog>(AuditLog).toConstantValue(storeBoundary(new TypeOrmAuditLog(db)));
    bind<ChangeRepository>(ChangeRepository).toConstantValue(storeBoundary(new TypeOrmChangeRepository(db)));
    bind<ChangeLock>(ChangeLock).toConstantValue(storeBoundary(new SqlChangeLock(db)));
    bind<SchemaMigrator>(SchemaMigrator).toConstantValue(storeBoundary(new TypeOrmSchemaMigrator(db)));
    bind<SnapshotRepository>(SnapshotRepository).toConstantValue(storeBoundary(new TypeOrmSnapshotRepository(db)));
    bind<ApiTokenRepository>(ApiTokenRepository).toConstantValue(storeBoundary(new TypeOrmApiTokenRepository(db)));
    bind<PlanRepository>(PlanRepository).toConstantValue(storeBoundary(new TypeOrmPlanRepository(db)));
    bind<SealedValueStore>(SealedValueStore).toConstantValue(storeBoundary(new TypeOrmSealedValueStore(db, cache)));
    bind<ConsoleSessionStore>(ConsoleSessionStore).toConstantValue(storeBoundary(new SqlConsoleSessionStore(db)));
  });
}
