import type { JobLeader, Logger } from '@routeros-mcp/application-ports';
import type { SweptAlongside } from '@routeros-mcp/application-use-cases';
import { InterruptedChangeRecovery, InterruptedChangeSweeper, SingularJob } from '@routeros-mcp/application-use-cases';
import type { Environment } from '@routeros-mcp/domain-kernel';

/** How a process looks for changes a dead process left unfinished: every interval in one replica, or once at start. */
export type ChangeRecoveryMode = 'periodic' | 'once';

export interface ChangeRecoveryRun {
  /** Ends the sweeps, aborting a running one between its writes, waiting for it no longer than the grace given at start. */
  stop(): Promise<void>;
}

/**
 * Starts the sweeps in the background (a start-up never waits for one). Periodic: a singular job, so exactly one
 * replica sweeps, at once when it takes the job and every `intervalMs`; a replica that dies hands it on.
 */
export function startChangeRecovery(mode: ChangeRecoveryMode, recovery: InterruptedChangeRecovery, jobs: JobLeader, schedule: { intervalMs: number; environment: Environment; graceMs: number }, logger: Logger, alongside: SweptAlongside = {}): ChangeRecoveryRun {
  const { intervalMs, environment, graceMs } = schedule;
  if (mode === 'once') {
    // A process that looks once (the admin CLI) leaves re-checking devices to the servers that sweep periodically.
    const sweeper = new InterruptedChangeSweeper(recovery, { intervalMs: 0, environment }, logger, { calls: alongside.calls }).start();
    return { stop: () => sweeper.stop(graceMs) };
  }
  const job = new SingularJob(jobs, { key: 'change-recovery', retryMs: intervalMs, graceMs }, () => new InterruptedChangeSweeper(recovery, { intervalMs, environment }, logger, alongside).start(), logger);
  job.start();
  return { stop: () => job.stop() };
}
