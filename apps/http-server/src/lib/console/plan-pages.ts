import type { Plan } from '@routeros-mcp/composition';
import { html, type Html } from './html';
import { page, when, type Viewer } from './console-layout';

type Step = Plan['steps'][number];
type Preview = NonNullable<Step['preview']>;
const RISKS = ['low', 'medium', 'high'] as const;

export function planRisk(plan: Plan): string {
  return plan.steps.reduce<string>((worst, s) => (s.preview && RISKS.indexOf(s.preview.risk) > RISKS.indexOf(worst as (typeof RISKS)[number]) ? s.preview.risk : worst), 'low');
}

/** Pending plans first (they wait for someone), then the rest newest first. */
export function plansInReviewOrder(plans: readonly Plan[]): Plan[] {
  return [...plans].sort((a, b) => Number(b.status === 'pending') - Number(a.status === 'pending') || b.createdAt.getTime() - a.createdAt.getTime());
}

export function plansPage(plans: readonly Plan[], viewer: Viewer): Html {
  const rows = plansInReviewOrder(plans).map(
    (p) => html`<tr class="status-${p.status}">
<td><a href="/console/plans/${encodeURIComponent(p.id)}">${p.id}</a></td>
<td><span class="badge status-${p.status}">${p.status}</span></td>
<td>${p.title}</td><td>${p.environment}</td><td><span class="risk-${planRisk(p)}">${planRisk(p)}</span></td><td>${p.steps.length}</td><td>${p.createdBy}</td><td>${when(p.createdAt)}</td><td>${when(p.expiresAt)}</td></tr>`,
  );
  return page(
    'Plans',
    html`<h1>Plans</h1>
${plans.length === 0
  ? html`<p>No plans.</p>`
  : html`<div class="scroll"><table class="plans"><caption>Pending plans first, then newest first</caption>
<thead><tr><th scope="col">Plan</th><th scope="col">Status</th><th scope="col">Title</th><th scope="col">Env</th><th scope="col">Risk</th><th scope="col">Devices</th><th scope="col">Created by</th><th scope="col">Created</th><th scope="col">Expires</th></tr></thead>
<tbody>${rows}</tbody></table></div>`}`,
    viewer,
  );
}

/** A device's diff as `git diff` colours it: removals red with `-`, additions green with `+`. */
function diffOf(preview: Preview): Html {
  const lines: Html[] = [];
  for (const line of preview.diff) {
    const removal = / remove /.test(line);
    lines.push(html`<span class="${removal ? 'del' : 'add'}">${removal ? '-' : '+'} ${line}</span>`);
  }
  for (const t of preview.touched) {
    if (!t.before || !t.after) continue;
    for (const key of Object.keys(t.after).filter((k) => t.before![k] !== t.after![k])) {
      lines.push(html`<span class="del">- ${t.menu} ${key}=${t.before[key] ?? ''}</span><span class="add">+ ${t.menu} ${key}=${t.after[key]}</span>`);
    }
  }
  return lines.length ? html`<pre class="diff">${lines}</pre>` : html`<p>No change: the device already holds it.</p>`;
}

function stepSection(step: Step, batches: number): Html {
  const preview = step.preview;
  return html`<section class="device" aria-labelledby="dev-${step.id}">
<h3 id="dev-${step.id}">${step.deviceId} <small>batch ${step.batch + 1}/${batches} · ${step.status}</small></h3>
${preview
  ? html`<p>${preview.summary} · risk <span class="risk-${preview.risk}">${preview.risk}</span></p>
${diffOf(preview)}
<ul class="verdicts">${preview.verdicts.map((v) => html`<li class="verdict-${v.status}"><span class="badge">${v.status}</span> <code>${v.ruleId}</code>: ${v.message}</li>`)}</ul>`
  : html`<p>No preview.</p>`}
</section>`;
}

/** A plan still moving: its page reloads itself (console.js) until it settles. */
export const LIVE_STATUSES: readonly string[] = ['approved', 'executing', 'rolling_back'];

export interface PlanPageOptions {
  mayDecide: boolean;
  mayRollback: boolean;
  notice?: string;
}

export function planPage(plan: Plan, viewer: Viewer, options: PlanPageOptions): Html {
  const batches = Math.max(0, ...plan.steps.map((s) => s.batch)) + 1;
  const decisions =
    options.mayDecide && plan.status === 'pending'
      ? html`<section class="decide" aria-labelledby="decide">
<h2 id="decide">Decide</h2>
<form method="post" action="/console/plans/${encodeURIComponent(plan.id)}/approve" class="approve">
<input type="hidden" name="csrf" value="${viewer.csrf}"><input type="hidden" name="content_hash" value="${plan.contentHash}">
<p>You approve content hash <code class="hash">${plan.contentHash}</code>${plan.environment === 'prod' ? html` (prod: someone other than its creator must approve)` : null}.</p>
<label for="comment">Comment (optional)</label><input id="comment" name="comment" maxlength="500">
<button type="submit" class="primary" name="decision" value="approve">Approve</button>
</form>
<form method="post" action="/console/plans/${encodeURIComponent(plan.id)}/reject" class="reject">
<input type="hidden" name="csrf" value="${viewer.csrf}"><input type="hidden" name="content_hash" value="${plan.contentHash}">
<label for="reason">Reason for rejecting</label><input id="reason" name="reason" required maxlength="500">
<button type="submit" class="danger" name="decision" value="reject">Reject</button>
</form>
</section>`
      : null;
  const rollback =
    options.mayRollback && (plan.status === 'completed' || plan.status === 'failed')
      ? html`<form method="post" action="/console/plans/${encodeURIComponent(plan.id)}/rollback" class="rollback">
<input type="hidden" name="csrf" value="${viewer.csrf}">
<p>Rolling back undoes every applied device from its recorded change, newest first.</p>
<button type="submit" class="danger">Roll back this plan</button>
</form>`
      : null;
  return page(
    plan.id,
    html`<h1>Plan <code>${plan.id}</code></h1>
${options.notice ? html`<p class="notice" role="status">${options.notice}</p>` : null}
<dl class="facts" data-plan-status="${plan.status}" ${LIVE_STATUSES.includes(plan.status) ? html`data-live="2000"` : null}>
<dt>Status</dt><dd><span class="badge status-${plan.status}" id="plan-status">${plan.status}</span></dd>
<dt>Title <small>(model-written)</small></dt><dd class="model">${plan.title}</dd>
<dt>Topic</dt><dd>${plan.topic}</dd>
<dt>Environment</dt><dd>${plan.environment}</dd>
<dt>Risk</dt><dd><span class="risk-${planRisk(plan)}">${planRisk(plan)}</span></dd>
<dt>Content hash</dt><dd><code class="hash" id="content-hash">${plan.contentHash}</code></dd>
<dt>Created</dt><dd>${when(plan.createdAt)} by ${plan.createdBy}</dd>
<dt>Expires</dt><dd>${when(plan.expiresAt)}</dd>
${plan.approval ? html`<dt>Approved</dt><dd>${when(plan.approval.approvedAt)} by ${plan.approval.approvedBy}${plan.approval.comment ? html`: ${plan.approval.comment}` : null}</dd>` : null}
${plan.failureReason ? html`<dt>Failure</dt><dd>${plan.failureReason}</dd>` : null}
</dl>
${decisions}
${rollback}
<h2>Devices</h2>
${plan.steps.map((s) => stepSection(s, batches))}
${plan.excluded.length ? html`<h2>Excluded</h2><ul>${plan.excluded.map((e) => html`<li><code>${e.deviceId}</code> <span class="model">${e.reason}</span></li>`)}</ul>` : null}
<h2>History</h2>
<ol class="history">${plan.transitions.map((t) => html`<li>${when(t.at)} ${t.from} → ${t.to} by ${t.by}${t.reason ? html`: ${t.reason}` : null}</li>`)}</ol>`,
    viewer,
  );
}
