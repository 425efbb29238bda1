import { buildContainer, readServiceConfig, ServerServices } from '@routeros-mcp/composition';
// The browser launcher alone: the testing library's index brings jest's hooks, which a bench has not.
import { launchChromium } from '@routeros-mcp/testing/browser';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { stopChild } from './child';
import { enrollSimLines } from './enroll-sim';
import { startProductHttp } from './http-server-process';
import { median, startSim } from './sim-process';

const ADMIN_CLI = join(__dirname, '..', '..', '..', 'apps', 'admin-cli', 'bin', 'routeros-mcp-admin.js');
const model = { id: 'bench-model', via: 'stdio' };

/** What one navigation to the plan page took, from the browser's own Performance API (ms from navigation start). */
interface Load {
  ttfb: number;
  /** The HTML's last byte. */
  html: number;
  /** The stylesheet's and the script's last byte (both fetched in parallel once the head is parsed). */
  assets: number;
  /** When the browser asked for the first of them. */
  assetsAsked: number;
  fcp: number;
  dcl: number;
  load: number;
}

/**
 * Time to first render of the console's plan page for a `devices`-device plan: routeros-mcp-http serving the console,
 * a pending dns_ntp plan over that many simulated devices, and headless Chromium logged in as an approver loading
 * /console/plans/{id} `loads` times, each in a fresh browser context (a cold cache: the page and its assets fetched
 * every time). Reports the medians of first contentful paint, DOMContentLoaded and load, and the page's weight in
 * bytes of HTML, CSS and script as served.
 */
export async function consolePlanPage(devices = 50, loads = 9): Promise<Record<string, unknown>> {
  const sim = await startSim(devices, ['--profile', 'chr']);
  const dataDir = join(mkdtempSync(join(tmpdir(), 'bench-console-')), 'data');
  try {
    await enrollSimLines(dataDir, sim.lines, 'bench');
    const ids = sim.lines.map((_l, i) => `dev-${i}`);
    const services = (await buildContainer(readServiceConfig({ env: { ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error' } }), { runPlans: false })).get(ServerServices);
    let planId: string;
    try {
      for (const id of ids) await services.devices.update(model, id, { capabilities: { allow_advanced_writes: true, allow_professional_workflows: true } });
      planId = (await services.plans.create('dns_ntp', { devices: ids, change: { dns: { servers: ['192.0.2.53'] } }, rollout: { canarySize: 1, batchSize: 10, pauseSeconds: 0 } }, model)).id;
    } finally {
      await services.close();
    }
    const server = await startProductHttp(dataDir);
    const base = new URL(server.url).origin;
    const browser = await launchChromium();
    try {
      const { stdout } = await promisify(execFile)(process.execPath, [ADMIN_CLI, 'console', 'login', '--user', 'bench', '--role', 'approver', '--url', base], {
        env: { PATH: process.env['PATH'] ?? '', ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error' },
      });
      const login = await (await browser.newContext()).newPage();
      await login.goto(stdout.trim());
      await login.getByRole('button', { name: 'Log in' }).click();
      await login.waitForURL((u) => u.pathname.startsWith('/console/plans'));
      const session = await login.context().storageState();
      await login.context().close();

      const url = `${base}/console/plans/${planId}`;
      const measured: Load[] = [];
      const bytes = { html: 0, css: 0, js: 0 };
      for (let i = 0; i <= loads; i++) {
        const context = await browser.newContext({ storageState: session });
        const page = await context.newPage();
        const weights = { html: 0, css: 0, js: 0 };
        page.on('response', (response) => {
          const type = response.request().resourceType();
          const kind = type === 'document' ? 'html' : type === 'stylesheet' ? 'css' : type === 'script' ? 'js' : undefined;
          if (kind) void response.body().then((body) => (weights[kind] += body.length), () => undefined);
        });
        await page.goto(url, { waitUntil: 'load' });
        if (!(await page.locator('#content-hash').count())) throw new Error(`the plan page did not render: ${page.url()}`);
        const load = await page.evaluate<Load>(`(() => {
          const nav = performance.getEntriesByType('navigation')[0];
          const fcp = performance.getEntriesByName('first-contentful-paint')[0];
          const entries = performance.getEntriesByType('resource').filter((r) => /\\.(css|js)$/.test(r.name));
          const assets = entries.map((r) => r.responseEnd);
          return { ttfb: nav.responseStart, html: nav.responseEnd, assets: Math.max(0, ...assets), assetsAsked: Math.min(...entries.map((r) => r.startTime)), fcp: fcp ? fcp.startTime : NaN, dcl: nav.domContentLoadedEventEnd, load: nav.loadEventEnd };
        })()`);
        await page.waitForLoadState('networkidle');
        // The first load warms the server (its first plan read); it is not counted.
        if (i > 0) measured.push(load);
        if (i === loads) Object.assign(bytes, weights);
        await context.close();
      }
      const p50 = (key: keyof Load) => Math.round(median(measured.map((m) => m[key])) * 10) / 10;
      const htmlOf = await (await fetch(url, { headers: { cookie: session.cookies.map((c) => `${c.name}=${c.value}`).join('; ') } })).text();
      return {
        name: `console plan page: ${devices}-device plan, headless Chromium, cold cache, median of ${loads} loads`,
        ttfb_p50_ms: p50('ttfb'),
        html_received_p50_ms: p50('html'),
        css_js_requested_p50_ms: p50('assetsAsked'),
        css_js_received_p50_ms: p50('assets'),
        first_contentful_paint_p50_ms: p50('fcp'),
        dom_content_loaded_p50_ms: p50('dcl'),
        load_p50_ms: p50('load'),
        html_bytes: bytes.html,
        css_bytes: bytes.css,
        js_bytes: bytes.js,
        devices_on_page: (htmlOf.match(/<section class="device"/g) ?? []).length,
        loads_ms: measured.map((m) => `${Math.round(m.fcp)}/${Math.round(m.dcl)}`).join(' '),
      };
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    await stopChild(sim.child);
    rmSync(join(dataDir, '..'), { recursive: true, force: true });
  }
}

/** `node dist/console-plan-page.bench.js [devices] [loads]`: the numbers as a table. */
if (require.main === module) {
  void consolePlanPage(Number(process.argv[2] ?? 50), Number(process.argv[3] ?? 9)).then(
    (row) => {
      process.stdout.write(`${String(row['name'])}\n`);
      const rows = Object.entries(row).filter(([k]) => k !== 'name');
      const width = Math.max(...rows.map(([k]) => k.length));
      for (const [k, v] of rows) process.stdout.write(`  ${k.padEnd(width)}  ${String(v)}\n`);
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
