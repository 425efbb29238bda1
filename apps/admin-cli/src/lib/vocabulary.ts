/**
 * The words the command definitions show in help and offer as choices, copied from the domain so that defining the
 * commands loads none of it (vocabulary.spec.ts fails when a copy and the domain's list part).
 */
export const ENVIRONMENTS = ['lab', 'staging', 'prod'] as const;
export const ROLES = ['read_only', 'ops_rw', 'admin', 'approver'] as const;
export const DEVICE_STATUSES = ['unknown', 'healthy', 'degraded', 'unreachable', 'decommissioned'] as const;
export const CHANGE_STATUSES = ['proposed', 'applying', 'verified', 'reverted', 'revert_pending', 'needs_attention', 'failed'] as const;
export const PLAN_STATUSES = ['pending', 'approved', 'executing', 'completed', 'failed', 'cancelled', 'rejected', 'expired', 'rolling_back', 'rolled_back'] as const;
export const CAPABILITY_FLAGS = [
  'allow_advanced_writes',
  'allow_professional_workflows',
  'allow_firewall_writes',
  'allow_routing_writes',
  'allow_wireless_writes',
  'allow_dhcp_writes',
  'allow_bridge_writes',
  'allow_bandwidth_test',
] as const;
export const PRINCIPAL_NAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;
export const PRINCIPAL_NAME_RULE = '1-64 letters, digits or . _ @ - starting with a letter or digit (no ":")';
