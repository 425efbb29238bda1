import type { DeviceState } from '../model/device-state';
import { printableMenus } from '../schema/menu-schema';
import type { Row } from './print-query';
import type { MenuCommand } from './menu-commands';

/**
 * 7.20's `recursive-print` (at the root and under `/interface`, `/ip`, `/ipv6`, `/system`, `/tool`, `/user`): no
 * MikroTik page documents it; read by its name, it prints every printable menu at and below its own, in path order
 * (chosen). REST answers each menu's items (a settings menu's one object) with `.menu` naming the menu; secrets are
 * left out, as an export leaves them out (the command has no user to judge `sensitive` by). The console prints each
 * menu's path, then its plain print (ssh/console-command.ts).
 */
export function recursiveMenus(state: DeviceState, under: string): string[] {
  return printableMenus(state.tree)
    .filter((menu) => (under === '' || menu === under || menu.startsWith(`${under}/`)) && state.menu(menu) !== undefined)
    .sort();
}

function rowsOf(state: DeviceState, menu: string): Row[] {
  const spec = state.menu(menu)!;
  const secrets = spec.sensitive ?? [];
  const rows = spec.kind === 'singleton' ? [state.singleton(menu)] : state.list(menu);
  return rows.map((row) => ({ '.menu': `/${menu}`, ...Object.fromEntries(Object.entries(row).filter(([k]) => !secrets.includes(k))) }));
}

const recursivePrint = (under: string): MenuCommand => (state) => recursiveMenus(state, under).flatMap((menu) => rowsOf(state, menu));

export const RECURSIVE_PRINT: Record<string, MenuCommand> = Object.fromEntries(
  ['', 'interface', 'ip', 'ipv6', 'system', 'tool', 'user'].map((under) => [under ? `${under}/recursive-print` : 'recursive-print', recursivePrint(under)]),
);
