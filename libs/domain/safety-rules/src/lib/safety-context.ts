import { Environment } from '@routeros-mcp/domain-kernel';
import { Capabilities, CapabilityFlag } from '@routeros-mcp/domain-devices';

export const TIERS = ['fundamental', 'advanced', 'professional'] as const;
export type Tier = (typeof TIERS)[number];

/** Everything a rule may look at. Rules are pure: the same context always gives the same verdict. */
export interface SafetyContext {
  /** The environment this service instance is deployed for (`ROUTEROS_MCP_ENVIRONMENT`). */
  serviceEnvironment: Environment;
  operation: {
    tool: string;
    tier: Tier;
    topic: string;
    writes: boolean;
    /** A flag this particular operation needs on top of the tier's (e.g. `allow_bandwidth_test`). */
    requiresFlag?: CapabilityFlag;
  };
  /** The device the operation touches; absent for fleet-wide or registry-only operations. */
  device?: { id: string; environment: Environment; capabilities: Capabilities; critical: boolean };
  /** Set when the write runs as a step of an approved plan. */
  approvedPlanId?: string;
  /** Operation inputs that some rules check. */
  input?: {
    dnsServers?: readonly string[];
    ntpServers?: readonly string[];
    addressList?: string;
    sshCommand?: string;
  };
}

export type RuleStatus = 'pass' | 'fail' | 'not_applicable' | 'not_evaluated';

export interface RuleResult {
  ruleId: string;
  status: RuleStatus;
  message: string;
  /** Secret-free structured context (e.g. `required_flag`, `device_environment`). */
  details?: Record<string, unknown>;
}
