/** A singular job this process holds: exactly one process runs it while held. */
export interface Leadership {
  readonly key: string;
  /** Aborted when the process loses the job (its database session ended, its lease was not renewed in time); the job must stop. */
  readonly lost: AbortSignal;
  release(): Promise<void>;
}

export const JobLeader = Symbol.for('JobLeader');
/**
 * Singular jobs across the processes sharing a database (each plan's runner, the recovery sweep, the snapshot
 * scheduler, the health poller per device): PostgreSQL advisory locks held on a dedicated session, so a replica
 * that dies frees its jobs at once; on SQLite a renewed lease row per job, so a server and the admin CLI on one file
 * never both lead one, and a process that dies frees its jobs when their leases run out. Never waits: a job someone
 * else holds answers undefined, and is tried again later.
 */
export interface JobLeader {
  tryLead(key: string): Promise<Leadership | undefined>;
  close(): Promise<void>;
}
