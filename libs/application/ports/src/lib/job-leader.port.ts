/** A singular job this process holds: exactly one process runs it while held. */
export interface Leadership {
  readonly key: string;
  /** Aborted when the process loses the job (its database session ended); the job must stop. */
  readonly lost: AbortSignal;
  release(): Promise<void>;
}

export const JobLeader = Symbol.for('JobLeader');
/**
 * Singular jobs across replicas (the health poller per device, the snapshot scheduler): PostgreSQL advisory
 * locks held on a dedicated session, so a replica that dies frees its jobs at once; on SQLite one process runs
 * everything. Never waits: a job someone else holds answers undefined, and is tried again later.
 */
export interface JobLeader {
  tryLead(key: string): Promise<Leadership | undefined>;
  close(): Promise<void>;
}
