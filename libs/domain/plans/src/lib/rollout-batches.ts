import { ValidationError } from '@routeros-mcp/domain-kernel';

export interface BatchOptions {
  /** Devices in the first (canary) batch; 0 for no canary. */
  canarySize: number;
  /** Devices in every later batch. */
  batchSize: number;
}

export const DEFAULT_BATCHES: BatchOptions = { canarySize: 1, batchSize: 5 };

/** Splits devices, in the given order, into a canary batch and equal-sized batches after it. */
export function planRolloutBatches<T>(items: readonly T[], options: BatchOptions = DEFAULT_BATCHES): T[][] {
  if (!Number.isInteger(options.canarySize) || options.canarySize < 0) throw ValidationError.single('canary_size', 'must be a whole number ≥ 0');
  if (!Number.isInteger(options.batchSize) || options.batchSize < 1) throw ValidationError.single('batch_size', 'must be a whole number ≥ 1');
  const batches: T[][] = [];
  const canary = items.slice(0, options.canarySize);
  if (canary.length > 0) batches.push(canary);
  for (let i = canary.length; i < items.length; i += options.batchSize) batches.push(items.slice(i, i + options.batchSize));
  return batches;
}
