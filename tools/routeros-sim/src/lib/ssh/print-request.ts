import type { PrintRequest } from './print';

/** Print switches the console models; `without-paging` changes nothing on a console without paging. */
export const PRINT_SWITCHES = new Set(['detail', 'terse', 'brief', 'count-only', 'as-value', 'without-paging', 'show-ids']);
/** Print arguments that take a value. */
export const PRINT_ARGUMENTS = new Set(['proplist']);

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
    ...(args['proplist'] !== undefined ? { proplist: args['proplist'].split(',').filter(Boolean) } : {}),
  };
}
