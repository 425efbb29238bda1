import { launchChromium, renderView, waitFor, type HostOptions, type RenderedView } from '@routeros-mcp/testing';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { VIEWS, viewHtml, type ViewDefinition } from './views';

/*
 * Each MCP Apps view as a host shows it: its built HTML (npm run build) in a sandboxed iframe under the spec's default
 * CSP, driven over postMessage by a minimal host (@routeros-mcp/testing's renderView) with a fixture tool result.
 * What a model or a device wrote is hostile: every such string here carries markup that must show as text.
 */
const ARTIFACTS = join(__dirname, '..', '..', '..', 'test-artifacts', 'views');
const SCRIPT = '<script>window.__pwned = 1</script>';
const IMG = '<img src=x onerror="window.__pwned = 2">';

const byTool = (tool: string): ViewDefinition => VIEWS.find((v) => v.tool === tool)!;
const result = (structuredContent: Record<string, unknown>, meta: Record<string, unknown> = {}) => ({ content: [{ type: 'text', text: 'the text fallback' }], structuredContent, _meta: { correlation_id: 'c0ffee00-0000-4000-8000-000000000000', ...meta } });

const PLAN = {
  plan_id: 'plan-dns-7f3a',
  title: `DNS for the branch routers ${SCRIPT}`,
  topic: 'dns_ntp',
  status: 'pending_approval',
  environment: 'lab',
  risk: 'medium',
  created_by: 'alice',
  created_at: '2026-11-28T08:00:00.000Z',
  expires_at: '2026-11-29T08:00:00.000Z',
  devices: [
    {
      device_id: 'br-1', batch: 0, status: 'pending', changed: true, risk: 'medium', summary: `set DNS servers ${IMG}`,
      diff: ['--- /ip dns (before)', '+++ /ip dns (after)', '@@ servers @@', '-servers=192.0.2.1', `+servers=192.0.2.53 comment="${SCRIPT}"`],
      verdicts: [{ rule: 'management-path', status: 'pass', reason: 'the management address stays reachable' }, { rule: 'dns-reachable', status: 'warn', reason: `resolver answered slowly ${IMG}` }],
    },
    { device_id: 'br-2', batch: 1, status: 'pending', changed: false, risk: 'low', summary: 'already as planned', diff: [], verdicts: [] },
  ],
  excluded: [{ device_id: 'br-9', reason: `under maintenance ${SCRIPT}` }],
  content_hash: 'sha256:5d41402abc4b2a76b9719d911017c592',
  approval: null,
  progress: { done: 0, total: 2 },
  summary: 'DNS servers on 2 devices',
  rollout: { canary_size: 1, batch_size: 5, pause_seconds: 30, max_cpu_percent: 90, max_memory_percent: 90, halt_policy: 'halt_and_rollback' },
  failure_reason: null,
  cancel_requested: null,
  next_step: 'routeros-mcp-admin plan show plan-dns-7f3a, then routeros-mcp-admin plan approve plan-dns-7f3a',
};
const ROLLOUT = {
  plan_id: 'plan-dns-7f3a', status: 'executing', progress: { done: 3, total: 5 }, approval: { approved_by: 'bob', approved_at: '2026-11-28T08:10:00.000Z', expires_at: '2026-11-28T09:10:00.000Z' },
  devices: [{ device_id: 'br-1', batch: 0, status: 'applied' }, { device_id: 'br-2', batch: 1, status: 'failed', error: `timeout ${SCRIPT}` }, { device_id: 'br-3', batch: 1, status: 'pending' }],
  log: [{ at: '2026-11-28T08:11:00.000Z', event: 'step', device_id: 'br-2', status: 'failed', reason: `device said ${IMG}` }],
  failure_reason: null, next_step: 'plan_status plan-dns-7f3a until it settles',
};
const FLEET = {
  environment: 'lab', total: 3, reachable: 2, unreachable: 1,
  devices: [
    { device_id: 'core-1', reachable: true, cpu_load_percent: 12, memory_used_percent: 48, uptime: '3d4h', version: '7.20.5', error: null },
    { device_id: 'edge-2', reachable: true, cpu_load_percent: 95, memory_used_percent: 91, uptime: '1h', version: `7.19 ${SCRIPT}`, error: null },
    { device_id: 'edge-3', reachable: false, cpu_load_percent: null, memory_used_percent: null, uptime: null, version: null, error: `DEVICE_UNREACHABLE ${IMG}` },
  ],
};
const DIFF = {
  device_id: 'core-1', from: 'snap-0123456789ab', to: 'live', added: 1, removed: 1,
  diff: ['--- snap-0123456789ab', '+++ live', '@@ -3,1 +3,1 @@', '-/ip firewall filter add chain=input action=accept', `+/ip firewall filter add chain=input action=accept comment="${SCRIPT}"`, ' /ip dns set allow-remote-requests=no'].join('\n'),
};

let browser: Browser;
const open: RenderedView[] = [];
beforeAll(async () => {
  browser = await launchChromium();
  mkdirSync(ARTIFACTS, { recursive: true });
}, 60_000);
afterAll(async () => {
  await Promise.all(open.map((v) => v.close()));
  await browser?.close();
});

async function render(tool: string, toolResult: Record<string, unknown>, shot?: string, host: HostOptions = {}): Promise<RenderedView> {
  const view = await renderView(browser, viewHtml(byTool(tool)), toolResult, {}, host);
  open.push(view);
  if (shot) {
    // The whole view in the viewport (a full-page capture can leave an iframe's lower part unpainted).
    const height = await view.page.evaluate<number>("Math.ceil(document.getElementById('view').getBoundingClientRect().height)");
    await view.page.setViewportSize({ width: host.width ?? 900, height });
    await view.page.screenshot({ path: join(ARTIFACTS, `${shot}.png`) });
  }
  return view;
}

/** Markup in the data stayed text: no script ran, no element was made from it. */
async function hostileShownAsText(view: RenderedView): Promise<void> {
  expect(await view.frame.evaluate('window.__pwned')).toBeUndefined();
  expect(await view.frame.locator('#view script, #view img').count()).toBe(0);
  expect(await view.frame.locator('#view').textContent()).toContain(SCRIPT);
}

describe('MCP Apps views in headless Chromium', () => {
  it('plan_get: the per-device diff coloured, every verdict, the hash, hostile text as text, a console link and nothing that approves', async () => {
    const view = await render('plan_get', result(PLAN, { console_url: 'https://mcp.example.com/console/plans/plan-dns-7f3a' }), 'plan');
    const { frame } = view;
    expect(await frame.locator('h1').textContent()).toBe(PLAN.title);
    expect(await frame.locator('.line.add').allTextContents()).toEqual([`+servers=192.0.2.53 comment="${SCRIPT}"\n`]);
    expect(await frame.locator('.line.del').allTextContents()).toEqual(['-servers=192.0.2.1\n']);
    const verdicts = await frame.locator('section.device').first().locator('tbody tr').allTextContents();
    expect(verdicts).toEqual(['management-pathpassthe management address stays reachable', `dns-reachablewarnresolver answered slowly ${IMG}`]);
    expect(await frame.locator('#view').textContent()).toContain(PLAN.content_hash);
    expect(await frame.locator('#view').textContent()).toContain(`under maintenance ${SCRIPT}`);
    // Read-only: nothing to press or submit; the way to approve is the console, opened by the host.
    expect(await frame.locator('button, form, input').count()).toBe(0);
    await frame.locator('a.console-link').click();
    const opened = await waitFor(async () => (await view.received()).find((m) => m.method === 'ui/open-link'), 'the view asking the host to open the console', 30_000);
    expect(opened.params).toEqual({ url: 'https://mcp.example.com/console/plans/plan-dns-7f3a' });
    await hostileShownAsText(view);
    expect(view.problems).toEqual([]);
  }, 60_000);

  it('plan_get without a console (no public URL) or with a non-web URL: no link', async () => {
    for (const meta of [{}, { console_url: 'javascript:window.__pwned=3' }]) {
      const view = await render('plan_get', result(PLAN, meta));
      expect(await view.frame.locator('a').count()).toBe(0);
      expect(await view.frame.locator('#view').textContent()).toContain('routeros-mcp-admin plan approve plan-dns-7f3a');
      expect(view.problems).toEqual([]);
    }
  }, 60_000);

  it("plan_status: the rollout's progress, each device's step and the log", async () => {
    const view = await render('plan_status', result(ROLLOUT), 'rollout');
    expect(await view.frame.locator('.sub').first().textContent()).toContain('3/5 steps settled');
    expect(await view.frame.locator('meter').getAttribute('value')).toBe('60');
    expect(await view.frame.locator('table').first().locator('tbody tr').allTextContents()).toEqual(['br-11applied', `br-22failedtimeout ${SCRIPT}`, 'br-32pending']);
    expect(await view.frame.locator('#view').textContent()).toContain(`device said ${IMG}`);
    await hostileShownAsText(view);
    expect(view.problems).toEqual([]);
  }, 60_000);

  it("fleet_get_health_summary: every device's state, CPU and memory", async () => {
    const view = await render('fleet_get_health_summary', result(FLEET), 'fleet-health');
    const rows = view.frame.locator('tbody tr');
    expect(await rows.count()).toBe(3);
    expect(await rows.nth(1).locator('meter').first().getAttribute('value')).toBe('95');
    expect(await rows.nth(2).textContent()).toContain(`DEVICE_UNREACHABLE ${IMG}`);
    expect(await view.frame.locator('.badge.bad').count()).toBeGreaterThanOrEqual(2);
    await hostileShownAsText(view);
    expect(view.problems).toEqual([]);
  }, 60_000);

  it('config_diff: added lines green, removed red, hunks and context as they are', async () => {
    const view = await render('config_diff', result(DIFF), 'config-diff');
    expect(await view.frame.locator('.line.add').allTextContents()).toEqual([`+/ip firewall filter add chain=input action=accept comment="${SCRIPT}"\n`]);
    expect(await view.frame.locator('.line.del').allTextContents()).toEqual(['-/ip firewall filter add chain=input action=accept\n']);
    expect(await view.frame.locator('.line.hunk').count()).toBe(1);
    const colours = await view.frame.evaluate<string[]>("['add', 'del'].map((c) => getComputedStyle(document.querySelector('.line.' + c)).color)");
    expect(colours[0]).not.toBe(colours[1]);
    await hostileShownAsText(view);
    expect(view.problems).toEqual([]);
  }, 60_000);

  it("at a phone's width in the host's dark theme: nothing scrolls sideways but a diff, the page is dark", async () => {
    const view = await render('plan_get', result(PLAN, { console_url: 'https://mcp.example.com/console/plans/plan-dns-7f3a' }), 'plan-phone-dark', { width: 380, theme: 'dark' });
    const layout = await view.frame.evaluate<{ page: number; width: number; background: string }>(
      "({ page: document.documentElement.scrollWidth, width: document.documentElement.clientWidth, background: getComputedStyle(document.body).backgroundColor })",
    );
    expect(layout.page).toBeLessThanOrEqual(layout.width);
    const [r, g, b] = layout.background.match(/\d+/g)!.map(Number);
    expect(r + g + b).toBeLessThan(3 * 64);
    expect(view.problems).toEqual([]);
  }, 60_000);

  it('a failed call shows its text', async () => {
    const view = await render('config_diff', { content: [{ type: 'text', text: `NOT_FOUND: no snapshot ${SCRIPT}` }], isError: true });
    expect(await view.frame.locator('pre').textContent()).toBe(`NOT_FOUND: no snapshot ${SCRIPT}`);
    await hostileShownAsText(view);
    expect(view.problems).toEqual([]);
  }, 60_000);
});
