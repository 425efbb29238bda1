import type { AuditEvent } from '@routeros-mcp/composition';
import { html, type Html } from './html';
import { page, when, type Viewer } from './console-layout';

export interface AuditFilter {
  principal?: string;
  device?: string;
  action?: string;
  plan?: string;
  since?: string;
}

const field = (id: keyof AuditFilter, label: string, value: string | undefined, type = 'text') => html`<label for="a-${id}">${label}</label><input id="a-${id}" name="${id}" type="${type}" value="${value ?? ''}">`;

/** The audit log, newest first, searchable by principal, device, action (a tool's name or plan.approve…), plan and time. */
export function auditPage(events: readonly AuditEvent[], filter: AuditFilter, viewer: Viewer): Html {
  return page(
    'Audit',
    html`<h1>Audit log</h1>
<form method="get" action="/console/audit" class="filters" role="search">
${field('principal', 'Principal', filter.principal)}${field('device', 'Device', filter.device)}${field('action', 'Action or tool', filter.action)}${field('plan', 'Plan', filter.plan)}${field('since', 'Since (ISO time)', filter.since)}
<button type="submit">Search</button>
</form>
<div class="scroll"><table class="audit"><caption>${events.length} record(s), newest first</caption>
<thead><tr><th scope="col">Time</th><th scope="col">Principal</th><th scope="col">Action</th><th scope="col">Outcome</th><th scope="col">Device</th><th scope="col">Plan</th><th scope="col">Error</th></tr></thead>
<tbody>${events.map(
      (e) => html`<tr data-audit="${e.id}"><td>${when(e.occurredAt)}</td><td>${e.principal.id} <small>(${e.principal.via})</small></td><td><code>${e.action}</code></td><td>${e.outcome}</td><td>${e.deviceId ?? ''}</td><td>${e.planId ? html`<a href="/console/plans/${encodeURIComponent(e.planId)}">${e.planId}</a>` : ''}</td><td>${e.errorCode ?? ''}</td></tr>`,
    )}</tbody></table></div>`,
    viewer,
  );
}
