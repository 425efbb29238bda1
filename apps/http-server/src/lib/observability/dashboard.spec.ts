import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMetrics } from './metrics';

const DASHBOARD = join(__dirname, '..', '..', '..', '..', '..', 'deploy', 'grafana', 'routeros-mcp.json');

/** Labels Prometheus adds to every scraped series, and the histogram bucket's bound. */
const SCRAPE_LABELS = ['instance', 'job'];
const FUNCTIONS_AND_KEYWORDS = /^(by|without|on|ignoring|group_left|group_right|bool|and|or|unless|offset|inf|nan)$/i;

/** The metric selectors of a PromQL expression: each metric name with the labels its matchers name, and the grouping labels. */
function selectorsOf(expr: string): { metrics: { name: string; labels: string[] }[]; grouping: string[] } {
  const text = expr.replace(/"(?:[^"\\]|\\.)*"/g, '""').replace(/\[[^\]]*\]/g, '');
  const grouping = [...text.matchAll(/\b(?:by|without|on|ignoring)\s*\(([^)]*)\)/g)].flatMap((m) => m[1].split(',').map((l) => l.trim()).filter(Boolean));
  const stripped = text.replace(/\b(?:by|without|on|ignoring)\s*\([^)]*\)/g, ' ');
  const metrics: { name: string; labels: string[] }[] = [];
  for (const m of stripped.matchAll(/([A-Za-z_:][A-Za-z0-9_:]*)\s*(\{[^}]*\})?(\s*\()?/g)) {
    const [, name, matchers, call] = m;
    if (call || FUNCTIONS_AND_KEYWORDS.test(name) || /^\d/.test(name)) continue;
    const labels = matchers ? [...matchers.matchAll(/([A-Za-z_][A-Za-z0-9_]*)\s*(?:=~|!~|!=|=)/g)].map((l) => l[1]) : [];
    metrics.push({ name, labels });
  }
  return { metrics, grouping };
}

/** Every PromQL expression of the dashboard: panel targets (rows' nested panels too) and query variables. */
function expressionsOf(dashboard: any): string[] {
  const panels = (list: any[]): any[] => list.flatMap((p) => [p, ...panels(p.panels ?? [])]);
  const targets = panels(dashboard.panels).flatMap((p) => (p.targets ?? []).map((t: any) => t.expr));
  const variables = dashboard.templating.list.filter((v: any) => v.type === 'query').map((v: any) => (typeof v.query === 'string' ? v.query : v.query.query).replace(/^label_values\(([^,]+),.*\)$/, '$1'));
  return [...targets, ...variables];
}

/** The series names the real registry exports (histograms: _bucket, _count, _sum), each with its labels. */
async function exportedSeries(): Promise<Map<string, Set<string>>> {
  const metrics = createMetrics();
  const labels = new Map(metrics.registry.getMetricsAsArray().map((m: any) => [m.name as string, (m.labelNames ?? []) as string[]]));
  const series = new Map<string, Set<string>>();
  for (const metric of await metrics.registry.getMetricsAsJSON()) {
    const own = [...(labels.get(metric.name) ?? []), ...SCRAPE_LABELS];
    const type = String(metric.type);
    const names = type === 'histogram' ? [`${metric.name}_bucket`, `${metric.name}_count`, `${metric.name}_sum`] : type === 'summary' ? [metric.name, `${metric.name}_count`, `${metric.name}_sum`] : [metric.name];
    for (const name of names) series.set(name, new Set(name.endsWith('_bucket') ? [...own, 'le'] : own));
  }
  return series;
}

describe('the Grafana dashboard (deploy/grafana/routeros-mcp.json)', () => {
  const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8'));
  const expressions = expressionsOf(dashboard);

  it('reads metric names, matcher labels and grouping labels out of PromQL', () => {
    expect(selectorsOf('histogram_quantile(0.95, sum by (le, tool) (rate(foo_seconds_bucket{instance=~"$x", a!="b"}[$__rate_interval]))) / bar_total')).toEqual({
      metrics: [
        { name: 'foo_seconds_bucket', labels: ['instance', 'a'] },
        { name: 'bar_total', labels: [] },
      ],
      grouping: ['le', 'tool'],
    });
  });

  it('queries only metrics the server exports, by labels they carry', async () => {
    const series = await exportedSeries();
    expect(expressions.length).toBeGreaterThan(10);
    const used = new Set<string>();
    for (const expr of expressions) {
      const { metrics, grouping } = selectorsOf(expr);
      expect({ expr, metrics: metrics.length > 0 }).toEqual({ expr, metrics: true });
      for (const { name, labels } of metrics) {
        used.add(name);
        expect({ expr, name, exported: series.has(name) }).toEqual({ expr, name, exported: true });
        for (const label of labels) expect({ expr, name, label, carried: series.get(name)!.has(label) }).toEqual({ expr, name, label, carried: true });
      }
      // A grouping label is one at least one of the expression's metrics carries.
      for (const label of grouping) expect({ expr, label, carried: metrics.some(({ name }) => series.get(name)?.has(label)) }).toEqual({ expr, label, carried: true });
    }
    // The OpenTelemetry-conventional metric is what the MCP panels are built on.
    expect([...used]).toEqual(expect.arrayContaining(['mcp_server_operation_duration_seconds_count', 'mcp_server_operation_duration_seconds_bucket', 'routeros_mcp_device_request_duration_seconds_bucket']));
  });

  it('would catch a metric the server does not export', async () => {
    const series = await exportedSeries();
    const { metrics } = selectorsOf('sum(rate(mcp_server_request_duration_seconds_count[5m]))');
    expect(metrics.map(({ name }) => series.has(name))).toEqual([false]);
  });
});
