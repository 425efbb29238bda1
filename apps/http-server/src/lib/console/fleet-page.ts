import type { Device } from '@routeros-mcp/composition';
import { html, type Html } from './html';
import { page, when, type Viewer } from './console-layout';

export interface FleetFilter {
  environment?: string;
  tag?: string;
}

/** `key=value` as device tags are written; a tag filter matches a device holding that pair. */
export function matchesFleetFilter(device: Device, filter: FleetFilter): boolean {
  if (filter.environment && device.environment !== filter.environment) return false;
  if (filter.tag) {
    const eq = filter.tag.indexOf('=');
    const [key, value] = eq > 0 ? [filter.tag.slice(0, eq), filter.tag.slice(eq + 1)] : [filter.tag, undefined];
    if (!(key in device.tags) || (value !== undefined && device.tags[key] !== value)) return false;
  }
  return true;
}

export function fleetPage(all: readonly Device[], filter: FleetFilter, viewer: Viewer): Html {
  const devices = all.filter((d) => d.status !== 'decommissioned' && matchesFleetFilter(d, filter)).sort((a, b) => a.id.localeCompare(b.id));
  const counts = new Map<string, number>();
  for (const d of devices) counts.set(d.status, (counts.get(d.status) ?? 0) + 1);
  const environments = [...new Set(all.map((d) => d.environment))].sort();
  return page(
    'Fleet',
    html`<h1>Fleet health</h1>
<form method="get" action="/console/fleet" class="filters" role="search">
<label for="environment">Environment</label>
<select id="environment" name="environment" data-autosubmit><option value="">all</option>${environments.map((e) => html`<option value="${e}" ${e === filter.environment ? html`selected` : null}>${e}</option>`)}</select>
<label for="tag">Tag (key or key=value)</label><input id="tag" name="tag" value="${filter.tag ?? ''}">
<button type="submit">Filter</button>
</form>
<section id="fleet-status" data-live="3000" data-live-region>
<p class="summary">${devices.length} device(s): ${[...counts].map(([status, n]) => html`<span class="badge health-${status}">${n} ${status}</span> `)}</p>
<div class="scroll"><table class="fleet"><caption>Status per device, as the health poller last saw it</caption>
<thead><tr><th scope="col">Device</th><th scope="col">Name</th><th scope="col">Status</th><th scope="col">Environment</th><th scope="col">Tags</th><th scope="col">Version</th><th scope="col">Last seen</th></tr></thead>
<tbody>${devices.map(
      (d) => html`<tr data-device="${d.id}"><td><a href="/console/devices/${encodeURIComponent(d.id)}"><code>${d.id}</code></a></td><td>${d.name}</td><td><span class="badge health-${d.status}">${d.status}</span></td><td>${d.environment}</td><td>${Object.entries(d.tags).map(([k, v]) => html`<span class="tag">${k}=${v}</span> `)}</td><td>${d.facts.routerosVersion ?? ''}</td><td>${when(d.facts.lastSeenAt)}</td></tr>`,
    )}</tbody></table></div>
</section>`,
    viewer,
  );
}
