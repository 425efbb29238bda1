import { InitialSchema1767225600000 } from './1767225600000-initial-schema.migration';
import { RegistryRevision1767312000000 } from './1767312000000-registry-revision.migration';
import { ConfigSnapshots1767398400000 } from './1767398400000-config-snapshots.migration';
import { Changes1767484800000 } from './1767484800000-changes.migration';
import { ApiTokens1767571200000 } from './1767571200000-api-tokens.migration';
import { RateLimits1767657600000 } from './1767657600000-rate-limits.migration';
import { PlanApprovals1767744000000 } from './1767744000000-plan-approvals.migration';
import { PlanDataKeys1767830400000 } from './1767830400000-plan-data-keys.migration';
import { UniqueTokenNames1767916800000 } from './1767916800000-unique-token-names.migration';
import { AuditSettlement1768003200000 } from './1768003200000-audit-settlement.migration';
import { JobLeases1768089600000 } from './1768089600000-job-leases.migration';
import { ConsoleSessions1795856400000 } from './1795856400000-console-sessions.migration';
import { AuditChain1795865301935 } from './1795865301935-audit-chain.migration';
import { ConsoleSessionPrincipals1795865354526 } from './1795865354526-console-session-principals.migration';

/** Every migration, oldest first. Append only: never edit one that has shipped. */
export const MIGRATIONS = [InitialSchema1767225600000, RegistryRevision1767312000000, ConfigSnapshots1767398400000, Changes1767484800000, ApiTokens1767571200000, RateLimits1767657600000, PlanApprovals1767744000000, PlanDataKeys1767830400000, UniqueTokenNames1767916800000, AuditSettlement1768003200000, JobLeases1768089600000, ConsoleSessions1795856400000, AuditChain1795865301935, ConsoleSessionPrincipals1795865354526];
