import type { Principal } from '@routeros-mcp/application-ports';
import type { DeviceRegistry } from '@routeros-mcp/application-use-cases';
import { deviceRefusal, mayUseTier, Tier, TIER_ROLE } from '@routeros-mcp/domain-kernel';
import { McpErrorPayload, protocolError } from '../errors/map-domain-error';
import { RpcError } from '../errors/rpc-error';

/*
 * Who may do what, in one place (issue 22 moves it into the application layer): the tier a role opens, the MCP
 * methods that need the read role, and a principal's reach (environments, device tags).
 */

/** The refusal of a tool (or plan resource) of a tier the principal's roles do not open (FORBIDDEN, with the role it needs). */
export function tierRefusal(principal: Principal, what: { name: string; tier: Tier; kind?: 'tool' | 'resource' }): McpErrorPayload | undefined {
  if (mayUseTier(principal, what.tier)) return undefined;
  const needed = TIER_ROLE[what.tier];
  return protocolError('FORBIDDEN', `${what.name} is a ${what.tier} ${what.kind ?? 'tool'}; your roles (${(principal.roles ?? []).join(', ') || 'none'}) do not include ${needed} or higher`, { tool: what.name, tier: what.tier, required_role: needed, roles: principal.roles ?? [] }, `Ask for a token with the ${needed} role, or use a read-only tool.`);
}

/** A tool of a tier the principal's roles do not open is refused before anything runs. */
export function assertTierAllowed(principal: Principal, tool: { name: string; tier: Tier; kind?: 'tool' | 'resource' }): void {
  const refusal = tierRefusal(principal, tool);
  if (refusal) throw new RpcError(refusal);
}

/**
 * MCP methods that reveal fleet data (device names, configuration, audit, plans, health): they need a role that
 * opens the read tier, as every tool does. Open to any authenticated caller: the handshake (initialize,
 * server/discover, ping, logging/setLevel) and the catalogue (tools/list, prompts/list, prompts/get,
 * resources/templates/list), which is fixed per process, the same for every caller and names no device; a client
 * lists it on connecting and steps up at its first real use. tools/call needs its tool's tier (assertTierAllowed).
 */
export const DATA_METHODS: ReadonlySet<string> = new Set(['resources/list', 'resources/read', 'resources/subscribe', 'resources/unsubscribe', 'completion/complete', 'subscriptions/listen']);

/** The refusal of a data method to a principal whose roles open no tier (FORBIDDEN naming the role it needs). */
export function methodRefusal(principal: Principal, method: string): McpErrorPayload | undefined {
  if (!DATA_METHODS.has(method) || mayUseTier(principal, 'fundamental')) return undefined;
  const needed = TIER_ROLE.fundamental;
  return protocolError('FORBIDDEN', `${method} reveals fleet data; your roles (${(principal.roles ?? []).join(', ') || 'none'}) do not include ${needed} or higher`, { method, required_role: needed, roles: principal.roles ?? [] }, `Ask for a token with the ${needed} role.`);
}

export function assertMethodAllowed(principal: Principal, method: string): void {
  const refusal = methodRefusal(principal, method);
  if (refusal) throw new RpcError(refusal);
}

/** Whether environments or device tags narrow what the principal may touch (reach checks cost lookups only then). */
export function isNarrowed(principal: Principal): boolean {
  return principal.environments !== undefined || principal.deviceTags !== undefined;
}

type ReachableDevice = { id: string; environment: 'lab' | 'staging' | 'prod'; tags: Readonly<Record<string, string>> };

/** The refusal of a device outside the principal's environments or tags; `through` names what led to it (a plan, a change). */
export function reachRefusal(principal: Principal, device: ReachableDevice, through?: string): McpErrorPayload | undefined {
  const refusal = deviceRefusal(principal, device);
  if (!refusal) return undefined;
  const reach = refusal === 'environment' ? `environments ${principal.environments!.join(', ') || '(none)'}` : `devices tagged ${principal.deviceTags!.join(', ') || '(none)'}`;
  return protocolError('FORBIDDEN', `${through ? `${through} touches device '${device.id}', which` : `device '${device.id}'`} is outside what '${principal.id}' may touch (${reach})`, { device_id: device.id, refused_by: refusal }, 'Use a device from device_list, or a token that covers this device.');
}

/** A device outside the principal's environments or tags is refused (FORBIDDEN); within them nothing happens. */
export function assertDeviceAllowed(principal: Principal, device: ReachableDevice): void {
  const refusal = reachRefusal(principal, device);
  if (refusal) throw new RpcError(refusal);
}

/** The ids of the devices a narrowed principal may touch (any environment); undefined when nothing narrows it. */
export async function reachableDeviceIds(registry: DeviceRegistry, principal: Principal): Promise<ReadonlySet<string> | undefined> {
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
          assertDeviceAllowed(principal, device);
          return device;
        };
      const value = Reflect.get(target, key, receiver) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
