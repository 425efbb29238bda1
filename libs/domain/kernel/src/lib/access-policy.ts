import type { Environment } from './environment';

/** The roles a principal can hold (from OAuth scopes or a claim, or an API token's role). */
export const ROLES = ['read_only', 'ops_rw', 'admin', 'approver'] as const;
export type Role = (typeof ROLES)[number];

export type Tier = 'fundamental' | 'advanced' | 'professional';

/** What each role opens, by tool tier: read_only reads, ops_rw changes one device, admin and approver run plans. */
export const ROLE_TIERS: Readonly<Record<Role, readonly Tier[]>> = {
  read_only: ['fundamental'],
  ops_rw: ['fundamental', 'advanced'],
  admin: ['fundamental', 'advanced', 'professional'],
  approver: ['fundamental', 'professional'],
};

/** The least role that opens a tier, named in a step-up (403 insufficient_scope) answer. */
export const TIER_ROLE: Readonly<Record<Tier, Role>> = { fundamental: 'read_only', advanced: 'ops_rw', professional: 'admin' };

/** Every role that opens a tier (any one is enough), in ROLES order: a refusal names them all, not only TIER_ROLE. */
export function rolesOpening(tier: Tier): Role[] {
  return ROLES.filter((role) => ROLE_TIERS[role].includes(tier));
}

/**
 * What a caller may touch. `roles` undefined means a local, unrestricted caller (stdio, admin CLI); an HTTP
 * principal always has roles. `environments` and `deviceTags` narrow further when present (a token made for lab
 * devices, or a claim listing tags); an empty list allows nothing.
 */
export interface AccessScope {
  roles?: readonly string[];
  environments?: readonly Environment[];
  /** `key=value` pairs, as device tags are written: a device with any one of them is within reach. */
  deviceTags?: readonly string[];
}

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

export function tiersOf(scope: AccessScope): readonly Tier[] {
  if (!scope.roles) return ['fundamental', 'advanced', 'professional'];
  const tiers = new Set<Tier>();
  for (const role of scope.roles) if (isRole(role)) for (const tier of ROLE_TIERS[role]) tiers.add(tier);
  return [...tiers];
}

export function mayUseTier(scope: AccessScope, tier: Tier): boolean {
  return tiersOf(scope).includes(tier);
}

/** Why a device is out of a principal's reach, or undefined when it is within. */
export function deviceRefusal(scope: AccessScope, device: { environment: Environment; tags: Readonly<Record<string, string>> }): 'environment' | 'tags' | undefined {
  if (scope.environments && !scope.environments.includes(device.environment)) return 'environment';
  if (scope.deviceTags && !Object.entries(device.tags).some(([key, value]) => scope.deviceTags!.includes(`${key}=${value}`))) return 'tags';
  return undefined;
}
