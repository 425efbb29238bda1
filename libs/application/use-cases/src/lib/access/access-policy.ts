import type { Principal } from '@routeros-mcp/application-ports';
import type { Device } from '@routeros-mcp/domain-devices';
import type { AccessScope, Environment, Tier } from '@routeros-mcp/domain-kernel';
import { deviceRefusal, isDomainError, mayUseTier, rolesOpening, TIER_ROLE } from '@routeros-mcp/domain-kernel';
import type { DeviceReader } from '../device-reader.service';
import type { DeviceRegistry } from '../device-registry.service';
import { AccessRefusedError } from './access-refused.error';

/*
 * Who may do what, in one place for every front end (MCP, the admin CLI, the operator console): the environment a
 * server serves against a device's, the tier a principal's roles open, and its reach (environments, device tags).
 * Capability flags are the change pipeline's (the tier-capability safety rule), judged per device as it writes.
 */

type ReachableDevice = { id: string; environment: Environment; tags: Readonly<Record<string, string>> };

/** `a, b or c`. */
export const eitherOf = (items: readonly string[]): string => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`);

/**
 * The refusal of something of a tier the principal's roles do not open (a tool, or a plan resource). It names every
 * role that opens the tier (plans open to admin and approver alike); `requiredRole` is the one a step-up asks for.
 */
export function tierRefusal(principal: AccessScope, what: { name: string; tier: Tier; kind?: 'tool' | 'resource' }): AccessRefusedError | undefined {
  if (mayUseTier(principal, what.tier)) return undefined;
  const requiredRole = TIER_ROLE[what.tier];
  const allowedRoles = rolesOpening(what.tier);
  const roles = principal.roles ?? [];
  const article = /^[aeiou]/.test(what.tier) ? 'an' : 'a';
  return new AccessRefusedError(`${what.name} is ${article} ${what.tier} ${what.kind ?? 'tool'}; your roles (${roles.join(', ') || 'none'}) do not include ${eitherOf(allowedRoles)}`, { kind: 'tier', name: what.name, tier: what.tier, what: what.kind ?? 'tool', requiredRole, allowedRoles, roles });
}

/** Something of a tier the principal's roles do not open is refused before anything runs. */
export function assertTierAllowed(principal: AccessScope, what: { name: string; tier: Tier; kind?: 'tool' | 'resource' }): void {
  const refusal = tierRefusal(principal, what);
  if (refusal) throw refusal;
}

/** Whether the principal may read fleet data at all (device names, configuration, audit, plans, health). */
export function mayReadFleet(principal: AccessScope): boolean {
  return mayUseTier(principal, 'fundamental');
}

/** Whether environments or device tags narrow what the principal may touch (reach checks cost lookups only then). */
export function isNarrowed(principal: AccessScope): boolean {
  return principal.environments !== undefined || principal.deviceTags !== undefined;
}

/** The refusal of a device outside the principal's environments or tags; `through` names what led to it (a plan, a change). */
export function reachRefusal(principal: Principal, device: ReachableDevice, through?: string): AccessRefusedError | undefined {
  const refusedBy = deviceRefusal(principal, device);
  if (!refusedBy) return undefined;
  const reach = refusedBy === 'environment' ? `environments ${principal.environments!.join(', ') || '(none)'}` : `devices tagged ${principal.deviceTags!.join(', ') || '(none)'}`;
  return new AccessRefusedError(`${through ? `${through} touches device '${device.id}', which` : `device '${device.id}'`} is outside what '${principal.id}' may touch (${reach})`, { kind: 'reach', deviceId: device.id, refusedBy, ...(through ? { through } : {}) });
}

/** A device outside the principal's environments or tags is refused; within them nothing happens. */
export function assertDeviceInReach(principal: Principal, device: ReachableDevice): void {
  const refusal = reachRefusal(principal, device);
  if (refusal) throw refusal;
}

/**
 * The refusal of the device `id` that a plan, change or snapshot (`through`) touches, looked up in the registry; a
 * device no longer enrolled cannot be shown to be within reach. Without `through`, a missing device is no refusal
 * (the use case answers NOT_FOUND itself).
 */
export async function enrolledReachRefusal(registry: Pick<DeviceRegistry, 'get'>, principal: Principal, id: string, through?: string): Promise<AccessRefusedError | undefined> {
  const found = await unlessMissing(registry.get(id));
  if (!found) return through ? new AccessRefusedError(`${through} touches device '${id}', which is no longer enrolled; its reach cannot be checked`, { kind: 'reach', deviceId: id, refusedBy: 'unknown_device', through }) : undefined;
  return reachRefusal(principal, found, through);
}

/** A record that does not exist is no refusal here: the use case answers NOT_FOUND itself. */
export async function unlessMissing<T>(lookup: Promise<T>): Promise<T | undefined> {
  try {
    return await lookup;
  } catch (error) {
    if (isDomainError(error) && error.code.endsWith('.NOT_FOUND')) return undefined;
    throw error;
  }
}

/** The refusal of a device of another environment than the one this server serves: a lab server never touches prod. */
export function environmentRefusal(device: Pick<Device, 'id' | 'environment'>, serverEnvironment: Environment): AccessRefusedError | undefined {
  if (device.environment === serverEnvironment) return undefined;
  return new AccessRefusedError(`device '${device.id}' is in ${device.environment}; this server serves ${serverEnvironment}`, { kind: 'environment', deviceId: device.id, deviceEnvironment: device.environment, serverEnvironment });
}

/** A device of another environment than this server's is refused. */
export async function assertDeviceInEnvironment(reader: Pick<DeviceReader, 'device'>, deviceId: string, environment: Environment): Promise<void> {
  const refusal = environmentRefusal(await reader.device(deviceId), environment);
  if (refusal) throw refusal;
}

/** The gate for a device a call names: this server's environment first, then the principal's reach. */
export async function assertDeviceAdmitted(reader: Pick<DeviceReader, 'device'>, principal: Principal, deviceId: string, environment: Environment): Promise<void> {
  const device = await reader.device(deviceId);
  const refusal = environmentRefusal(device, environment) ?? reachRefusal(principal, device);
  if (refusal) throw refusal;
}

/** The ids of the devices a narrowed principal may touch (any environment); undefined when nothing narrows it. */
export async function reachableDeviceIds(registry: Pick<DeviceRegistry, 'list'>, principal: Principal): Promise<ReadonlySet<string> | undefined> {
  if (!isNarrowed(principal)) return undefined;
  return new Set((await registry.list({})).filter((device) => !deviceRefusal(principal, device)).map((device) => device.id));
}

/** Whether every device a plan names (steps and exclusions) is among `reachable` (undefined: no narrowing). */
export function planInReach(plan: { steps: readonly { deviceId: string }[]; excluded: readonly { deviceId: string }[] }, reachable: ReadonlySet<string> | undefined): boolean {
  return !reachable || [...plan.steps, ...plan.excluded].every((d) => reachable.has(d.deviceId));
}

/** The registry as a narrowed principal sees it: lists leave out devices outside its environments and tags, and get refuses them. */
export function scopedRegistry(registry: DeviceRegistry, principal: Principal): DeviceRegistry {
  if (!isNarrowed(principal)) return registry;
  return new Proxy(registry, {
    get(target, key, receiver) {
      if (key === 'list') return async (...args: Parameters<DeviceRegistry['list']>) => (await target.list(...args)).filter((device) => !deviceRefusal(principal, device));
      if (key === 'get')
        return async (id: string) => {
          const device = await target.get(id);
          assertDeviceInReach(principal, device);
          return device;
        };
      const value = Reflect.get(target, key, receiver) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
