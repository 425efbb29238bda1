import 'reflect-metadata';
import type { CommandTrees as CommandTreesPort, ConfigShell, DeviceRequestObserver, EventBus as EventBusPort, JobLeader as JobLeaderPort, Logger, RateLimiter as RateLimiterPort, RouterOsApi } from '@routeros-mcp/application-ports';
import { ApprovalSigner, AuditChainVerifier, Clock, CommandTrees, ConfigShell as ConfigShellToken, CredentialKeyring, DataKeys, EventBus, JobLeader, Logger as LoggerToken, PlanExecutor, RateLimiter, RouterOsApi as RouterOsApiToken, SecretCipher } from '@routeros-mcp/application-ports';
import type { ChangeHistory as ChangeHistoryPort } from '@routeros-mcp/application-use-cases';
import { AuditRecorder, ChangeHistory, ConsoleLogins, ChangeObserver, ChangeService, ChangeSettings, DatabaseAdmin, DEFAULT_CHANGE_SETTINGS, DeviceConnectivity, DeviceReader, DeviceRegistry, HealthPoller, InterruptedCallRecovery, InterruptedChangeRecovery, KeyRotationService, MenuCatalog, NeedsAttentionRecheck, PlanExecution, PlanService, PlanSettings, RolloutSettings, DEFAULT_ROLLOUT_SETTINGS, SingularJob, SnapshotChangeObserver, SnapshotOnChangeSettings, SnapshotPolicy, SnapshotScheduler, SnapshotService, useCasesModule } from '@routeros-mcp/application-use-cases';
import { FileCommandTrees } from '@routeros-mcp/adapters-command-trees';
import { ApiTokenService, authModule } from '@routeros-mcp/adapters-auth';
import { eventsModule } from '@routeros-mcp/adapters-events';
import { RestRouterOsApi } from '@routeros-mcp/adapters-routeros-rest';
import { SshConfigShell } from '@routeros-mcp/adapters-routeros-ssh';
import { createWinstonLogger, SecretRedactor } from '@routeros-mcp/adapters-logging';
import { checkpointKeyOf, Database, DatabaseTarget, FlexibleRateLimiter, persistenceModule, PgJobLeader, SqlJobLeader, storeBoundary, TypeOrmAuditChainVerifier, TypeOrmSchemaMigrator } from '@routeros-mcp/adapters-persistence';
import { AesGcmDataKeys, HmacApprovalSigner } from '@routeros-mcp/adapters-secrets';
import { Config, sqlitePath } from '@routeros-mcp/config';
import { Container, ContainerModule } from '@routeros-mcp/inversify';
import { Writable } from 'node:stream';
import { AdminServices, Lifecycle, ServerServices } from './app-services';
import { ChangeRecoveryMode, ChangeRecoveryRun, startChangeRecovery } from './change-recovery';
import { loadSecrets, Secrets } from './load-secrets';
import { SystemClock } from './system-clock';

export interface BuildOptions {
  /** Apply pending migrations while starting (default). `db status` and `db migrate` turn it off. */
  migrate?: boolean;
  /** Log destination instead of stderr (tests). */
  logStream?: Writable;
  /** Fields on every log line, e.g. `{ service: 'stdio-server' }`. */
  logMeta?: Record<string, unknown>;
  /** Keys loaded already (a server checks them at start and builds the rest later). */
  secrets?: Secrets;
  /** Told about every device request and circuit change (the HTTP server's metrics); none by default. */
  deviceRequestObserver?: DeviceRequestObserver;
  /** Changes a dead process left unfinished: looked for once at start, or periodically by one replica (HTTP; the default where plans run). */
  changeRecovery?: ChangeRecoveryMode;
  /** Run approved plans in this process (default, for the servers); false leaves them to other processes (specs of apply alone). */
  runPlans?: boolean;
}

/** How long shutdown waits for scheduled captures still running. */
const SNAPSHOT_STOP_GRACE_MS = 5_000;

function databaseTarget(config: Config): DatabaseTarget {
  return config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'sqlite', file: sqlitePath(config) };
}

/** Secrets that must never reach a log line, even inside free text. */
function registerSecrets(redactor: SecretRedactor, config: Config, keyValues: string[]): void {
  keyValues.forEach((value) => redactor.addValue(value));
  redactor.addValue(config.approvalSigningKey);
  if (config.databaseUrl) {
    const password = /^[^:]+:\/\/[^:@/]+:([^@]+)@/.exec(config.databaseUrl)?.[1];
    redactor.addValue(password && decodeURIComponent(password));
  }
}

/**
 * The one place that picks adapters. Opens the database (migrating it unless told not to), loads the keys,
 * and returns a container from which an app resolves its one entry object.
 */
export async function buildContainer(config: Config, options: BuildOptions = {}): Promise<Container> {
  const { keyring, cipher, masterKeys, approvalKey, previousApprovalKeys = [] } = options.secrets ?? loadSecrets(config);
  const redactor = new SecretRedactor();
  const logging = createWinstonLogger({ level: config.logLevel, file: config.logFile, stream: options.logStream, defaultMeta: options.logMeta }, redactor);
  const logger: Logger = logging.logger;
  registerSecrets(redactor, config, masterKeys);
  [approvalKey, ...previousApprovalKeys].forEach((key) => redactor.addValue(key.toString('base64')));
  const db = await Database.open(databaseTarget(config));
  // Audit checkpoints are signed with a sub-key of the approval key (never the key itself), every minute and at close.
  const checkpointKey = checkpointKeyOf(approvalKey);
  db.auditChain.sign(checkpointKey);
  const routerOsApi = new RestRouterOsApi(logger, { requestTimeoutMs: config.deviceRequestTimeoutMs, connectTimeoutMs: config.deviceConnectTimeoutMs, perDeviceConcurrency: config.deviceConcurrency }, options.deviceRequestObserver);
  const configShell = new SshConfigShell(logger, { connectTimeoutMs: config.deviceConnectTimeoutMs, requestTimeoutMs: config.deviceRequestTimeoutMs, exportTimeoutMs: config.deviceExportTimeoutMs }, options.deviceRequestObserver);
  // Singular jobs and events on PostgreSQL (advisory locks on one session, LISTEN on one connection): each its own
  // connection, opened on first use, so the stdio server and the admin CLI open neither unless they use them. On
  // SQLite, jobs are lease rows in the database file, shared by every process on it (a server and the admin CLI);
  // a killed process frees them after the lease its device locks have.
  const leaseMs = config.changeLockLeaseMs ?? DEFAULT_CHANGE_SETTINGS.lockLeaseMs;
  const jobs: JobLeaderPort = config.databaseUrl ? new PgJobLeader(config.databaseUrl, logger) : new SqlJobLeader(db, logger, leaseMs);
  const events = eventsModule({ postgresUrl: config.databaseUrl });
  let closed = false;
  let scheduler: SingularJob | undefined;
  let observer: SnapshotChangeObserver | undefined;
  let healthPoller: HealthPoller | undefined;
  let rollouts: PlanExecution | undefined;
  let recovery: ChangeRecoveryRun | undefined;
  // Started with the entry object an app resolves; never when migrations were not applied (`db status`, `db migrate`).
  const recover = (ctx: { get<T>(id: unknown): T }, mode: ChangeRecoveryMode) => {
    if (options.migrate === false || recovery) return;
    const intervalMs = config.changeRecoveryIntervalMs ?? leaseMs;
    recovery = startChangeRecovery(mode, ctx.get<InterruptedChangeRecovery>(InterruptedChangeRecovery), jobs, { intervalMs, environment: config.environment, graceMs: SNAPSHOT_STOP_GRACE_MS }, logger, { rechecks: ctx.get(NeedsAttentionRecheck), calls: ctx.get(InterruptedCallRecovery) });
  };
  const lifecycle: Lifecycle = {
    async close() {
      if (closed) return;
      closed = true;
      // Scheduled captures end first, within a bound: a device that never answers must not hold up shutdown.
      // Rollouts stop at a step boundary (steps in flight get DEFAULT_ROLLOUT_SETTINGS.stopGraceMs); another process resumes them.
      await Promise.all([scheduler?.stop(), observer?.stop(SNAPSHOT_STOP_GRACE_MS), healthPoller?.stop(), recovery?.stop(), rollouts?.stop()]);
      // Ending the sessions frees this replica's jobs at once for the others.
      await Promise.all([jobs.close(), events.close()]);
      await routerOsApi.close();
      await db.close();
      await logging.close();
    },
  };
  try {
    if (options.migrate !== false) {
      const applied = await storeBoundary(new TypeOrmSchemaMigrator(db)).migrate();
      if (applied.length > 0) logger.info('database migrated', { applied, engine: db.dialect });
    }
  } catch (error) {
    await lifecycle.close();
    throw error;
  }

  const container = new Container();
  container.load(
    new ContainerModule(({ bind }) => {
      bind<Logger>(LoggerToken).toConstantValue(logger);
      bind<Clock>(Clock).toConstantValue(new SystemClock());
      bind<SecretCipher>(SecretCipher).toConstantValue(cipher);
      bind<CredentialKeyring>(CredentialKeyring).toConstantValue(keyring);
      bind<DataKeys>(DataKeys).toConstantValue(new AesGcmDataKeys());
      bind<ApprovalSigner>(ApprovalSigner).toConstantValue(new HmacApprovalSigner(approvalKey));
      bind<Lifecycle>(Lifecycle).toConstantValue(lifecycle);
      bind<AuditChainVerifier>(AuditChainVerifier).toConstantValue(storeBoundary(new TypeOrmAuditChainVerifier(db, [checkpointKey, ...previousApprovalKeys.map(checkpointKeyOf)])));
      bind<RouterOsApi>(RouterOsApiToken).toConstantValue(routerOsApi);
      bind<ConfigShell>(ConfigShellToken).toConstantValue(configShell);
      // RouterOS's command trees, each read when a menu tool first needs it.
      bind<CommandTreesPort>(CommandTrees).toConstantValue(new FileCommandTrees());
      bind(AdminServices).toDynamicValue((ctx) => {
        recover(ctx, 'once');
        return new AdminServices(ctx.get(DeviceRegistry), ctx.get(DeviceConnectivity), ctx.get(KeyRotationService), ctx.get(DatabaseAdmin), logger, config, lifecycle, ctx.get(SnapshotService), ctx.get<ChangeHistoryPort>(ChangeHistory), ctx.get(ApiTokenService), ctx.get(PlanService), ctx.get(AuditRecorder), (rollouts = ctx.get(PlanExecution)), ctx.get(ConsoleLogins), ctx.get<AuditChainVerifier>(AuditChainVerifier));
      });
      bind<PlanSettings>(PlanSettings).toConstantValue({ environment: config.environment });
      bind<RolloutSettings>(RolloutSettings).toConstantValue({ ...DEFAULT_ROLLOUT_SETTINGS, environment: config.environment });
      // The plan service tells the runner of a started plan; only a server process (which starts it) runs plans.
      bind<PlanExecutor>(PlanExecutor).toService(PlanExecution);
      bind<ChangeSettings>(ChangeSettings).toConstantValue({
        ...DEFAULT_CHANGE_SETTINGS,
        ...(config.changeLockWaitMs !== undefined ? { lockWaitMs: config.changeLockWaitMs } : {}),
        ...(config.changeRevertTimerSeconds !== undefined ? { revertTimerSeconds: config.changeRevertTimerSeconds } : {}),
        ...(config.changeLockLeaseMs !== undefined ? { lockLeaseMs: config.changeLockLeaseMs } : {}),
      });
      // Config history around every change: the export before the first write, a fresh one and the notification after.
      bind<SnapshotOnChangeSettings>(SnapshotOnChangeSettings).toConstantValue({
        maxAgeMs: (config.snapshotBeforeChangeMaxAgeS ?? (config.snapshotIntervalS || 3_600)) * 1000,
        captureTimeoutMs: config.snapshotBeforeChangeTimeoutS * 1000,
      });
      bind<ChangeObserver>(ChangeObserver)
        .toDynamicValue((ctx) => (observer = ctx.get(SnapshotChangeObserver)))
        .inSingletonScope();
      bind<SnapshotPolicy>(SnapshotPolicy).toConstantValue({ retentionCount: config.snapshotRetentionCount, retentionDays: config.snapshotRetentionDays });
      bind<JobLeaderPort>(JobLeader).toConstantValue(jobs);
      bind<RateLimiterPort>(RateLimiter).toConstantValue(
        FlexibleRateLimiter.forDatabase(db, { fundamental: config.rateLimitFundamentalPerMinute, advanced: config.rateLimitAdvancedPerMinute, professional: config.rateLimitProfessionalPerMinute }),
      );
      bind(ServerServices).toDynamicValue((ctx) => {
        if (config.snapshotIntervalS > 0) {
          const schedule = { intervalMs: config.snapshotIntervalS * 1000, jitterMs: config.snapshotJitterS * 1000, concurrency: config.snapshotConcurrency, environment: config.environment };
          const [registry, snapshots] = [ctx.get(DeviceRegistry), ctx.get(SnapshotService)];
          // One replica captures: the one holding the job. A fresh scheduler per term of leadership.
          scheduler = new SingularJob(jobs, { key: 'snapshot-scheduler', retryMs: schedule.intervalMs, graceMs: SNAPSHOT_STOP_GRACE_MS }, () => {
            const run = new SnapshotScheduler(registry, snapshots, logger);
            run.start(schedule);
            return run;
          }, logger);
          scheduler.start();
        }
        healthPoller = ctx.get(HealthPoller);
        // A process that runs plans sweeps periodically: a step whose change a killed process left in flight waits for
        // the sweep, and a sweep at start finds the dead process's device lock still leased and passes it by.
        recover(ctx, options.changeRecovery ?? (options.runPlans !== false ? 'periodic' : 'once'));
        // Every server process runs the plans it can lead (exactly one per plan on PostgreSQL), picking up any left running.
        rollouts = ctx.get(PlanExecution);
        if (options.runPlans !== false) rollouts.start();
        return new ServerServices(ctx.get(DeviceRegistry), ctx.get(DeviceReader), ctx.get(AuditRecorder), ctx.get(DeviceConnectivity), logger, config, lifecycle, ctx.get(SnapshotService), ctx.get<EventBusPort>(EventBus), ctx.get(ChangeService), ctx.get<RateLimiterPort>(RateLimiter), jobs, healthPoller, ctx.get(PlanService), rollouts, ctx.get(MenuCatalog));
      });
    }),
    persistenceModule(db),
    events.module,
    useCasesModule(),
    authModule(config),
  );
  return container;
}
