import type { ChangeRecord } from '@routeros-mcp/composition';
import { html, type Html } from './html';
import { page, when, type Viewer } from './console-layout';

/** A change can be reverted from its record when it was applied and verified and records an undo. */
export const revertible = (change: ChangeRecord): boolean => change.status === 'verified' && change.inverse.length > 0 && !change.notRevertible;

/** Recent single-device changes, newest first, each with its diff; a Revert button for those who may (ops_rw, admin). */
export function changesPage(changes: readonly ChangeRecord[], viewer: Viewer, options: { mayRevert: boolean; notice?: string }): Html {
  return page(
    'Changes',
    html`<h1>Recent changes</h1>
${options.notice ? html`<p class="notice" role="status">${options.notice}</p>` : null}
${changes.length === 0 ? html`<p>No changes.</p>` : null}
${changes.map(
      (c) => html`<section class="device" data-change="${c.id}" aria-labelledby="ch-${c.id}">
<h2 id="ch-${c.id}"><code>${c.id}</code> <small>${c.deviceId} · ${c.tool} · <span class="badge status-${c.status}">${c.status}</span></small></h2>
<p>${c.summary} · risk <span class="risk-${c.risk}">${c.risk}</span> · ${when(c.createdAt)} by ${c.actor.id}</p>
${c.diff.length ? html`<pre class="diff">${c.diff.map((line) => html`<span class="${/ remove /.test(line) ? 'del' : 'add'}">${/ remove /.test(line) ? '-' : '+'} ${line}</span>`)}</pre>` : null}
${options.mayRevert && revertible(c)
  ? html`<form method="post" action="/console/changes/${encodeURIComponent(c.id)}/revert"><input type="hidden" name="csrf" value="${viewer.csrf}"><button type="submit" class="danger">Revert this change</button></form>`
  : null}
</section>`,
    )}`,
    viewer,
  );
}
