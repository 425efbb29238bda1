import { ROUTING_TEXT_ARGS } from './routing-text-args';
import { FIREWALL_IP_TEXT_ARGS } from './firewall-ip-text-args';
import { INTERFACE_SYSTEM_TEXT_ARGS } from './interface-system-text-args';

/**
 * Arguments MikroTik's CLI reference types as free text (`string`, a name of something RouterOS creates on first use,
 * such as a packet mark or an address list a rule adds to), so RouterOS takes any value and so does the simulator.
 * Listed so the coverage page can tell them from arguments nobody has described yet; each names its page.
 */
export type TextArgTable = Record<string, { args: string[]; source: string }>;

/** The area tables (model/*-text-args.ts), one per group of menus. */
const TABLES: TextArgTable[] = [ROUTING_TEXT_ARGS, FIREWALL_IP_TEXT_ARGS, INTERFACE_SYSTEM_TEXT_ARGS];

/** `numbers`, `copy-from` and `place-before` name an item of the menu: an unknown one is `no such item`. */
export const ITEM_SELECTORS: readonly string[] = ['numbers', 'copy-from', 'place-before'];

export function textArgSource(path: string, arg: string): string | undefined {
  for (const table of TABLES) if (table[path]?.args.includes(arg)) return table[path].source;
  return undefined;
}

/** Every listed argument, for the spec that checks each is in the tree and not also checked by a rule. */
export function textArgs(): Array<{ path: string; arg: string; source: string }> {
  return TABLES.flatMap((table) => Object.entries(table).flatMap(([path, { args, source }]) => args.map((arg) => ({ path, arg, source }))));
}
