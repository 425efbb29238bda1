import type { AuditEvent, AuditOutcome, ChangeLock, ChangeRepository, Clock, EventBus, HeldLock, Logger, Principal, RouterOsApi, SecretCipher } from '@routeros-mcp/application-ports';
import {
  ChangeLock as ChangeLockToken,
  ChangeRepository as ChangeRepositoryToken,
  Clock as ClockToken,
  DeviceTimeoutError,
  DeviceUnreachableError,
  EventBus as EventBusToken,
  Logger as LoggerToken,
  RouterOsApi as RouterOsApiToken,
  SecretCipher as SecretCipherToken,
} from '@routeros-mcp/application-ports';
import type { ChangeRecord } from '@routeros-mcp/domain-changes';
import { isDomainError, systemPrincipalId } from '@routeros-mcp/domain-kernel';
import { inject, injectable, optional } from '@routeros-mcp/inversify';
import { randomUUID } from 'node:crypto';
import { redactArguments } from '../audit-recorder';
import { DeviceRegistry } from '../device-registry.service';
import { ChangeObserver } from './change-observer';
import { ChangeSettings, DEFAULT_CHANGE_SETTINGS } from './change-settings';

/** What the sweeps (interrupted changes, needs-attention re-checks) share about a device and its records. */

/** Who settles what a dead process left: the service itself, named so in the audit trail. */
export const RECOVERY_PRINCIPAL: Principal = { id: systemPrincipalId('recovery'), via: 'recovery' };

/** Without a cipher a sealed secret cannot be opened: the caller refuses or reports it, never writes it as stored. */
export const NO_CIPHER = {
  decrypt(): string {
    throw new Error('no secret cipher is configured to open it');
  },
};

/** The device did not answer (unreachable or timed out): the record is left for the next sweep. */
export const deviceSilent = (error: unknown): boolean => error instanceof DeviceUnreachableError || error instanceof DeviceTimeoutError;

export const messageOf = (error: unknown): string => (isDomainError(error) || error instanceof Error ? error.message : String(error));

/** The collaborators of a sweep over change records, and the steps both sweeps take the same way. */
@injectable()
export class ChangeSweepServices {
  readonly settings: ChangeSettings;

  constructor(
    @inject(DeviceRegistry) readonly registry: DeviceRegistry,
    @inject(RouterOsApiToken) readonly api: RouterOsApi,
    @inject(ChangeRepositoryToken) readonly changes: ChangeRepository,
    @inject(ChangeLockToken) readonly lock: ChangeLock,
    @inject(ClockToken) readonly clock: Clock,
    @inject(LoggerToken) readonly logger: Logger,
    @inject(ChangeSettings) @optional() settings?: ChangeSettings,
    @inject(ChangeObserver) @optional() private readonly observer?: ChangeObserver,
    @inject(EventBusToken) @optional() private readonly events?: EventBus,
    /** Opens the secrets a record's inverse keeps sealed (an old Wi-Fi passphrase) just before they are written back. */
    @inject(SecretCipherToken) @optional() readonly cipher?: SecretCipher,
  ) {
    this.settings = { ...DEFAULT_CHANGE_SETTINGS, ...(settings ?? {}) };
  }

  /** The device's newest change when it is not `record` and came after it (the sweep must not undo over it). */
  async laterChange(record: ChangeRecord): Promise<string | undefined> {
    const later = (await this.changes.list({ deviceId: record.deviceId, limit: 1 }))[0];
    return later && later.id !== record.id && later.createdAt.getTime() >= record.createdAt.getTime() ? later.id : undefined;
  }

  /** Lets the device's lock go; a failed release only means its lease runs out. */
  async release(held: HeldLock, record: ChangeRecord): Promise<void> {
    await held.release().catch((error: unknown) => this.logger.warn('device lock release failed; its lease runs out', { device_id: record.deviceId, change_id: record.id, error }));
  }

  /** The service's own audit record of what a sweep did to `settled` (`action`: change.recover, change.recheck). */
  sweepAudit(settled: ChangeRecord, action: string, args: Record<string, unknown>, outcome: AuditOutcome, errorCode?: string): AuditEvent {
    return {
      id: randomUUID(),
      occurredAt: settled.updatedAt,
      ...(settled.correlationId ? { correlationId: settled.correlationId } : {}),
      principal: RECOVERY_PRINCIPAL,
      action,
      deviceId: settled.deviceId,
      ...(settled.authority.kind === 'approved_plan' ? { planId: settled.authority.planId } : {}),
      arguments: redactArguments({ change_id: settled.id, tool: settled.tool, ...args, by: settled.actor.id }),
      outcome,
      ...(errorCode ? { errorCode } : {}),
    };
  }

  /** As the pipeline does once a change settled (a fresh snapshot and the event); a bare event without the snapshot. */
  async announce(record: ChangeRecord, withSnapshot: boolean): Promise<void> {
    try {
      if (withSnapshot && this.observer?.afterChange) await this.observer.afterChange(record);
      else await this.events?.publish({ type: 'device.config.changed', deviceId: record.deviceId, source: 'change', changeId: record.id });
    } catch (error) {
      this.logger.warn('device.config.changed not published', { change_id: record.id, reason: messageOf(error) });
    }
  }
}
