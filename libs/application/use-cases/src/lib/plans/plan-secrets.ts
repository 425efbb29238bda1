import type { SecretCipher } from '@routeros-mcp/application-ports';
import { isSecretRouterOsProperty, REDACTED_VALUE, ValidationError } from '@routeros-mcp/domain-kernel';
import { SECRET_KEYS } from '@routeros-mcp/domain-plans';
import type { PlanTopic } from '@routeros-mcp/domain-plans';
import { Plan, PLAN_TOPICS } from '@routeros-mcp/domain-plans';
import { redactArguments } from '../audit-recorder';

/** A secret as a stored plan step's `change` holds it: sealed with the secret cipher, bound to the topic and path. */
export interface SealedPlanSecret {
  sealed: string;
}

type Json = Record<string, unknown>;
type Visit = (value: unknown, path: string) => unknown;

const isSealed = (value: unknown): value is SealedPlanSecret => typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 1 && typeof (value as SealedPlanSecret).sealed === 'string';
const context = (topic: Pick<PlanTopic, 'name'>, path: string) => `plan-secret:${topic.name}:${path}`;

/**
 * Calls `visit` on every value at a `secretFields` path (`a.*.b`: every item of list `a`; `a.{secret}`: every key of
 * object `a` that names a RouterOS secret, for changes whose property names are the caller's) and puts back what it
 * answers.
 */
function mapSecretFields(change: Readonly<Json>, fields: readonly string[], visit: Visit): Json {
  const copy = JSON.parse(JSON.stringify(change)) as Json;
  const walk = (node: unknown, parts: readonly string[], path: string[]): void => {
    if (typeof node !== 'object' || node === null) return;
    const [head, ...rest] = parts;
    const keys = head === '*' ? (Array.isArray(node) ? node.map((_v, i) => String(i)) : []) : head === SECRET_KEYS ? Object.keys(node).filter(isSecretRouterOsProperty) : [head];
    for (const key of keys) {
      const holder = node as Record<string, unknown>;
      if (!(key in holder) || holder[key] === undefined) continue;
      if (rest.length === 0) holder[key] = visit(holder[key], [...path, key].join('.'));
      else walk(holder[key], rest, [...path, key]);
    }
  };
  for (const field of fields) walk(copy, field.split('.'), []);
  return copy;
}

/**
 * The change as a plan stores it (and hashes it): every secret field of the topic replaced by `{ sealed }`, sealed
 * with `cipher` for this topic and path. Call it in PlanService.create on the caller's change, before the content
 * hash and before saving; values already sealed are kept.
 */
export function sealPlanSecrets(change: Readonly<Json>, topic: Pick<PlanTopic, 'name' | 'secretFields'>, cipher: Pick<SecretCipher, 'encrypt'>): Json {
  return mapSecretFields(change, topic.secretFields ?? [], (value, path) => {
    if (isSealed(value)) return value;
    if (typeof value !== 'string') throw ValidationError.single(path, 'must be a string');
    return { sealed: cipher.encrypt(value, context(topic, path)) } satisfies SealedPlanSecret;
  });
}

/**
 * The stored change with its secrets opened, for `topic.parse` just before a dry run or a step runs (PlanService's
 * per-device dry runs, the rollout runner's step). The result is never stored, logged or returned.
 */
export function openPlanSecrets(change: Readonly<Json>, topic: Pick<PlanTopic, 'name' | 'secretFields'>, cipher: Pick<SecretCipher, 'decrypt'>): Json {
  return mapSecretFields(change, topic.secretFields ?? [], (value, path) => {
    if (!isSealed(value)) throw ValidationError.single(path, 'is a secret the plan does not hold sealed');
    return cipher.decrypt(value.sealed, context(topic, path));
  });
}

/** The stored change as shown to people and models (plan_get, the admin CLI): every secret field `[redacted]`. */
export function redactPlanSecrets(change: Readonly<Json>, topic: Pick<PlanTopic, 'secretFields'>): Json {
  return mapSecretFields(change, topic.secretFields ?? [], () => REDACTED_VALUE);
}

/**
 * A stored step's change as the planner takes it: secrets opened, then parsed by the topic. For the moment of use
 * only (a drift check, a step run, a health gate's verification): never store, log or return the result.
 */
export function stepInput<I>(topic: PlanTopic<I>, change: Readonly<Json>, cipher: Pick<SecretCipher, 'decrypt'>): I {
  return topic.parse(openPlanSecrets(change, topic, cipher));
}

/**
 * The plan as shown to people and models (tool results, resources, the admin CLI): every step's change with its
 * topic's secret fields `[redacted]`, and any secret-looking field by name too (a topic this version does not
 * know). Never used for hashing or running: the stored (sealed) form is what approval binds to.
 */
export function redactedPlan(plan: Plan): Plan {
  const props = plan.toProps();
  const topic = PLAN_TOPICS[props.topic];
  return Plan.restore({ ...props, steps: props.steps.map((s) => ({ ...s, change: redactArguments(redactPlanSecrets(s.change, topic ?? {})) })) });
}

/**
 * The ciphertexts of every `{ sealed }` value in a stored step change, wherever it is (a topic this version does
 * not know included): what a key rotation must keep a key for.
 */
export function sealedPlanValues(change: unknown): string[] {
  if (isSealed(change)) return [change.sealed];
  if (typeof change !== 'object' || change === null) return [];
  return Object.values(change).flatMap(sealedPlanValues);
}
