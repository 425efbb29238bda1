import type { EventBus } from '@routeros-mcp/application-ports';
import { randomUUID } from 'node:crypto';

/** How often pending plans are re-read: an approval at the CLI of another process (SQLite) publishes no event here. */
export const APPROVAL_POLL_MS = 2_000;

export interface ApprovalWatchSource {
  /** The plan's status now, or undefined when it is gone. */
  status(planId: string): Promise<string | undefined>;
  /** The plan events, once the services are loaded (a watch begins inside a tool call, so they are). */
  events(): EventBus | undefined;
}

/**
 * The URL-mode elicitations of one 2025-era session (stdio) waiting for a human: one elicitation id per plan, and
 * `notifications/elicitation/complete` for it once the plan leaves `pending` (approved, rejected, cancelled,
 * expired), wherever that happened: this process's plan events say so at once; a re-read every few seconds sees
 * the CLI, the console or another replica. Closing the session drops what is pending (no one is left to tell; a
 * later plan_apply answers from the plan as it then stands).
 */
export class ApprovalWatch {
  private readonly pending = new Map<string, string>();
  private timer?: NodeJS.Timeout;
  private stopEvents?: () => void;
  private closed = false;

  constructor(
    private readonly source: ApprovalWatchSource,
    private readonly complete: (elicitationId: string) => Promise<void>,
    private readonly pollMs = APPROVAL_POLL_MS,
  ) {}

  /** The elicitation id for `planId` in this session: the one already pending, or a new one. */
  watch(planId: string): string {
    let id = this.pending.get(planId);
    if (id) return id;
    id = randomUUID();
    if (this.closed) return id;
    this.pending.set(planId, id);
    this.stopEvents ??= this.source.events()?.subscribe('plan.changed', (event) => {
      if (this.pending.has(event.planId) && event.status !== 'pending') void this.check(event.planId);
    });
    this.timer ??= setInterval(() => void this.checkAll(), this.pollMs).unref();
    return id;
  }

  close(): void {
    this.closed = true;
    this.pending.clear();
    this.idle();
  }

  private async checkAll(): Promise<void> {
    await Promise.all([...this.pending.keys()].map((planId) => this.check(planId)));
  }

  private async check(planId: string): Promise<void> {
    const status = await this.source.status(planId).catch(() => 'pending');
    const id = this.pending.get(planId);
    if (!id || status === 'pending') return;
    this.pending.delete(planId);
    if (this.pending.size === 0) this.idle();
    await this.complete(id).catch(() => undefined);
  }

  private idle(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.stopEvents?.();
    this.stopEvents = undefined;
  }
}
