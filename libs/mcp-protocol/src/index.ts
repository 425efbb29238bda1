export * from './lib/create-mcp-server';
export * from './lib/server-info';
export * from './lib/errors/error-codes';
export * from './lib/errors/map-domain-error';
export * from './lib/tools/catalog';
export type { ToolDefinition, ToolContext, ToolOutput } from './lib/tools/define-tool';
export type { ServicesSource, ToolServices, ToolServerOptions } from './lib/server/register-tools';
export { estimateTokens } from './lib/support/token-budget';
export { FLEET_FAN_OUT } from './lib/tools/fleet/fleet-get-health-summary.tool';
export * from './lib/transport/guarded-stdio-transport';
/** The HTTP app's checks of a parsed body before dispatch (batches, ids, nesting), shared with stdio's guards. */
export { httpBodyRefusal, MAX_JSON_DEPTH } from './lib/transport/frame-guard';
/** The HTTP app's check of MCP-Protocol-Version before dispatch: every revision served, named in the refusal. */
export { HTTP_PROTOCOL_VERSIONS, unsupportedVersionFrame } from './lib/transport/protocol-version-guard';
export { CallTracker } from './lib/server/call-tracker';
export * from './lib/errors/error-contract';
export type { ListenSink } from './lib/transport/listen-tracker';
/** The SDK's stdio entry: one pipe, both revisions (the apps import no SDK themselves). */
export { serveStdio } from '@modelcontextprotocol/server/stdio';
export type { CallObserver, ObservedCall, ObservedOutcome } from './lib/server/call-observer';
export { observeOperations } from './lib/server/operation-observer';
export type { ObservedOperation, ObservedTransportInfo, OperationObserver, OperationOutcome, OperationScope } from './lib/server/operation-observer';
export * from './lib/transport/http-mcp-handler';
export type { ExecutionSlots } from './lib/server/register-tools';
export type { AccessRefusal } from './lib/server/request-access';
/** Host-header check (DNS rebinding) for the HTTP app, from the SDK (apps import no SDK themselves). */
export { validateHostHeader, localhostAllowedHostnames } from '@modelcontextprotocol/server';
/** The access policy the HTTP layer applies before dispatch (step-up answers), from the domain. */
export { mayUseTier, TIER_ROLE } from '@routeros-mcp/domain-kernel';
export type { Role, Tier } from '@routeros-mcp/domain-kernel';
export type { Principal, RateDecision } from '@routeros-mcp/application-ports';
export { forwardPlanEvents } from './lib/resources/plan-events';
export { planConsoleUrl } from './lib/elicitation/plan-console-url';
/** The servers take the console's base from the one rule the admin CLI uses too. */
export { consoleBaseOf } from '@routeros-mcp/domain-kernel';
export type { PlanEventSink } from './lib/resources/plan-events';
export type { PlanOperations, PlanRollback } from './lib/tools/plan/plan-services';
export { DEFAULT_WRITE_TOPICS, selectToolsets } from './lib/tools/toolsets';
export type { ToolsetSelection } from './lib/tools/toolsets';
/** The prompt catalogue as served (the conformance runner maps the suite's fixture prompts onto it). */
export { loadPrompts } from './lib/prompts/prompt-catalog';
export type { PromptDefinition } from './lib/prompts/prompt-catalog';
/** MCP Apps views (`ui://`), and the console address the plan views link to. */
export { VIEWS, VIEW_MIME_TYPE } from './lib/views/views';
export type { ViewDefinition } from './lib/views/views';
