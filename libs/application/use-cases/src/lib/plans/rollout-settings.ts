import type { Environment } from '@routeros-mcp/domain-kernel';

export const RolloutSettings = Symbol.for('RolloutSettings');
/** How the rollout runner works; composition binds them from the configuration. */
export interface RolloutSettings {
  /** The environment this service serves (every step's change is refused on a device of another). */
  environment: Environment;
  /** Devices of one batch changed at the same time. */
  concurrency: number;
  /** How often a process looks for `executing` and `rolling_back` plans nobody runs (a dead runner's). */
  scanIntervalMs: number;
  /** How often a step whose change is still in flight (its process died mid-write) is looked at again. */
  recheckMs: number;
  /** How long a stop (shutdown, lost leadership) waits for the device steps in flight before aborting them. */
  stopGraceMs: number;
}

export const DEFAULT_ROLLOUT_SETTINGS: Omit<RolloutSettings, 'environment'> = { concurrency: 10, scanIntervalMs: 15_000, recheckMs: 2_000, stopGraceMs: 10_000 };
