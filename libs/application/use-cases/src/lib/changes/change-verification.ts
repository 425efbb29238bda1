import type { ConfigShell, DeviceTarget, RouterOsApi } from '@routeros-mcp/application-ports';
import type { LiveRows, RowOperation, TouchedRow } from '@routeros-mcp/domain-changes';
import type { InFlight } from './change-flight';
import { menusOf } from './change-flight';
import { unmetOperations } from './change-writes';
import { readLiveRows } from './live-rows';

/** The device's own answer to a write did not stick: the verification step's failure. */
export class ChangeNotHeldError extends Error {
  readonly code = 'CHANGE.NOT_HELD';
}

/** The verify step: the change is reported only once the device is seen holding it and still letting the service in. */
export class VerifyStep {
  constructor(
    private readonly api: RouterOsApi,
    private readonly shell: ConfigShell,
  ) {}

  /**
   * The written menus as the device holds them now, and what was checked; throws ChangeNotHeldError when the change
   * did not stick or cut the service's way in.
   */
  async verify(flight: InFlight): Promise<{ rows: LiveRows; checks: string[] }> {
    const { plan, target } = flight;
    // The rows are re-read while a new TCP and TLS session is opened beside the pooled one: the change must not
    // have cut the service's way in for new connections (an input drop lets established ones live on). A change
    // made under safe mode also opens a new SSH connection beside the one holding safe mode: the way safe mode and
    // the console come in must still be open, presenting the pinned host key.
    const ssh = flight.guard.protection === 'safe_mode';
    const [rows] = await Promise.all([readLiveRows(this.api, target, menusOf(plan.operations), { signal: flight.signal }), this.freshSession(target), ssh ? this.freshSsh(target) : undefined]);
    const unmet = unmetOperations(rows, plan.operations, flight.addedIds);
    if (unmet.length > 0) throw new ChangeNotHeldError(`the device does not hold the change: ${unmet.slice(0, 3).join('; ')}`);
    return { rows, checks: ['the touched rows hold the desired state', 'the device accepts a new TLS session', ...(ssh ? ['the device accepts a new SSH connection'] : [])] };
  }

  /** A new SSH connection to the device presenting the pinned host key (no login: safe mode's own session is one). */
  private async freshSsh(target: DeviceTarget): Promise<void> {
    const presented = await this.shell.presentedHostKey(target.host, target.sshPort);
    if (target.sshHostKey && presented !== target.sshHostKey) throw new ChangeNotHeldError('a new SSH connection to the device presents another host key than the pinned one');
  }

  /** A new TLS session to the REST port presenting the pinned certificate (the pooled connection stays as it is). */
  private async freshSession(target: DeviceTarget): Promise<void> {
    const presented = await this.api.presentedCertificate(target.host, target.restPort);
    if (target.tlsFingerprint && presented !== target.tlsFingerprint) throw new ChangeNotHeldError('a new TLS session to the device presents another certificate than the pinned one');
  }
}

/** Touched rows with their after-state as the device holds it now; added rows under the ids the device gave them, in order. */
export function withLiveAfter(touched: readonly TouchedRow[], live: LiveRows, operations: readonly RowOperation[], addedIds: readonly (string | undefined)[]): TouchedRow[] {
  const addedByMenu = new Map<string, string[]>();
  operations.forEach((op, i) => {
    const id = addedIds[i];
    if (op.kind === 'add' && id) addedByMenu.set(op.menu, [...(addedByMenu.get(op.menu) ?? []), id]);
  });
  return touched.map((t) => {
    if (t.after === undefined) return t;
    const rows = live[t.menu] ?? [];
    if (t.id !== undefined) return { ...t, after: rows.find((r) => r['.id'] === t.id) ?? t.after };
    if (t.before !== undefined) return { ...t, after: rows[0] ?? t.after };
    const id = addedByMenu.get(t.menu)?.shift();
    const row = id ? rows.find((r) => r['.id'] === id) : undefined;
    return row ? { ...t, id, after: row } : t;
  });
}
