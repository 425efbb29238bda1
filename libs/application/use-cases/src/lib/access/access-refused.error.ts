import type { Environment, Role, Tier } from '@routeros-mcp/domain-kernel';
import { DomainError } from '@routeros-mcp/domain-kernel';

/**
 * Why access was refused, as facts: the layer that answers (MCP, admin CLI, console) words its own advice from them.
 * `environment`: the device is of another environment than the one this server serves. `reach`: it is outside the
 * principal's environments or device tags (`unknown_device`: a plan or change names a device no longer enrolled, so
 * its reach cannot be shown). `tier`: the principal's roles do not open the tier of what it asked for.
 */
export type AccessRefusalFacts =
  | { kind: 'environment'; deviceId: string; deviceEnvironment: Environment; serverEnvironment: Environment }
  | { kind: 'reach'; deviceId: string; refusedBy: 'environment' | 'tags' | 'unknown_device'; through?: string }
  | { kind: 'tier'; name: string; tier: Tier; what: 'tool' | 'resource'; requiredRole: Role; allowedRoles: readonly Role[]; roles: readonly string[] };

/** A principal may not do or see this: decided by the access policy, before anything runs. */
export class AccessRefusedError extends DomainError {
  readonly code = 'ACCESS.REFUSED';
  constructor(
    message: string,
    readonly facts: AccessRefusalFacts,
  ) {
    super(message);
  }
  override details(): Record<string, unknown> {
    return { ...this.facts };
  }
}
