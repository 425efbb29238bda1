import { DeviceUnsupportedError } from '@routeros-mcp/application-ports';
import { boundedMemo } from './bounded-memo';
import { versionAtLeast } from './routeros-values';

/** Menus that only some devices have: from a RouterOS version, or with an extra package. */
export const MENU_REQUIREMENTS: Readonly<Record<string, { version?: string; package?: string }>> = {
  'interface/wifi': { version: '7.13' },
  'interface/wifi/registration-table': { version: '7.13' },
  'interface/wireless': { package: 'wireless' },
  'interface/wireless/registration-table': { package: 'wireless' },
  'caps-man': { package: 'wireless' },
  'system/routerboard': { package: 'routerboard (RouterBOARD hardware; a CHR has none)' },
  'safe-mode': { version: '7.18' },
};

type Requirement = { menu: string; version?: string; package?: string };

/** The requirement of `menu` or one of its parents (worked out once per menu: it is asked on every call). */
export const requirementOf = boundedMemo((menu: string): Requirement | undefined => {
  const parts = menu.split('/');
  for (let i = parts.length; i > 0; i--) {
    const path = parts.slice(0, i).join('/');
    if (MENU_REQUIREMENTS[path]) return { menu: path, ...MENU_REQUIREMENTS[path] };
  }
  return undefined;
}, 1024);

/** Refuses, before any request, a menu the device's version is known to lack. */
export function assertVersionHas(deviceId: string, menu: string, version: string | undefined): void {
  const requirement = requirementOf(menu);
  if (requirement?.version && version && !versionAtLeast(version, requirement.version)) {
    throw new DeviceUnsupportedError(deviceId, requirement.menu, `RouterOS ${requirement.version} or later`, version);
  }
}

/**
 * RouterOS's answer for a menu the device lacks: "no such command" below it, and for the menu itself a 404,
 * because `/interface/wireless` then reads as an item named `wireless` in `/interface`.
 */
export function unsupportedFromAnswer(deviceId: string, menu: string, answer: { status: number; detail?: string; wholeMenu: boolean }, version: string | undefined): DeviceUnsupportedError | undefined {
  const requirement = requirementOf(menu);
  const missing = answer.detail?.startsWith('no such command') || (answer.status === 404 && answer.wholeMenu && requirement?.menu === menu);
  if (!requirement || !missing) return undefined;
  return new DeviceUnsupportedError(deviceId, requirement.menu, requirement.package ? `the ${requirement.package} package` : `RouterOS ${requirement.version} or later`, version);
}
