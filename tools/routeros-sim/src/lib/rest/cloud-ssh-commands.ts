import type { DeviceState } from '../model/device-state';
import type { MenuCommand } from './menu-commands';

/** What serves a device's SSH: given the new key's type and size, starts serving a fresh host key. */
export type HostKeyRegenerator = (type: 'ed25519' | 'rsa', bits: number) => Promise<void>;

const REGENERATORS = new WeakMap<DeviceState, HostKeyRegenerator>();

/** The device (sim-device.ts) registers how its SSH host key is replaced; a bare model (unit specs) has none. */
export function onHostKeyRegenerate(state: DeviceState, regenerate: HostKeyRegenerator): void {
  REGENERATORS.set(state, regenerate);
}

/**
 * `/ip/ssh regenerate-host-key` (SSH manual): a new key of `host-key-type`/`host-key-size` is served from now on, so
 * a client that pinned the old one (the product's pinned identity) refuses the device until it is re-pinned, as
 * with a real router. Open sessions keep their connection. The console's confirmation prompt is not asked (chosen).
 */
async function regenerateHostKey(state: DeviceState): Promise<unknown> {
  const settings = state.singleton('ip/ssh');
  const type = settings['host-key-type'] === 'rsa' ? 'rsa' : 'ed25519';
  await REGENERATORS.get(state)?.(type, Number(settings['host-key-size'] ?? 2048));
  return [];
}

/** `/ip/cloud force-update`: no cloud server answers, so there is nothing new to show (chosen, docs/simulator.md). */
const forceUpdate: MenuCommand = () => [];

export const CLOUD_SSH_COMMANDS: Record<string, MenuCommand> = {
  'ip/ssh/regenerate-host-key': regenerateHostKey,
  'ip/cloud/force-update': forceUpdate,
};
