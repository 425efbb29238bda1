import type { RouterOsRow } from '@routeros-mcp/application-ports';
import { createHash } from 'node:crypto';

/**
 * The health of a device as far as a subscriber cares: reachable or why not, its version, and load, memory and
 * sensors in bands. Raw CPU and memory figures move on every poll (and uptime always does): hashing them would tell
 * every replica's listeners of a "change" on every round of every device. A subscriber told of a change re-reads
 * the resource for the exact figures.
 */
export type DeviceHealthState =
  | { reachable: true; version: string | null; cpu: 'normal' | 'busy' | 'high'; memory: 'normal' | 'high' | 'critical' | 'unknown'; sensors: Record<string, string> }
  | { reachable: false; error: string };

const HOT_CELSIUS = 70;

function band<T extends string>(value: number, bands: [number, T][], otherwise: T): T {
  return bands.find(([below]) => value < below)?.[1] ?? otherwise;
}

/** Sensors by name: a temperature as ok or hot, a state (fan, PSU) as reported; voltages and speeds are left out. */
function sensorStates(rows: RouterOsRow[]): Record<string, string> {
  const states: Record<string, string> = {};
  for (const row of rows) {
    const name = row['name'];
    const value = row['value'];
    if (!name || value === undefined) continue;
    if (row['type'] === 'C') states[name] = Number(value) >= HOT_CELSIUS ? 'hot' : 'ok';
    else if (Number.isNaN(Number(value))) states[name] = value;
  }
  return states;
}

/** The state from `system/resource` and `system/health` (absent on boards without sensors). */
export function healthStateOf(resource: RouterOsRow, sensors: RouterOsRow[] = []): DeviceHealthState {
  const cpu = Number(resource['cpu-load'] ?? 0) || 0;
  const total = Number(resource['total-memory']);
  const used = total ? (1 - Number(resource['free-memory']) / total) * 100 : NaN;
  return {
    reachable: true,
    version: resource['version'] ?? null,
    cpu: band(cpu, [[50, 'normal'], [85, 'busy']], 'high'),
    memory: Number.isNaN(used) ? 'unknown' : band(used, [[80, 'normal'], [95, 'high']], 'critical'),
    sensors: sensorStates(sensors),
  };
}

export function unreachableState(code: string): DeviceHealthState {
  return { reachable: false, error: code };
}

/** A short hash of the state: equal states, equal etags (keys in a fixed order). */
export function healthEtag(state: DeviceHealthState): string {
  const stable = JSON.stringify(state, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b))) : value,
  );
  return createHash('sha256').update(stable).digest('base64url').slice(0, 16);
}
