import type { ApiTokenService } from '@routeros-mcp/adapters-auth';
import type { AuditChainVerifier, EventBus, JobLeader, Logger, RateLimiter } from '@routeros-mcp/application-ports';
import type { ChangeHistory } from '@routeros-mcp/application-use-cases';
import { AuditRecorder, ChangeService, ConsoleLogins, DatabaseAdmin, DeviceConnectivity, DeviceReader, DeviceRegistry, HealthPoller, KeyRotationService, MenuCatalog, PlanExecution, PlanService, SnapshotService } from '@routeros-mcp/application-use-cases';
import type { Config } from '@routeros-mcp/config';

export const Lifecycle = Symbol.for('Lifecycle');
export interface Lifecycle {
  /** Closes the database and flushes logs. Safe to call twice. */
  close(): Promise<void>;
}

/** What the admin CLI works with: the entry object it resolves from the container. */
export class AdminServices {
  constructor(
    readonly devices: DeviceRegistry,
    readonly connectivity: DeviceConnectivity,
    readonly keys: KeyRotationService,
    readonly database: DatabaseAdmin,
    readonly logger: Logger,
    readonly config: Config,
    private readonly lifecycle: Lifecycle,
    readonly snapshots: SnapshotService,
    /** Recorded changes: list, read, and revert one through the change pipeline (the CLI makes no other change). */
    readonly changes: Pick<ChangeHistory, 'list' | 'get' | 'revert'>,
    /** Static API tokens for the HTTP server: create (shown once), list, revoke. */
    readonly tokens: ApiTokenService,
    /** Multi-device plans: review, approve (as the OS user), reject, cancel. */
    readonly plans: PlanService,
    /** The audit log: read it (`audit`), and record what the CLI does to devices (`change revert`). */
    readonly audit: Pick<AuditRecorder, 'recent' | 'run'>,
    /** Plan rollback as `plan_rollback` does it, then run here to its end (`follow`) when no server runs it. */
    readonly rollouts: Pick<PlanExecution, 'rollback' | 'follow'>,
    /** The operator console's one-time login links (`console login`). */
    readonly consoleLogins: Pick<ConsoleLogins, 'issueLink'>,
    /** Walks the audit trail's hash chain (`audit verify`). */
    readonly auditChain: AuditChainVerifier,
  ) {}

  close(): Promise<void> {
    return this.lifecycle.close();
  }
}

/** What the MCP servers work with. Grows with the tools in later issues. */
export class ServerServices {
  constructor(
    readonly devices: DeviceRegistry,
    readonly reader: DeviceReader,
    readonly audit: AuditRecorder,
    readonly connectivity: DeviceConnectivity,
    readonly logger: Logger,
    readonly config: Config,
    private readonly lifecycle: Lifecycle,
    readonly snapshots: SnapshotService,
    /** Facts for subscribers (`device.config.changed` → `device://{id}/config` updates). */
    readonly events: EventBus,
    /** The change pipeline (ChangeRunner) and the history of changes (ChangeHistory), one service. */
    readonly changes: ChangeService,
    /** Calls per principal and tier per minute, shared by every replica on PostgreSQL. */
    readonly rateLimiter: RateLimiter,
    /** Singular jobs across processes on the database (advisory locks on PostgreSQL, lease rows on SQLite). */
    readonly jobs: JobLeader,
    /**
     * Device health, each device polled by one replica, `device.health.changed` on `events` when it changes. Not
     * started here: the HTTP server starts it (`healthPoller.start({ intervalMs, environment })`); stdio does not.
     */
    readonly healthPoller: HealthPoller,
    /** Multi-device plans: create, inspect, cancel, apply (never approve: a human does that out of band). */
    readonly plans: PlanService,
    /** The rollout runner of this process (started): `rollback(planId, principal)` for plan_rollback. */
    readonly rollouts: PlanExecution,
    /** RouterOS's menus as each device's version has them (the menu tools). */
    readonly menus: MenuCatalog,
  ) {}

  /** What the MCP tools use of these services: mcp-protocol's ToolServices, by shape (this library does not import it). */
  toolServices() {
    return { reader: this.reader, registry: this.devices, audit: this.audit, connectivity: this.connectivity, logger: this.logger, snapshots: this.snapshots, events: this.events, changes: this.changes, plans: this.plans, planRollback: this.rollouts, menus: this.menus };
  }

  close(): Promise<void> {
    return this.lifecycle.close();
  }
}
