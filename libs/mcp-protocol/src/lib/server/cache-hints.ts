import type { CacheHint } from '@modelcontextprotocol/server';

/*
 * How long a 2026-07-28 client may reuse a result, and who may share it. The TTLs must be true:
 * - server/discover, tools/list, prompts/list and resources/templates/list come from code and configuration fixed at start, the
 *   same for every caller of this process: an hour, public (a restart with other tool sets is a new process).
 * - resources/list names the enrolled devices, which change with enrolment at any time and are this server's
 *   (environment-filtered) view: a few seconds, private.
 * - resources/read of device state (overview, health, interfaces, logs, config, fleet health) is live and
 *   authorization-gated: private, and at most the health poller's own granularity: 5 s for slow-moving state,
 *   0 for the audit trail (every call adds to it) and 2 s for the device list resources.
 * - resources/read of an MCP Apps view (`ui://`) is code shipped with the release: an hour, public.
 * Legacy connections get none of these fields (the SDK adds them only on modern ones).
 */
const HOUR = 3_600_000;
export const LIST_CACHE_HINTS: Record<'server/discover' | 'tools/list' | 'prompts/list' | 'resources/templates/list' | 'resources/list', CacheHint> = {
  'server/discover': { ttlMs: HOUR, cacheScope: 'public' },
  'tools/list': { ttlMs: HOUR, cacheScope: 'public' },
  'prompts/list': { ttlMs: HOUR, cacheScope: 'public' },
  'resources/templates/list': { ttlMs: HOUR, cacheScope: 'public' },
  'resources/list': { ttlMs: 2_000, cacheScope: 'private' },
};

/** An MCP Apps view (`ui://`): static HTML built with this release, the same for every caller. */
export const VIEW_CACHE_HINT: CacheHint = { ttlMs: HOUR, cacheScope: 'public' };

/** The cache fields of one resources/read result, by what the resource holds. */
export function readCacheHint(uri: string): { ttlMs: number; cacheScope: 'private' } {
  if (uri.startsWith('audit://')) return { ttlMs: 0, cacheScope: 'private' };
  if (uri.startsWith('fleet://devices')) return { ttlMs: 2_000, cacheScope: 'private' };
  return { ttlMs: 5_000, cacheScope: 'private' };
}
