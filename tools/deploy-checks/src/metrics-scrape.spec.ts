import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { readRecipe } from './recipe-files';

interface ScrapeJob {
  job_name: string;
  metrics_path?: string;
  authorization?: { type?: string; credentials?: string; credentials_file?: string };
  static_configs?: { targets: string[] }[];
  kubernetes_sd_configs?: unknown[];
}

// Metrics live on their own listener with a scrape token: the recipes must scrape it so, and the proxies never publish it.
describe('metrics recipes', () => {
  const jobs = (parse(readRecipe('prometheus/scrape.yml')) as { scrape_configs: ScrapeJob[] }).scrape_configs;
  const example = readRecipe('systemd/routeros-mcp-http.env.example');
  const port = /^ROUTEROS_MCP_METRICS_PORT=(\d+)$/m.exec(example)?.[1];

  it('scrapes /metrics with a bearer token read from a file (never inline), on the metrics port, not the MCP port', () => {
    expect(jobs.map((j) => j.job_name)).toEqual(['routeros-mcp', 'routeros-mcp-pods']);
    expect(port).toBe('9464');
    for (const job of jobs) {
      expect(job.metrics_path).toBe('/metrics');
      expect(job.authorization).toEqual({ type: 'Bearer', credentials_file: expect.stringMatching(/^\/etc\/prometheus\//) });
    }
    const targets = jobs.flatMap((j) => j.static_configs ?? []).flatMap((c) => c.targets);
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets) expect(target).toMatch(new RegExp(`:${port}$`));
    expect(jobs[1].kubernetes_sd_configs).toHaveLength(1);
  });

  it('names only real settings, and the proxies publish MCP without /metrics', () => {
    const schema = readFileSync(join(__dirname, '..', '..', '..', 'libs', 'config', 'src', 'lib', 'config.schema.ts'), 'utf8');
    for (const key of ['metricsHost:', 'metricsPort:', 'metricsToken:']) expect(schema).toContain(key);
    expect(readRecipe('proxy/nginx.conf')).not.toMatch(/location\s+=?\s*\/metrics/);
    expect(readRecipe('proxy/Caddyfile')).not.toMatch(/\/metrics/);
  });
});
