import type { DeviceTarget } from '@routeros-mcp/application-ports';
import type { DeviceCredentials, NewDeviceInput } from '@routeros-mcp/domain-devices';
import type { Fleet, SimDevice } from '@routeros-mcp/routeros-sim';

export { startFleet, createDeviceIdentity } from '@routeros-mcp/routeros-sim';
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

/**
 * What `admin.devices.enroll` takes for a simulated device: its address and pinned identities (`input` extends
 * or overrides them: environment, capabilities…), and the user's password for REST and SSH.
 */
export function enrollmentOf(device: SimDevice, id: string, user: { name: string; password: string }, input: Partial<NewDeviceInput> = {}): [NewDeviceInput, DeviceCredentials] {
  const url = new URL(device.restUrl);
  return [
    { id, name: id, host: url.hostname, restPort: url.port, sshPort: device.sshPort, environment: 'lab', tlsFingerprint: device.keys.tlsFingerprint, sshHostKey: device.keys.sshHostKeyFingerprint, ...input },
    { rest: { username: user.name, password: user.password }, ssh: { username: user.name, password: user.password } },
  ];
}
