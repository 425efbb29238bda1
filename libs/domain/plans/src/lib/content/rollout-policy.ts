import { FieldErrors } from '@routeros-mcp/domain-kernel';

export const HALT_POLICIES = ['halt_and_rollback', 'halt_and_hold', 'continue'] as const;
/** What a failed health gate does: undo every applied device (default), stop where it is, or go on regardless. */
export type HaltPolicy = (typeof HALT_POLICIES)[number];

/** How a plan is rolled out: a canary batch, then batches, a pause between, and the health gate after each. */
export interface RolloutPolicy {
  /** Devices in the first batch; 0 for no canary. */
  canarySize: number;
  /** Devices in every later batch. */
  batchSize: number;
  /** Wait between batches, after the health gate passed. */
  pauseSeconds: number;
  /** The health gate fails when a device's CPU load or memory use is above these (percent). */
  health: { maxCpuPercent: number; maxMemoryPercent: number };
  haltPolicy: HaltPolicy;
}

export const DEFAULT_ROLLOUT_POLICY: RolloutPolicy = {
  canarySize: 1,
  batchSize: 5,
  pauseSeconds: 30,
  health: { maxCpuPercent: 90, maxMemoryPercent: 90 },
  haltPolicy: 'halt_and_rollback',
};

export type RolloutPolicyInput = Partial<Omit<RolloutPolicy, 'health'>> & { health?: Partial<RolloutPolicy['health']> };

const whole = (value: number, min: number, max: number) => Number.isInteger(value) && value >= min && value <= max;

/** The defaults completed with what the caller gave, each value checked; every bad field reported at once. */
export function rolloutPolicyOf(input: RolloutPolicyInput = {}): RolloutPolicy {
  const policy: RolloutPolicy = { ...DEFAULT_ROLLOUT_POLICY, ...input, health: { ...DEFAULT_ROLLOUT_POLICY.health, ...(input.health ?? {}) } };
  const errors = new FieldErrors();
  if (!whole(policy.canarySize, 0, 50)) errors.add('rollout.canary_size', 'must be a whole number from 0 to 50');
  if (!whole(policy.batchSize, 1, 50)) errors.add('rollout.batch_size', 'must be a whole number from 1 to 50');
  if (!whole(policy.pauseSeconds, 0, 3_600)) errors.add('rollout.pause_seconds', 'must be a whole number of seconds from 0 to 3600');
  if (!whole(policy.health.maxCpuPercent, 1, 100)) errors.add('rollout.health.max_cpu_percent', 'must be a whole percent from 1 to 100');
  if (!whole(policy.health.maxMemoryPercent, 1, 100)) errors.add('rollout.health.max_memory_percent', 'must be a whole percent from 1 to 100');
  if (!(HALT_POLICIES as readonly string[]).includes(policy.haltPolicy)) errors.add('rollout.halt_policy', `must be one of ${HALT_POLICIES.join(', ')}`);
  errors.throwIfAny();
  return policy;
}
