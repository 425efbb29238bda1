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
  startedAt?: Date;
  finishedAt?: Date;
}
