import type { AuditEvent, AuditQuery, Principal } from '@routeros-mcp/application-ports';
import type { ChangeRecord, ChangeStatus } from '@routeros-mcp/domain-changes';
import type { AuditRecorder } from '../audit-recorder';
import type { ChangeHistory } from '../changes/change-history';
import type { DeviceRegistry } from '../device-registry.service';
import { reachableDeviceIds } from './access-policy';

/** How many of the newest changes a narrowed principal's listing looks through. */
const NARROWED_CHANGE_WINDOW = 500;

/** Recorded changes, newest first, as the principal may see them: a narrowed one sees the changes of devices in its reach. */
export async function changesInReach(history: Pick<ChangeHistory, 'list'>, registry: Pick<DeviceRegistry, 'list'>, principal: Principal, query: { deviceId?: string; status?: ChangeStatus; limit: number }): Promise<ChangeRecord[]> {
  // The newest window, filtered, then cut to the limit.
  const reachable = await reachableDeviceIds(registry, principal);
  const records = await history.list({ deviceId: query.deviceId, status: query.status, limit: reachable ? NARROWED_CHANGE_WINDOW : query.limit });
  return records.filter((c) => !reachable || reachable.has(c.deviceId)).slice(0, query.limit);
}

/**
 * Audit events, newest first, as the principal may read them: a narrowed one reads the trail as it reads devices,
 * events about devices in its reach and its own device-less events (never another principal's, which may concern
 * plans or devices it cannot see).
 */
export async function auditEventsInReach(audit: Pick<AuditRecorder, 'recent'>, registry: Pick<DeviceRegistry, 'list'>, principal: Principal, query: Omit<AuditQuery, 'reach'>): Promise<AuditEvent[]> {
  const reachable = await reachableDeviceIds(registry, principal);
  const reach = reachable ? { deviceIds: [...reachable], principalId: principal.id } : undefined;
  return audit.recent({ ...query, ...(reach ? { reach } : {}) });
}
