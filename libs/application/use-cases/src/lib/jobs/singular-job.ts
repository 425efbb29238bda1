import type { JobLeader, Leadership, Logger } from '@routeros-mcp/application-ports';

/** A job that runs while led: started when this process becomes leader, stopped when it stops or loses the job. */
export interface LedJob {
  stop(graceMs: number): Promise<void>;
}

export interface SingularJobOptions {
  /** The job's key across replicas (e.g. `snapshot-scheduler`). */
  key: string;
  /** How often a process that does not lead tries again. */
  retryMs: number;
  /** How long a lost or stopped run may take to end. */
  graceMs: number;
}

/**
 * Runs a job in exactly one process of those sharing a database: tries to lead it now and every `retryMs` while
 * another holds it; while led, one run (made fresh by `run` each term) goes on; when the job is lost (the session
 * holding it ended) the run is stopped and tries start again. `stop` ends the run and lets go of the job.
 */
export class SingularJob {
  private leadership?: Leadership;
  private current?: LedJob;
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private trying?: Promise<void>;

  constructor(
    private readonly jobs: JobLeader,
    private readonly options: SingularJobOptions,
    private readonly run: () => LedJob,
    private readonly logger: Logger,
  ) {}

  start(): void {
    if (this.trying || this.current || this.stopped) return;
    this.attempt();
  }

  /** True while this process runs the job. */
  get leading(): boolean {
    return this.current !== undefined;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.trying;
    const current = this.current;
    const leadership = this.leadership;
    this.current = undefined;
    this.leadership = undefined;
    await current?.stop(this.options.graceMs);
    await leadership?.release().catch(() => undefined);
  }

  private attempt(): void {
    this.trying = this.tryOnce().finally(() => (this.trying = undefined));
  }

  private async tryOnce(): Promise<void> {
    let leadership: Leadership | undefined;
    try {
      leadership = await this.jobs.tryLead(this.options.key);
    } catch (error) {
      this.logger.warn('singular job could not be tried', { job: this.options.key, error: (error as Error).message });
    }
    if (this.stopped) {
      await leadership?.release();
      return;
    }
    if (!leadership) {
      this.later();
      return;
    }
    this.leadership = leadership;
    this.current = this.run();
    this.logger.info('singular job led here', { job: this.options.key });
    const lost = leadership;
    leadership.lost.addEventListener('abort', () => {
      if (this.leadership !== lost) return;
      const current = this.current;
      this.leadership = undefined;
      this.current = undefined;
      this.logger.warn('singular job lost; stopping it here and trying again later', { job: this.options.key });
      void current?.stop(this.options.graceMs).finally(() => this.later());
    });
  }

  private later(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => this.attempt(), this.options.retryMs);
    this.timer.unref();
  }
}
