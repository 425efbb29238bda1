import { StoreUnavailableError } from '@routeros-mcp/domain-kernel';
import type { AuditChainReport, AuditChainVerifier, Logger } from '@routeros-mcp/application-ports';

/** One line for readiness: the first finding, by kind, record, stream and position (ids only, never content). */
export function chainStatus(report: AuditChainReport): string {
  if (report.ok) return 'ok';
  const first = report.findings[0];
  const record = first.recordId ? ` record ${JSON.stringify(first.recordId)}` : '';
  return `broken: ${report.findings.length} finding(s), first ${first.kind}${record} (stream ${first.stream}${first.seq !== undefined ? ` seq ${first.seq}` : ''})`;
}

/**
 * Walks the audit chain in the background, never per request (a walk reads every row, a page at a time), and keeps the last
 * answer for readiness. A broken chain is reported, not made fatal: tampering is for an operator to investigate,
 * and an outage of every replica would only add to it (anyone able to write the table could take the service down).
 */
export class AuditChainWatch {
  private status = 'not checked yet';
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly verifier: AuditChainVerifier,
    private readonly logger: Logger,
  ) {}

  start(intervalMs: number): void {
    if (this.timer) return;
    void this.check();
    this.timer = setInterval(() => void this.check(), intervalMs);
    this.timer.unref();
  }

  get current(): string {
    return this.status;
  }

  /** One walk at a time; a tick that finds one running skips. */
  check(): Promise<void> {
    this.running ??= this.walk().finally(() => (this.running = undefined));
    return this.running;
  }

  private async walk(): Promise<void> {
    try {
      const status = chainStatus(await this.verifier.verify());
      if (status !== 'ok' && status !== this.status) this.logger.error('audit chain broken', { status });
      this.status = status;
    } catch (error) {
      // Readiness shows it to anyone: the store's kind and code only, never a driver's text.
      this.status = `unavailable: ${error instanceof StoreUnavailableError ? error.message : 'the walk failed (see the log)'}`;
      if (!(error instanceof StoreUnavailableError)) this.logger.warn('audit chain walk failed', { error: (error as Error).message });
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
