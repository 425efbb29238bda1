import type { DeviceTarget } from '@routeros-mcp/application-ports';
import type { Fleet, SimDevice } from '@routeros-mcp/routeros-sim';

export { startFleet } from '@routeros-mcp/routeros-sim';
export type { Fleet, FleetOptions, SimDevice, Faults } from '@routeros-mcp/routeros-sim';

/** How the adapters reach a simulated device, pinned to the identities it reported. */
export function targetOf(device: SimDevice, overrides: Partial<DeviceTarget> = {}): DeviceTarget {
  const url = new URL(device.restUrl);
  return {
    deviceId: `sim-${device.index}`,
    host: url.hostname,
    restPort: Number(url.port),
    sshPort: device.sshPort,
    tlsFingerprint: device.keys.tlsFingerprint,
    sshHostKey: device.keys.sshHostKeyFingerprint,
    username: device.users[0].name,
    password: device.users[0].password,
    ...overrides,
  };
}

/** Calls the fleet's control API; throws on a non-2xx answer. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- control API answers are read loosely by specs
export async function simControl(fleet: Fleet, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${fleet.control.url}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await res.json();
  if (!res.ok) throw new Error(`control ${method} ${path}: ${JSON.stringify(json)}`);
  return json;
}
