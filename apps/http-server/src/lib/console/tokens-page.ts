import type { ApiTokenSummary } from '@routeros-mcp/composition';
import { html, type Html } from './html';
import { page, when, type Viewer } from './console-layout';

const ROLE_CHOICES = ['read_only', 'ops_rw', 'approver', 'admin'] as const;

const statusOf = (t: ApiTokenSummary, now: Date) => (t.revokedAt ? 'revoked' : t.expiresAt && t.expiresAt <= now ? 'expired' : 'active');

/** API tokens (never their secrets), a form to create one, revoke buttons; a new token's secret shown once, here. */
export function tokensPage(tokens: readonly ApiTokenSummary[], viewer: Viewer, created?: { name: string; secret: string }): Html {
  const now = new Date();
  return page(
    'API tokens',
    html`<h1>API tokens</h1>
${created ? html`<section class="notice" role="status" aria-labelledby="new-token"><h2 id="new-token">Token for ${created.name}</h2><p>Shown once and never again: store it now.</p><pre><code id="token-secret">${created.secret}</code></pre></section>` : null}
<form method="post" action="/console/tokens" class="filters">
<input type="hidden" name="csrf" value="${viewer.csrf}">
<label for="t-name">Name</label><input id="t-name" name="name" required maxlength="64">
<label for="t-role">Role</label><select id="t-role" name="role">${ROLE_CHOICES.map((r) => html`<option value="${r}">${r}</option>`)}</select>
<label for="t-days">Expires in days (empty: never)</label><input id="t-days" name="expires_days" inputmode="numeric" pattern="[0-9]{1,4}">
<button type="submit" class="primary">Create</button>
</form>
<div class="scroll"><table class="tokens"><caption>Newest first; secrets are never shown again</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Role</th><th scope="col">Status</th><th scope="col">Created</th><th scope="col">Expires</th><th scope="col">Last used</th><th scope="col"><span class="visually-hidden">Revoke</span></th></tr></thead>
<tbody>${tokens.map(
      (t) => html`<tr data-token="${t.name}"><td>${t.name}</td><td>${t.role}</td><td>${statusOf(t, now)}</td><td>${when(t.createdAt)} by ${t.createdBy}</td><td>${when(t.expiresAt) || 'never'}</td><td>${when(t.lastUsedAt)}</td><td>${statusOf(t, now) === 'active' ? html`<form method="post" action="/console/tokens/${encodeURIComponent(t.id)}/revoke"><input type="hidden" name="csrf" value="${viewer.csrf}"><button type="submit" class="danger" aria-label="Revoke ${t.name}">Revoke</button></form>` : null}</td></tr>`,
    )}</tbody></table></div>`,
    viewer,
  );
}
