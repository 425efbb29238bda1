import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import type { RunningHttpServer } from './http-server.harness';
import { ADMIN_MAIN } from './http-auth';

const run = promisify(execFile);

/** `routeros-mcp-admin console login --user U --role R --url BASE` on `dataDir`: the one-time link it prints. */
export async function consoleLink(dataDir: string, base: string, user: string, role: string): Promise<string> {
  return (await runAdmin(dataDir, ['console', 'login', '--user', user, '--role', role, '--url', base])).trim();
}

/** Redeems a link over plain HTTP (as the login form posts it): the session cookie's value. */
export async function consoleSession(base: string, link: string): Promise<string> {
  const response = await fetch(`${base}/console/login`, { method: 'POST', redirect: 'manual', headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ link: new URL(link).searchParams.get('link')! }) });
  const cookie = /routeros_console=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (response.status !== 303 || !cookie) throw new Error(`login failed: ${response.status}`);
  return cookie;
}

/** The CSRF token a console page embeds in its forms. */
export function csrfOf(pageHtml: string): string {
  const token = /name="csrf" value="([^"]+)"/.exec(pageHtml)?.[1];
  if (!token) throw new Error('no CSRF token on the page');
  return token;
}

/** `routeros-mcp-admin ARGS` on `dataDir`: what it printed. */
export async function runAdmin(dataDir: string, args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [ADMIN_MAIN, ...args], { env: { PATH: process.env['PATH']!, ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error' } });
  return stdout;
}

/** `routeros-mcp-admin audit --plan ID --json`: a plan's audit records, newest first. */
export async function planAudit(dataDir: string, planId: string): Promise<{ principal: string; action: string; outcome: string; error_code: string | null }[]> {
  return JSON.parse(await runAdmin(dataDir, ['audit', '--plan', planId, '--json']));
}

/** A new browser context logged in as `user` with `role` through a one-time link, on the page the login lands on. */
export async function logInWithLink(browser: Browser, dataDir: string, base: string, user: string, role: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(await consoleLink(dataDir, base, user, role));
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${base}/console/plans`);
  return page;
}

/** Ends a console spec's parts in order: the browser, the MCP client, the server (exit 0 checked), then the rest. */
export async function stopConsoleRig(parts: { browser?: Browser; mcp?: { close(): Promise<unknown> }; server?: RunningHttpServer; others?: (() => Promise<unknown> | undefined)[] }): Promise<void> {
  await parts.browser?.close();
  await parts.mcp?.close();
  expect(await parts.server?.stop()).toBe(0);
  await Promise.all((parts.others ?? []).map((stop) => stop()));
}
