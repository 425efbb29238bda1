import type { StepPreview } from './content/step-preview';
import { StepStatus } from './plan-status';

/** One device's part of a plan. `change` is the tool-specific, secret-free description of what to do. */
export interface PlanStep {
  id: string;
  deviceId: string;
  batch: number;
  sequence: number;
  status: StepStatus;
  change: Record<string, unknown>;
  error?: string;
  /** The device's dry run at planning time: the reviewed diff and the state hash checked again before writing. */
  preview?: StepPreview;
  /** The change record the runner made for this step (set by the rollout runner). */
  changeId?: string;
  /** The change record that undid it on rollback (set by the rollout runner). */
  rollbackChangeId?: string;
  startedAt?: Date;
  finishedAt?: Date;
}
