// What the apps may use from the layers below, re-exported here so that apps depend on composition only.
export { ConfigError } from '@routeros-mcp/config';
export { CAPABILITY_FLAGS, DEVICE_STATUSES, parseTag } from '@routeros-mcp/domain-devices';
export type { CapabilityFlag, ConfigSnapshot, Device, DeviceCredentials, DevicePatch, NewDeviceInput, SnapshotSummary } from '@routeros-mcp/domain-devices';
export { linesOfSection } from '@routeros-mcp/domain-devices';
export { consoleBaseOf, declaredPrincipalId, displayJson, displayText, ENVIRONMENTS, isDomainError, PRINCIPAL_NAME, PRINCIPAL_NAME_RULE, ROLES, StoreUnavailableError } from '@routeros-mcp/domain-kernel';
export { localPrincipalId } from './local-principal';
export type { Environment } from '@routeros-mcp/domain-kernel';
export type { DeviceRequestObserver, DeviceRequestOutcome, Principal } from '@routeros-mcp/application-ports';
export type { CredentialSummary } from '@routeros-mcp/application-use-cases';
export { KeyFileError } from '@routeros-mcp/adapters-secrets';
export type { ChangeResult, ConnectivityReport, CheckOutcome, SnapshotDiff } from '@routeros-mcp/application-use-cases';

/**
 * The device target of an enrolment check, loading the use-cases (and inversify with them) on first call: a server
 * answers its first request without them.
 */
export const targetFor: typeof import('@routeros-mcp/application-use-cases').targetFor = (...args) =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  (require('@routeros-mcp/application-use-cases') as typeof import('@routeros-mcp/application-use-cases')).targetFor(...args);
export { CHANGE_STATUSES, operationLines } from '@routeros-mcp/domain-changes';
export type { BeforeSnapshot, ChangeRecord, ChangeStatus, TouchedRow } from '@routeros-mcp/domain-changes';

/**
 * Runs `fn` with a correlation id that every log line written inside it carries, the device adapters' included
 * (the HTTP server's call observer wraps each tool call in it). Loads the logging adapter on first call.
 */
export const withCorrelationId: typeof import('@routeros-mcp/adapters-logging').withCorrelationId = (id, fn) =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, like targetFor
  (require('@routeros-mcp/adapters-logging') as typeof import('@routeros-mcp/adapters-logging')).withCorrelationId(id, fn);
export { AuthenticationError, Authenticator } from '@routeros-mcp/application-ports';
export type { Authenticated, AuthFailureKind } from '@routeros-mcp/application-ports';
export type { ApiTokenSummary, CreatedApiToken, NewApiToken, ProtectedResourceMetadata, WwwAuthenticateOptions } from '@routeros-mcp/adapters-auth';
// Pure HTTP helpers of the auth adapter (its index loads neither jose nor inversify until they are needed).
export { OidcLoginError } from '@routeros-mcp/adapters-auth';
export type { OidcLogin } from '@routeros-mcp/adapters-auth';
export { bearerErrorOf, entryScope, parseScopeRoles, protectedResourceMetadata, protectedResourceMetadataUrl, resourceUrl, scopeForRole, stepUpSuggestion, wwwAuthenticate } from '@routeros-mcp/adapters-auth';
export { executionLogOf, PLAN_STATUSES } from '@routeros-mcp/domain-plans';
export type { ExecutionLogLine, Plan, PlanStatus, StepPreview } from '@routeros-mcp/domain-plans';
export type { PlanApprovalSummary } from '@routeros-mcp/application-use-cases';
export { redactedPlan } from '@routeros-mcp/application-use-cases';

export type { ConsolePermissions, ConsoleSession, ConsoleLogins } from '@routeros-mcp/application-use-cases';
/** What a console principal may see and do (the application layer's access policy); loads the use-cases on first call. */
export const consolePermissions: typeof import('@routeros-mcp/application-use-cases').consolePermissions = (...args) =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, like targetFor
  (require('@routeros-mcp/application-use-cases') as typeof import('@routeros-mcp/application-use-cases')).consolePermissions(...args);
