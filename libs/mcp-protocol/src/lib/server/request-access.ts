import type { Principal } from '@routeros-mcp/application-ports';
import { enrolledReachRefusal, isNarrowed, unlessMissing } from '@routeros-mcp/application-use-cases';
import { Role, TIER_ROLE } from '@routeros-mcp/domain-kernel';
import type { McpErrorPayload } from '../errors/map-domain-error';
import { accessRefusalPayload } from '../errors/access-refusal';
import { matchResource } from '../resources/resource-catalog';
import type { ToolCatalog } from '../tools/catalog';
import { methodRefusal, tierRefusal } from './access-guard';
import { auditedArguments, ToolServices } from './register-tools';
import { auditableArguments } from './unknown-arguments';
import { audited } from './call-guards';
import { RpcError } from '../errors/rpc-error';
import { paramsTooDeep } from '../transport/frame-guard';
import { randomUUID } from 'node:crypto';

/**
 * Why a request may not run: `role` (a role would open it: the HTTP answer is a step-up challenge naming its scope)
 * or `reach` (the principal's environments or device tags leave out a device it names or touches).
 */
export interface AccessRefusal {
  reason: 'role' | 'reach';
  requiredRole?: Role;
  payload: McpErrorPayload;
}

/** What a request is judged against: the tools served and the records its ids point to. */
export interface AccessSources {
  catalog?: ToolCatalog;
  services: () => Promise<Pick<ToolServices, 'registry' | 'plans' | 'changes' | 'snapshots'>>;
}

interface RequestLike {
  method?: unknown;
  params?: unknown;
}

/** What a request names that stands for devices: a device, a plan (its devices), a change or a snapshot (its device). */
type Target = { kind: 'device' | 'plan' | 'change' | 'snapshot'; id: string };

const SNAPSHOT_ID = /^snap-[0-9a-f]{12}$/;

/** The targets among a tool's arguments, by the names every tool uses for them (unvalidated: non-strings are skipped). */
function argumentTargets(args: unknown): Target[] {
  if (!args || typeof args !== 'object' || Array.isArray(args)) return [];
  const a = args as Record<string, unknown>;
  const targets: Target[] = [];
  const str = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 200;
  if (str(a['device_id'])) targets.push({ kind: 'device', id: a['device_id'] });
  if (Array.isArray(a['devices'])) for (const id of a['devices'].filter(str)) targets.push({ kind: 'device', id });
  if (str(a['plan_id'])) targets.push({ kind: 'plan', id: a['plan_id'] });
  if (str(a['change_id'])) targets.push({ kind: 'change', id: a['change_id'] });
  // config_get_snapshot's snapshot_id, config_diff's from and to (`to` may be `live`).
  for (const key of ['snapshot_id', 'from', 'to']) if (str(a[key]) && SNAPSHOT_ID.test(a[key])) targets.push({ kind: 'snapshot', id: a[key] });
  return targets;
}

function uriTargets(uri: unknown): Target[] {
  const match = typeof uri === 'string' ? matchResource(uri) : undefined;
  if (!match) return [];
  const { device_id, plan_id, snapshot_id } = match.vars;
  return [...(device_id ? [{ kind: 'device' as const, id: device_id }] : []), ...(plan_id ? [{ kind: 'plan' as const, id: plan_id }] : []), ...(snapshot_id ? [{ kind: 'snapshot' as const, id: snapshot_id }] : [])];
}

/** The first device of `target` outside the principal's reach, as a refusal. */
async function targetRefusal(principal: Principal, target: Target, sources: AccessSources): Promise<McpErrorPayload | undefined> {
  const services = await sources.services();
  const device = async (id: string, through?: string) => {
    // A plan or change naming a device no longer enrolled cannot be shown to be within reach.
    const refusal = await enrolledReachRefusal(services.registry, principal, id, through);
    return refusal && accessRefusalPayload(refusal);
  };
  switch (target.kind) {
    case 'device':
      return device(target.id);
    case 'plan': {
      const plan = services.plans ? await unlessMissing(services.plans.get(target.id)) : undefined;
      if (!plan) return undefined;
      for (const id of new Set([...plan.steps.map((s) => s.deviceId), ...plan.excluded.map((e) => e.deviceId)])) {
        const refusal = await device(id, `plan '${plan.id}'`);
        if (refusal) return refusal;
      }
      return undefined;
    }
    case 'change': {
      const change = services.changes ? await unlessMissing(services.changes.get(target.id)) : undefined;
      return change ? device(change.deviceId, `change '${change.id}'`) : undefined;
    }
    case 'snapshot': {
      const snapshot = services.snapshots ? await unlessMissing(services.snapshots.get(target.id)) : undefined;
      return snapshot ? device(snapshot.deviceId, `snapshot '${snapshot.id}'`) : undefined;
    }
  }
}

/** The resources a request reads or watches (resources/read and subscribe: its uri; subscriptions/listen: every one). */
function requestedUris(method: string, params: Record<string, unknown>): unknown[] {
  if (method === 'resources/read' || method === 'resources/subscribe') return [params['uri']];
  if (method === 'subscriptions/listen') {
    const subscriptions = (params['notifications'] as { resourceSubscriptions?: unknown } | undefined)?.resourceSubscriptions;
    return Array.isArray(subscriptions) ? subscriptions : [];
  }
  return [];
}

/**
 * The one judgement of what a principal may ask, before anything runs: the role a method or tool needs, the
 * professional tier of plan resources, then (narrowed principals only: it costs lookups) the reach of every device
 * the request names or touches through a plan, change or snapshot. The protocol handlers apply it in-band (stdio,
 * and HTTP whatever the route did); the HTTP route applies it before dispatch, to answer 403 with a challenge.
 */
export async function requestRefusal(principal: Principal, request: RequestLike, sources: AccessSources): Promise<AccessRefusal | undefined> {
  if (typeof request.method !== 'string') return undefined;
  const method = request.method;
  const params = (request.params && typeof request.params === 'object' && !Array.isArray(request.params) ? request.params : {}) as Record<string, unknown>;
  const refusedMethod = methodRefusal(principal, method);
  if (refusedMethod) return { reason: 'role', requiredRole: TIER_ROLE.fundamental, payload: refusedMethod };
  let targets: Target[] = [];
  if (method === 'tools/call') {
    const tool = typeof params['name'] === 'string' ? sources.catalog?.find(params['name']) : undefined;
    if (!tool) return undefined;
    const refusedTier = tierRefusal(principal, tool);
    if (refusedTier) return { reason: 'role', requiredRole: TIER_ROLE[tool.tier], payload: refusedTier };
    targets = argumentTargets(params['arguments']);
  } else {
    for (const uri of requestedUris(method, params)) {
      const match = typeof uri === 'string' ? matchResource(uri) : undefined;
      const refusedTier = match?.kind.template.startsWith('plan://') ? tierRefusal(principal, { name: uri as string, tier: 'professional', kind: 'resource' }) : undefined;
      if (refusedTier) return { reason: 'role', requiredRole: TIER_ROLE.professional, payload: refusedTier };
      targets.push(...uriTargets(uri));
    }
  }
  if (!isNarrowed(principal)) return undefined;
  for (const target of targets) {
    const refusal = await targetRefusal(principal, target, sources);
    if (refusal) return { reason: 'reach', payload: refusal };
  }
  return undefined;
}

/** The same judgement in-band: throws the refusal as the request's error. */
export async function assertRequestAllowed(principal: Principal, request: RequestLike, sources: AccessSources): Promise<void> {
  const refusal = await requestRefusal(principal, request, sources);
  if (refusal) throw new RpcError(refusal.payload);
}

/**
 * The audit record of a request refused before dispatch, as the handler would have written it in-band: a tool call
 * or a resource read (the methods audited at all), refused with PROTOCOL.FORBIDDEN. Returns its correlation id.
 */
export async function recordRefusal(services: Pick<ToolServices, 'audit'>, principal: Principal, request: RequestLike, refusal: AccessRefusal, catalog?: ToolCatalog): Promise<string | undefined> {
  const params = (request.params && typeof request.params === 'object' ? request.params : {}) as Record<string, unknown>;
  let action: { action: string; deviceId?: string; arguments: Record<string, unknown> } | undefined;
  if (request.method === 'tools/call' && typeof params['name'] === 'string') {
    const args = params['arguments'];
    const device = (args as Record<string, unknown> | undefined)?.['device_id'];
    const tool = catalog?.find(params['name']);
    // As in-band: an unknown argument keeps its name, never its value (it may be a secret under a name no tool takes).
    const kept = paramsTooDeep(params) ? { omitted: 'nested too deep' } : auditedArguments(auditableArguments(tool, (args && typeof args === 'object' && !Array.isArray(args) ? args : {}) as Record<string, unknown>));
    action = { action: `tool.${tool?.name ?? params['name']}`, ...(typeof device === 'string' && device.length <= 64 ? { deviceId: device } : {}), arguments: kept };
  } else if (request.method === 'resources/read' && typeof params['uri'] === 'string') {
    const match = matchResource(params['uri']);
    if (match) action = { action: `resource.${match.kind.name}`, ...(match.vars['device_id'] ? { deviceId: match.vars['device_id'] } : {}), arguments: { uri: params['uri'] } };
  }
  if (!action) return undefined;
  const correlationId = randomUUID();
  await audited(services as ToolServices, { principal, correlationId, ...action }, async () => {
    throw new RpcError(refusal.payload);
  }).catch(() => undefined);
  return correlationId;
}
