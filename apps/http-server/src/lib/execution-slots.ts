import { bulkhead } from 'cockatiel';
import type { ExecutionSlots } from '@routeros-mcp/mcp-protocol';

/** At most `limit` tool calls execute at once in this process; the rest queue (a cancelled one leaves the queue). */
export function executionSlots(limit: number): ExecutionSlots {
  const slots = bulkhead(limit, Number.MAX_SAFE_INTEGER);
  return { run: (work, signal) => slots.execute(() => work(), signal) };
}
