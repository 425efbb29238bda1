import type { PrintRequest } from './print';

/**
 * Print switches the console models; `without-paging` changes nothing on a console without paging; `follow` and
 * `follow-only` run until stopped (print-repeat.ts). Each is taken only where the menu's tree lists it.
 */
export const PRINT_SWITCHES = new Set(['detail', 'terse', 'brief', 'count-only', 'as-value', 'without-paging', 'show-ids', 'follow', 'follow-only', 'stats']);
/** Print arguments that take a value (`interval=` repeats the print until stopped). */
export const PRINT_ARGUMENTS = new Set(['proplist', 'interval', 'group-by']);

/** A print's switches and `name=value` arguments as a request (the words were checked against the sets above). */
export function printRequest(switches: string[], args: Record<string, string>): PrintRequest {
  const on = new Set(switches);
  return {
    detail: on.has('detail'),
    terse: on.has('terse'),
    brief: on.has('brief'),
    countOnly: on.has('count-only'),
    asValue: on.has('as-value'),
    showIds: on.has('show-ids'),
    stats: on.has('stats'),
    ...(args['proplist'] !== undefined ? { proplist: args['proplist'].split(',').filter(Boolean) } : {}),
    ...(args['group-by'] ? { groupBy: args['group-by'] } : {}),
  };
}
