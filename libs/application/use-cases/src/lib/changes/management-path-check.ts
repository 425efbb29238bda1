import type { DeviceTarget, RouterOsApi } from '@routeros-mcp/application-ports';
import type { LiveRows, RowOperation } from '@routeros-mcp/domain-changes';
import { applyOperations } from '@routeros-mcp/domain-changes';
import type { Device } from '@routeros-mcp/domain-devices';
import type { RuleResult, ServiceLogin } from '@routeros-mcp/domain-safety-rules';
import { evaluateManagementPath, managementPathReads, unmodelledMenus } from '@routeros-mcp/domain-safety-rules';
import { readLiveRows } from './live-rows';

/** What the management-path evaluation saw (the rows read for it included) and decided. */
export interface PathJudgement {
  live: LiveRows;
  verdict: RuleResult;
  /** Whether the operations touch anything the path depends on (then they are written under protection). */
  touchesPath: boolean;
}

/**
 * The one management-path evaluation every write takes: a tool's change, a plan's preview and its steps, a revert,
 * a rollback, and the inverse recovery writes for a change its process left unfinished. The menus the evaluation
 * names for these operations are read live beside `live` (a radio's stack only when they write it), the operations
 * applied to them, and the service's path judged before and after.
 */
export async function judgeManagementPath(api: RouterOsApi, target: DeviceTarget, device: Device, live: LiveRows, operations: readonly RowOperation[], signal?: AbortSignal): Promise<PathJudgement> {
  const written = [...new Set(operations.map((op) => op.menu))];
  const reads = managementPathReads(written);
  const missing = reads.filter((m) => !(m in live));
  const rows: LiveRows = missing.length > 0 ? { ...(await readLiveRows(api, target, missing, { optional: true, signal })), ...live } : live;
  const judged = evaluateManagementPath(rows, applyOperations(rows, operations), serviceLogin(rows, target, device));
  // A menu the evaluation does not model may still carry the service's traffic or identity: such a write is never
  // "nothing the path depends on"; it is guarded and checked over new connections instead.
  const unmodelled = unmodelledMenus(written);
  const verdict: RuleResult = unmodelled.length > 0 && judged.status === 'pass'
    ? { ...judged, message: `${reads.length > 0 ? `${judged.message}; ` : ''}the management-path evaluation does not model ${unmodelled.map((m) => `/${m}`).join(', ')}: written under safe mode (or a revert timer) and kept only once new TLS and SSH connections get in` }
    : judged;
  return { live: rows, verdict, touchesPath: reads.length > 0 || unmodelled.length > 0 };
}

/**
 * Who the service is on the device: its REST and SSH logins (the SSH one by key or password), and the ports of the device's own www-ssl and ssh services (what the
 * device's firewall and connection tracking see). The enrolled ports are where the service connects, which differ
 * behind port forwarding; they stand in only when the device's service table was not read.
 */
function serviceLogin(live: LiveRows, target: DeviceTarget, device: Device): ServiceLogin {
  const services = live['ip/service'] ?? [];
  const port = (name: string) => Number(services.find((s) => s['name'] === name)?.['port']) || undefined;
  const ssh = { username: target.ssh?.username ?? target.username, byKey: Boolean(target.ssh?.privateKey) };
  return { username: target.username, restPort: port('www-ssl') ?? device.restPort, sshPort: port('ssh') ?? device.sshPort, ssh };
}
