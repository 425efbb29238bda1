import type { AuditEvent } from '@routeros-mcp/application-ports';
import { auditEventsInReach } from '@routeros-mcp/application-use-cases';
import { z } from 'zod';
import { defineTool } from '../define-tool';
import { tsvText } from '../render-text';

const Event = z.object({ occurred_at: z.string(), principal: z.string(), client: z.string().nullable(), action: z.string(), device_id: z.string().nullable(), outcome: z.string(), error_code: z.string().nullable(), duration_ms: z.number().nullable(), correlation_id: z.string().nullable(), note: z.string().nullable() });

/** A `started` record is not settled: its call runs, or its process died and recovery settles it; an interrupted one says how it ended. */
const noteOf = (e: AuditEvent) => (e.outcome === 'started' ? 'not settled yet: its call is running, or its process ended and recovery settles it' : (e.note ?? null));

export const auditListEvents = defineTool({
  name: 'audit_list_events',
  title: 'Audit events',
  description: 'Recent audited actions, newest first.',
  input: z.object({
    device_id: z.string().max(64).optional().describe('Only this device'),
    action: z.string().max(80).optional().describe('A tool name or action (change.apply)'),
    limit: z.number().int().min(1).max(500).default(50).describe('Newest first, at most'),
  }),
  output: z.object({ items: z.array(Event) }),
  openWorld: false,
  async run(args, ctx) {
    // Tool calls are recorded as `tool.<name>`; a bare tool name means that.
    const action = args.action && !args.action.includes('.') ? `tool.${args.action}` : args.action;
    // A narrowed principal reads the trail as it reads devices (events about devices in its reach, its own device-less ones).
    const events = await auditEventsInReach(ctx.audit, ctx.registry, ctx.principal, { deviceId: args.device_id, action, limit: args.limit });
    const items = events.map((e) => ({ occurred_at: e.occurredAt.toISOString(), principal: `${e.principal.id} (${e.principal.via})`, client: e.principal.clientName ? `${e.principal.clientName} ${e.principal.clientVersion ?? ''}`.trim() : null, action: e.action, device_id: e.deviceId ?? null, outcome: e.outcome, error_code: e.errorCode ?? null, duration_ms: e.durationMs ?? null, correlation_id: e.correlationId ?? null, note: noteOf(e) }));
    return { structured: { items }, text: tsvText(items, ['occurred_at', 'principal', 'client', 'action', 'device_id', 'outcome', 'error_code', 'note']) };
  },
});
