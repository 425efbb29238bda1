import type { JobLeader, Leadership } from '@routeros-mcp/application-ports';

/**
 * Singular jobs on SQLite, where one server process owns the database: every job is this process's unless it
 * already holds it. `lost` fires only when the leader is closed.
 */
export class LocalJobLeader implements JobLeader {
  private readonly held = new Map<string, AbortController>();

  async tryLead(key: string): Promise<Leadership | undefined> {
    if (this.held.has(key)) return undefined;
    const lost = new AbortController();
    this.held.set(key, lost);
    return {
      key,
      lost: lost.signal,
      release: async () => {
        if (this.held.get(key) === lost) this.held.delete(key);
      },
    };
  }

  async close(): Promise<void> {
    for (const lost of this.held.values()) lost.abort(new Error('the job leader was closed'));
    this.held.clear();
  }
}
