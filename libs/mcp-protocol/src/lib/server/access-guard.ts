import type { Principal } from '@routeros-mcp/application-ports';
import type { DeviceRegistry } from '@routeros-mcp/application-use-cases';
import { deviceRefusal, mayUseTier, Tier, TIER_ROLE } from '@routeros-mcp/domain-kernel';
import { protocolError } from '../errors/map-domain-error';
import { RpcError } from './rpc-error';

/** A tool of a tier the principal's roles do not open is refused before anything runs (FORBIDDEN, with the role it needs). */
export function assertTierAllowed(principal: Principal, tool: { name: string; tier: Tier }): void {
  if (mayUseTier(principal, tool.tier)) return;
  const needed = TIER_ROLE[tool.tier];
  throw new RpcError(
    protocolError('FORBIDDEN', `${tool.name} is a ${tool.tier} tool; your roles (${(principal.roles ?? []).join(', ') || 'none'}) do not include ${needed} or higher`, { tool: tool.name, tier: tool.tier, required_role: needed, roles: principal.roles ?? [] }, `Ask for a token with the ${needed} role, or use a read-only tool.`),
  );
}

/** A device outside the principal's environments or tags is refused (FORBIDDEN); within them nothing happens. */
export function assertDeviceAllowed(principal: Principal, device: { id: string; environment: 'lab' | 'staging' | 'prod'; tags: Readonly<Record<string, string>> }): void {
  const refusal = deviceRefusal(principal, device);
  if (!refusal) return;
  const reach = refusal === 'environment' ? `environments ${principal.environments!.join(', ') || '(none)'}` : `devices tagged ${principal.deviceTags!.join(', ') || '(none)'}`;
  throw new RpcError(protocolError('FORBIDDEN', `device '${device.id}' is outside what '${principal.id}' may touch (${reach})`, { device_id: device.id, refused_by: refusal }, 'Use a device from device_list, or a token that covers this device.'));
}

/** The registry as a narrowed principal sees it: lists leave out devices outside its environments and tags. */
export function scopedRegistry(registry: DeviceRegistry, principal: Principal): DeviceRegistry {
  if (!principal.environments && !principal.deviceTags) return registry;
  return new Proxy(registry, {
    get(target, key, receiver) {
      if (key === 'list') return async (...args: Parameters<DeviceRegistry['list']>) => (await target.list(...args)).filter((device) => !deviceRefusal(principal, device));
      const value = Reflect.get(target, key, receiver) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
