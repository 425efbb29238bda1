import { compareRouterOsVersions } from '@routeros-mcp/domain-kernel';

export interface TreeChoice {
  /** The tree's version. */
  version: string;
  /** Whether it is the device's own; otherwise the nearest older one (or, for an older device, the oldest there is). */
  exact: boolean;
}

/**
 * The tree to describe a device with: its own version's, else the newest older one (menus RouterOS added since are
 * missing from it rather than wrongly present), else the oldest there is. A device whose version is not known yet
 * gets the newest.
 */
export function chooseTreeVersion(available: readonly string[], deviceVersion: string | undefined): TreeChoice {
  if (available.length === 0) throw new Error('no RouterOS command tree is available');
  const sorted = [...available].sort(compareRouterOsVersions);
  if (!deviceVersion) return { version: sorted.at(-1)!, exact: false };
  const exact = sorted.find((v) => compareRouterOsVersions(v, deviceVersion) === 0);
  if (exact) return { version: exact, exact: true };
  const older = sorted.filter((v) => compareRouterOsVersions(v, deviceVersion) < 0).at(-1);
  return { version: older ?? sorted[0], exact: false };
}
