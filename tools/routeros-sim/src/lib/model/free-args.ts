import { CORE_FREE_ARGS } from './core-free-args';
import { INTERFACE_ROUTING_FREE_ARGS } from './interface-routing-free-args';

/**
 * The `add`/`set` arguments the simulator still takes as free text although MikroTik's CLI reference does not type
 * them as text (model/text-args.ts), each with why: the coverage page's last count is this list, so every argument
 * left unchecked is a decision written down, never one overlooked. `free-args.spec.ts` holds the list to the trees.
 */
export type FreeArgTable = Record<string, Record<string, string>>;

/** The area tables (model/*-free-args.ts). */
const TABLES: FreeArgTable[] = [CORE_FREE_ARGS, INTERFACE_ROUTING_FREE_ARGS];

export function freeArgReason(path: string, arg: string): string | undefined {
  for (const table of TABLES) if (table[path]?.[arg] !== undefined) return table[path][arg];
  return undefined;
}

export function freeArgs(): Array<{ path: string; arg: string; reason: string }> {
  return TABLES.flatMap((table) => Object.entries(table).flatMap(([path, args]) => Object.entries(args).map(([arg, reason]) => ({ path, arg, reason }))));
}
