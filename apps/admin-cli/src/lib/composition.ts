import type * as Composition from '@routeros-mcp/composition';

/**
 * The CLI's one door to @routeros-mcp/composition, which loads on the first call through it rather than at start-up:
 * `--help`, `--version` and usage errors load none of the domain, config (zod) or use-case code, and a command loads it
 * only when its action runs (see docs/architecture.md, admin CLI). Types come straight from the package.
 */
export type * from '@routeros-mcp/composition';
export { CAPABILITY_FLAGS, CHANGE_STATUSES, DEVICE_STATUSES, ENVIRONMENTS, PLAN_STATUSES, PRINCIPAL_NAME, PRINCIPAL_NAME_RULE, ROLES } from './vocabulary';

let loaded: typeof Composition | undefined;

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
const load = () => require('@routeros-mcp/composition') as typeof Composition;

export function composition(): typeof Composition {
  return (loaded ??= load());
}

/** The package if something has loaded it: none of its errors can have been thrown before that. */
export function compositionIfLoaded(): typeof Composition | undefined {
  return loaded;
}

export const displayJson: typeof Composition.displayJson = (...args) => composition().displayJson(...args);
export const displayText: typeof Composition.displayText = (...args) => composition().displayText(...args);
export const parseTag: typeof Composition.parseTag = (...args) => composition().parseTag(...args);
export const isDomainError = ((value: unknown) => composition().isDomainError(value)) as typeof Composition.isDomainError;
export const targetFor: typeof Composition.targetFor = (...args) => composition().targetFor(...args);
export const linesOfSection: typeof Composition.linesOfSection = (...args) => composition().linesOfSection(...args);
export const executionLogOf: typeof Composition.executionLogOf = (...args) => composition().executionLogOf(...args);
export const operationLines: typeof Composition.operationLines = (...args) => composition().operationLines(...args);
export const redactedPlan: typeof Composition.redactedPlan = (...args) => composition().redactedPlan(...args);
export const declaredPrincipalId: typeof Composition.declaredPrincipalId = (...args) => composition().declaredPrincipalId(...args);
export const consoleBaseOf: typeof Composition.consoleBaseOf = (...args) => composition().consoleBaseOf(...args);
export const localPrincipalId: typeof Composition.localPrincipalId = (...args) => composition().localPrincipalId(...args);
