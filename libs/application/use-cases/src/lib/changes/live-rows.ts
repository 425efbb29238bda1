import type { DeviceTarget, RouterOsApi, RouterOsRow } from '@routeros-mcp/application-ports';
import { DeviceCommandError, DeviceObjectNotFoundError, DeviceUnsupportedError } from '@routeros-mcp/application-ports';
import type { LiveRows, Row } from '@routeros-mcp/domain-changes';
import { MANAGEMENT_PATH_SINGLETONS } from '@routeros-mcp/domain-safety-rules';

/** Menus that hold one row (REST answers an object): read with getSingleton, kept as a one-row list. */
const SINGLETON_MENUS: ReadonlySet<string> = new Set([
  'system/identity', 'system/clock', 'system/ntp/client', 'system/ntp/server', 'ip/dns', 'ip/settings', 'ipv6/settings',
  'ip/cloud', 'ip/proxy', 'ip/socks', 'ip/upnp', 'ip/ssh', 'snmp', 'interface/bridge/settings', 'ip/firewall/connection/tracking',
  'system/resource', 'system/routerboard', 'system/note', 'user/settings', 'interface/detect-internet',
  // The wireless stacks' CAPsMAN manager and CAP settings, read when a change touches a radio.
  ...MANAGEMENT_PATH_SINGLETONS,
]);

export const isSingletonMenu = (menu: string) => SINGLETON_MENUS.has(menu);

/**
 * Raw rows of one menu, secrets included: these rows are written back, so they never pass through the reader's
 * redaction (records redact them before storing).
 */
export async function readMenu(api: RouterOsApi, target: DeviceTarget, menu: string, signal?: AbortSignal): Promise<Row[]> {
  if (isSingletonMenu(menu)) return [await api.getSingleton(target, menu, { signal })];
  // Any other menu (the menu tools reach all of them) is a one-row menu when RouterOS answers an object.
  const body = await api.print(target, menu, { signal });
  return Array.isArray(body) ? body : [body];
}

/** Whether a failed read means the device lacks the menu (not a failure of the device or the connection). */
function isMissingMenu(error: unknown): boolean {
  return error instanceof DeviceUnsupportedError || error instanceof DeviceObjectNotFoundError || (error instanceof DeviceCommandError && error.failure === 'refused');
}

/**
 * The live rows of several menus, read concurrently (the adapter's per-device limit applies). `optional` menus the
 * device does not have are left out rather than failing the read: the evaluation that needs them fails closed.
 */
export async function readLiveRows(api: RouterOsApi, target: DeviceTarget, menus: readonly string[], options: { optional?: boolean; signal?: AbortSignal } = {}): Promise<Record<string, RouterOsRow[]>> {
  const entries = await Promise.all(
    [...new Set(menus)].map(async (menu) => {
      try {
        return [menu, await readMenu(api, target, menu, options.signal)] as const;
      } catch (error) {
        if (options.optional && isMissingMenu(error)) return undefined;
        throw error;
      }
    }),
  );
  return Object.fromEntries(entries.filter((e) => e !== undefined)) as Record<string, RouterOsRow[]>;
}

export function asLiveRows(rows: Record<string, RouterOsRow[]>): LiveRows {
  return rows;
}
