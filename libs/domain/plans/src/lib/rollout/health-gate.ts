/** Where a device counts as unhealthy after a batch: load or memory use above these, in percent (a rollout policy's `health`). */
export interface HealthThresholds {
  maxCpuPercent: number;
  maxMemoryPercent: number;
}

/** What the runner saw of one device after its batch. */
export interface DeviceHealthSample {
  deviceId: string;
  /** Answered over a new connection (a fresh TLS session to the pinned identity, then a read). */
  reachable: boolean;
  /** Why not, when unreachable: the device-access error code. */
  unreachableReason?: string;
  /** Absent when the device did not report it: unknown is not unhealthy. */
  cpuPercent?: number;
  memoryUsedPercent?: number;
  /** The topic's own checks: the DNS servers answer, the route is active, the management path holds. */
  checks: readonly { name: string; ok: boolean; detail?: string }[];
}

export interface GateFailure {
  deviceId: string;
  reasons: string[];
}

export interface GateVerdict {
  passed: boolean;
  failures: GateFailure[];
}

/**
 * The gate after a batch: every device of it reachable, under both thresholds, and passing the topic's checks.
 * One sample per device of the batch is expected; a device with none failed to be sampled, which fails the gate.
 */
export function evaluateHealthGate(deviceIds: readonly string[], samples: readonly DeviceHealthSample[], thresholds: HealthThresholds): GateVerdict {
  const failures: GateFailure[] = [];
  for (const deviceId of deviceIds) {
    const sample = samples.find((s) => s.deviceId === deviceId);
    const reasons = sample ? reasonsOf(sample, thresholds) : ['no health sample was taken'];
    if (reasons.length > 0) failures.push({ deviceId, reasons });
  }
  return { passed: failures.length === 0, failures };
}

function reasonsOf(sample: DeviceHealthSample, thresholds: HealthThresholds): string[] {
  if (!sample.reachable) return [`unreachable over a new connection${sample.unreachableReason ? ` (${sample.unreachableReason})` : ''}`];
  const reasons: string[] = [];
  if (sample.cpuPercent !== undefined && sample.cpuPercent > thresholds.maxCpuPercent) reasons.push(`CPU load ${sample.cpuPercent}% > ${thresholds.maxCpuPercent}%`);
  if (sample.memoryUsedPercent !== undefined && sample.memoryUsedPercent > thresholds.maxMemoryPercent) {
    reasons.push(`memory use ${Math.round(sample.memoryUsedPercent)}% > ${thresholds.maxMemoryPercent}%`);
  }
  for (const check of sample.checks) if (!check.ok) reasons.push(`${check.name} failed${check.detail ? `: ${check.detail}` : ''}`);
  return reasons;
}
