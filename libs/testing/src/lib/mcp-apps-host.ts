import type { Browser, Frame, Page } from 'playwright-core';

/**
 * The CSP an MCP Apps host applies to a view whose resource declares no `ui.csp` (the spec's restrictive default,
 * plus `frame-src`, `object-src` and `base-uri` as its sandbox proxy sets them): inline script and style only.
 */
export const MCP_APPS_DEFAULT_CSP = "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; media-src 'self' data:; connect-src 'none'; frame-src 'none'; object-src 'none'; base-uri 'self'";

interface HostGlobals {
  __start(html: string, result: unknown, args: unknown, theme: string): void;
  __received: { method?: string; params?: Record<string, unknown>; id?: unknown }[];
}

/** The host page: its script is the host side of the MCP Apps postMessage protocol, for one view. */
const HOST_PAGE = `<!doctype html><html><body style="margin:0"><iframe id="view" title="view" sandbox="allow-scripts" style="width:100%;height:200px;border:0"></iframe><script>
window.__received = [];
window.__start = function (html, result, args, theme) {
  var iframe = document.getElementById('view');
  var send = function (message) { iframe.contentWindow.postMessage(message, '*'); };
  window.addEventListener('message', function (event) {
    if (event.source !== iframe.contentWindow) return;
    var m = event.data || {};
    window.__received.push(m);
    if (m.method === 'ui/initialize') {
      send({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: m.params && m.params.protocolVersion, hostInfo: { name: 'spec-host', version: '1.0.0' }, hostCapabilities: { openLinks: {} }, hostContext: { theme: theme, displayMode: 'inline', availableDisplayModes: ['inline'], platform: 'web' } } });
    } else if (m.method === 'ui/notifications/initialized') {
      send({ jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: { arguments: args } });
      send({ jsonrpc: '2.0', method: 'ui/notifications/tool-result', params: result });
    } else if (m.method === 'ui/notifications/size-changed') {
      if (m.params && typeof m.params.height === 'number') iframe.style.height = m.params.height + 'px';
    } else if (m.id !== undefined && m.method) {
      send({ jsonrpc: '2.0', id: m.id, result: {} });
    }
  });
  iframe.srcdoc = html;
};
</script></body></html>`;

export interface RenderedView {
  page: Page;
  /** The view's iframe. */
  frame: Frame;
  /** Console errors and warnings, and uncaught errors, of the page and the view. */
  problems: string[];
  /** Every JSON-RPC message the view sent the host. */
  received(): Promise<{ method?: string; params?: Record<string, unknown>; id?: unknown }[]>;
  close(): Promise<void>;
}

/**
 * A minimal MCP Apps host in a browser page: the view's HTML in a sandboxed iframe (scripts only, an opaque origin,
 * the default CSP), answering the view's `ui/initialize`, then sending `ui/notifications/tool-input` and
 * `ui/notifications/tool-result` once it says `ui/notifications/initialized` (never before, as the spec says), sizing the iframe
 * from `ui/notifications/size-changed`, and answering `ui/open-link` (recorded). Resolves once the view has drawn
 * something other than its waiting line.
 */
export interface HostOptions {
  /** The page's width in CSS pixels (900 unless given; a phone is about 380). */
  width?: number;
  /** The theme the host says it has (hostContext.theme). */
  theme?: 'light' | 'dark';
}

export async function renderView(browser: Browser, html: string, toolResult: Record<string, unknown>, toolArguments: Record<string, unknown> = {}, options: HostOptions = {}): Promise<RenderedView> {
  const page = await browser.newPage({ viewport: { width: options.width ?? 900, height: 700 } });
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.setContent(HOST_PAGE);
  const withCsp = html.replace('<head>', `<head><meta http-equiv="Content-Security-Policy" content="${MCP_APPS_DEFAULT_CSP}">`);
  await page.evaluate(({ html, result, args, theme }) => (globalThis as unknown as HostGlobals).__start(html, result, args, theme), { html: withCsp, result: toolResult, args: toolArguments, theme: options.theme ?? 'light' });
  const frame = await waitForFrame(page);
  await frame.waitForFunction("!document.getElementById('view').textContent.includes('Waiting for the tool result')", undefined, { timeout: 30_000 });
  // The view reports its height (ui/notifications/size-changed, debounced); the host has sized the iframe to it.
  const contentHeight = () => frame.evaluate<number>('document.documentElement.scrollHeight');
  const iframeHeight = () => page.evaluate<number>("document.getElementById('view').getBoundingClientRect().height");
  await waitForCondition(async () => Math.abs((await iframeHeight()) - (await contentHeight())) <= 2, 'the host sizing the iframe to the view', 30_000);
  return {
    page,
    frame,
    problems,
    received: () => page.evaluate(() => (globalThis as unknown as HostGlobals).__received),
    close: () => page.close(),
  };
}

async function waitForCondition(check: () => Promise<boolean>, what: string, boundMs: number): Promise<void> {
  const deadline = Date.now() + boundMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${boundMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function waitForFrame(page: Page): Promise<Frame> {
  const handle = await page.waitForSelector('#view');
  for (let i = 0; i < 300; i++) {
    const frame = await handle.contentFrame();
    if (frame && (await frame.$('#view').catch(() => null))) return frame;
    await page.waitForTimeout(100);
  }
  throw new Error('the view iframe never loaded');
}
