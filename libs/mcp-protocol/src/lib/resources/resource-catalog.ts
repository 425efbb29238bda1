import { assertTierAllowed } from '@routeros-mcp/application-use-cases';
import { ENVIRONMENTS } from '@routeros-mcp/domain-kernel';
import { ValidationError } from '@routeros-mcp/domain-kernel';
import type { ToolContext, ToolDefinition } from '../tools/define-tool';
import { auditListEvents } from '../tools/audit/audit-list-events.tool';
import { configGetExport } from '../tools/config/config-get-export.tool';
import { configGetSnapshot } from '../tools/config/config-get-snapshot.tool';
import { deviceList } from '../tools/device/device-list.tool';
import { fleetGetHealthSummary } from '../tools/fleet/fleet-get-health-summary.tool';
import { interfaceList } from '../tools/interface/interface-list.tool';
import { logsGetRecent } from '../tools/logs/logs-get-recent.tool';
import { systemGetHealth } from '../tools/system/system-get-health.tool';
import { systemGetOverview } from '../tools/system/system-get-overview.tool';
import { plansOf } from '../tools/plan/plan-services';
import { executionLog, planSummary, planView } from '../tools/plan/plan-view';
import { nextStep } from '../tools/plan/plan-view';

/** One kind of resource: its URI template and the tool (with fixed arguments) that produces its content. */
export interface ResourceKind {
  template: string;
  name: string;
  title: string;
  description: string;
  pattern: RegExp;
  /** Turns the URI's variables into the tool call that reads it. */
  read(vars: Record<string, string>, ctx: ToolContext): Promise<unknown>;
}

async function via(tool: ToolDefinition, args: Record<string, unknown>, ctx: ToolContext): Promise<unknown> {
  const parsed = tool.input.safeParse(args);
  if (!parsed.success) throw ValidationError.single(parsed.error.issues[0].path.join('.') || 'uri', parsed.error.issues[0].message);
  return (await tool.run(parsed.data as never, ctx)).structured;
}

const device = (suffix: string, title: string, description: string, read: ResourceKind['read']): ResourceKind => ({
  template: `device://{device_id}/${suffix}`,
  name: `device-${suffix}`,
  title,
  description,
  pattern: new RegExp(`^device://([a-z0-9][a-z0-9-]{1,62})/${suffix}$`),
  read,
});

export const RESOURCE_KINDS: readonly ResourceKind[] = [
  device('overview', 'Device overview', 'Identity, version, board, uptime, CPU and memory.', (v, ctx) => via(systemGetOverview as ToolDefinition, { device_id: v['device_id'] }, ctx)),
  device('health', 'Device health', 'CPU, memory, uptime and hardware sensors.', async (v, ctx) => ({
    overview: await via(systemGetOverview as ToolDefinition, { device_id: v['device_id'] }, ctx),
    sensors: ((await via(systemGetHealth as ToolDefinition, { device_id: v['device_id'], limit: 100 }, ctx)) as { items: unknown[] }).items,
  })),
  device('config', 'Device configuration', 'Live export, secrets redacted; subscribable (updated on each new snapshot or change).', (v, ctx) => via(configGetExport as ToolDefinition, { device_id: v['device_id'] }, ctx)),
  device('interfaces', 'Device interfaces', 'All interfaces with state and counters (first 500).', (v, ctx) => via(interfaceList as ToolDefinition, { device_id: v['device_id'], limit: 500 }, ctx)),
  device('logs', 'Device logs', 'The newest 100 log entries.', (v, ctx) => via(logsGetRecent as ToolDefinition, { device_id: v['device_id'], limit: 100 }, ctx)),
  { template: 'fleet://health-summary', name: 'fleet-health-summary', title: 'Fleet health', description: 'Reachability, CPU and memory of every device of this environment.', pattern: /^fleet:\/\/health-summary$/, read: (_v, ctx) => via(fleetGetHealthSummary as ToolDefinition, {}, ctx) },
  { template: 'fleet://devices', name: 'fleet-devices', title: 'Enrolled devices', description: 'Every enrolled device (first 500).', pattern: /^fleet:\/\/devices$/, read: (_v, ctx) => via(deviceList as ToolDefinition, { limit: 500 }, ctx) },
  { template: 'fleet://devices/{environment}', name: 'fleet-devices-by-environment', title: 'Devices of one environment', description: 'Enrolled devices of this server\'s environment (another one is refused).', pattern: new RegExp(`^fleet://devices/(${ENVIRONMENTS.join('|')})$`), read: (v, ctx) => via(deviceList as ToolDefinition, { environment: v['environment'], limit: 500 }, ctx) },
  { template: 'snapshot://{snapshot_id}', name: 'config-snapshot', title: 'Config snapshot', description: 'One stored configuration snapshot, secrets redacted.', pattern: /^snapshot:\/\/(snap-[0-9a-f]{12})$/, read: (v, ctx) => via(configGetSnapshot as ToolDefinition, { snapshot_id: v['snapshot_id'] }, ctx) },
  { template: 'audit://events/recent', name: 'audit-recent', title: 'Recent audit events', description: 'The newest 100 audited actions.', pattern: /^audit:\/\/events\/recent$/, read: (_v, ctx) => via(auditListEvents as ToolDefinition, { limit: 100 }, ctx) },
];

/** The parts of a plan resource: `plan://{plan_id}/summary`, `/details`, `/execution-log`. */
export const PLAN_RESOURCE_SUFFIXES = ['summary', 'details', 'execution-log'] as const;

/** A plan's resources are the professional tier's, as its tools are. */
async function planOf(planId: string, ctx: ToolContext) {
  assertTierAllowed(ctx.principal, { name: `plan://${planId}`, tier: 'professional' });
  return plansOf(ctx).get(planId);
}

const plan = (suffix: (typeof PLAN_RESOURCE_SUFFIXES)[number], title: string, description: string, read: (p: Awaited<ReturnType<typeof planOf>>) => unknown): ResourceKind => ({
  template: `plan://{plan_id}/${suffix}`,
  name: `plan-${suffix}`,
  title,
  description,
  pattern: new RegExp(`^plan://(plan-[a-z0-9-]{4,60})/${suffix}$`),
  read: async (v, ctx) => read(await planOf(v['plan_id'], ctx)),
});

/** Plan resources, subscribable: updated when the plan changes state or its rollout moves. */
export const PLAN_RESOURCE_KINDS: readonly ResourceKind[] = [
  plan('summary', 'Plan summary', 'Status, progress, approval (who, when, until), next step; subscribable.', (p) => ({ ...planSummary(p), next_step: nextStep(p.toProps()) })),
  plan('details', 'Plan details', 'Per-device diff, before/after rows, risk, verdicts, exclusions, rollout options; subscribable.', (p) => planView(p, true)),
  plan('execution-log', 'Plan execution log', 'Every transition and device step of the rollout, in time order; subscribable.', (p) => executionLog(p)),
];

/** The kind and variables of a URI, or undefined when no template matches. */
export function matchResource(uri: string): { kind: ResourceKind; vars: Record<string, string> } | undefined {
  for (const kind of [...RESOURCE_KINDS, ...PLAN_RESOURCE_KINDS]) {
    const m = kind.pattern.exec(uri);
    if (!m) continue;
    const names = [...kind.template.matchAll(/\{(\w+)\}/g)].map((x) => x[1]);
    return { kind, vars: Object.fromEntries(names.map((n, i) => [n, m[i + 1]])) };
  }
  return undefined;
}
