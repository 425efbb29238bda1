import type * as Jose from 'jose';

let loaded: typeof Jose | undefined;

/**
 * jose is ESM-only: required on first use (Node ≥ 20.19 loads ES modules through require), so that the apps and
 * modes that never verify a JWT (stdio, admin CLI, API tokens) never load it.
 */
export function jose(): typeof Jose {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  return (loaded ??= require('jose') as typeof Jose);
}
