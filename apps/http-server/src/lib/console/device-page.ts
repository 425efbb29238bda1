import type { ChangeRecord, Device, SnapshotDiff, SnapshotSummary } from '@routeros-mcp/composition';
import { html, type Html } from './html';
import { page, when, type Viewer } from './console-layout';

/** A unified diff coloured as `git diff` colours it. */
export function unifiedDiff(unified: string): Html {
  const lines = unified.split('\n').filter((line) => line !== '' && !line.startsWith('---') && !line.startsWith('+++'));
  return html`<pre class="diff">${lines.map((line) => html`<span class="${line.startsWith('+') ? 'add' : line.startsWith('-') ? 'del' : line.startsWith('@@') ? 'hunk' : 'ctx'}">${line}</span>`)}</pre>`;
}

export interface DevicePageData {
  device: Device;
  changes: readonly ChangeRecord[];
  snapshots: readonly SnapshotSummary[];
  diff?: SnapshotDiff;
  /** The diff's ends as asked (snapshot ids, or `live`). */
  from?: string;
  to?: string;
}

/** One device: its overview, its recent changes with their diffs, its config history with a diff between any two snapshots or against live. */
export function devicePage(data: DevicePageData, viewer: Viewer): Html {
  const { device, changes, snapshots } = data;
  const options = (selected: string | undefined, live: boolean) => html`${live ? html`<option value="live" ${selected === 'live' ? html`selected` : null}>live (exported now)</option>` : null}${snapshots.map((s) => html`<option value="${s.id}" ${selected === s.id ? html`selected` : null}>${when(s.capturedAt)} · ${s.id}</option>`)}`;
  return page(
    device.id,
    html`<h1>Device <code>${device.id}</code></h1>
<dl class="facts">
<dt>Name</dt><dd>${device.name}</dd>
<dt>Status</dt><dd><span class="badge health-${device.status}">${device.status}</span></dd>
<dt>Environment</dt><dd>${device.environment}</dd>
<dt>Address</dt><dd>${device.host}:${device.restPort} (SSH ${device.sshPort})</dd>
<dt>RouterOS</dt><dd>${device.facts.routerosVersion ?? ''} ${device.facts.board ?? ''}</dd>
<dt>Last seen</dt><dd>${when(device.facts.lastSeenAt)}</dd>
<dt>Tags</dt><dd>${Object.entries(device.tags).map(([k, v]) => html`<span class="tag">${k}=${v}</span> `)}</dd>
<dt>Critical</dt><dd>${device.critical ? 'yes' : 'no'}</dd>
</dl>
<h2>Recent changes</h2>
${changes.length === 0 ? html`<p>No changes.</p>` : null}
${changes.map((c) => html`<section class="device" data-change="${c.id}"><h3><code>${c.id}</code> <small>${c.tool} · <span class="badge status-${c.status}">${c.status}</span> · ${when(c.createdAt)} by ${c.actor.id}</small></h3><p>${c.summary}</p>${c.diff.length ? html`<pre class="diff">${c.diff.map((line) => html`<span class="${/ remove /.test(line) ? 'del' : 'add'}">${/ remove /.test(line) ? '-' : '+'} ${line}</span>`)}</pre>` : null}</section>`)}
<h2>Config history</h2>
${snapshots.length === 0
  ? html`<p>No snapshots yet.</p>`
  : html`<form method="get" action="/console/devices/${encodeURIComponent(device.id)}" class="filters">
<label for="from">From</label><select id="from" name="from">${options(data.from, false)}</select>
<label for="to">To</label><select id="to" name="to">${options(data.to ?? 'live', true)}</select>
<button type="submit">Diff</button>
</form>
<ul>${snapshots.map((s) => html`<li><code>${s.id}</code> ${when(s.capturedAt)} · ${s.reason}</li>`)}</ul>`}
${data.diff ? html`<h3>${data.diff.from.id} → ${data.diff.to.id}: +${data.diff.added} −${data.diff.removed}</h3>${data.diff.unified ? unifiedDiff(data.diff.unified) : html`<p>They are the same.</p>`}` : null}`,
    viewer,
  );
}
