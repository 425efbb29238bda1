import { connectHttp, type EraClient, Fleet, launchChromium, simControl, startFleet, tempDir } from '@routeros-mcp/testing';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { httpAuthFor } from './http-auth';
import { enrollWriters } from './http-fleet-setup';
import { RunningHttpServer, startHttpServer } from './http-server.harness';
import { logInWithLink, stopConsoleRig } from './console-session';

// A revert that goes through: on a lab server (single changes need no plan there) a change made over MCP is undone
// by an ops_rw person in the browser, and the simulated device is back to its old value. read_only is offered none.

const dir = tempDir('console-revert-');
const dataDir = join(dir.path, 'data');
const ARTIFACTS = join(__dirname, '..', 'test-artifacts', 'console');
const USERS = [{ name: 'admin', password: 'e2e-Pw-1', group: 'full' as const }];
let fleet: Fleet;
let server: RunningHttpServer;
let mcp: EraClient;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  fleet = await startFleet({ devices: 1, profile: 'home', version: '7.20.5', users: USERS });
  await enrollWriters(dataDir, USERS[0], [{ id: 'rv-0', device: fleet.devices[0], environment: 'lab', capabilities: { allow_advanced_writes: true } }]);
  const auth = await httpAuthFor(dataDir);
  server = await startHttpServer({ ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_ENVIRONMENT: 'lab', ...auth.env });
  mcp = await connectHttp('modern', server.url, { token: auth.token });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await stopConsoleRig({ browser, mcp, server, others: [() => fleet?.stop()] });
  dir.remove();
});

const identity = async (): Promise<string> => (await simControl(fleet, 'GET', '/devices/0/state')).config['system/identity'][0].name;

const loggedInPage = (user: string, role: string): Promise<Page> => logInWithLink(browser, dataDir, server.base, user, role);

it('an ops_rw person reverts a change made over MCP and the device is back to its old value; read_only sees no revert button', async () => {
  const before = await identity();
  const made = (await mcp.callTool('system_set_identity', { device_id: 'rv-0', name: 'console-revert-me' })).structuredContent;
  expect(made).toMatchObject({ changed: true, verification: { status: 'verified' } });
  const changeId: string = made.change_id;
  expect(await identity()).toBe('console-revert-me');
  expect(before).not.toBe('console-revert-me');

  const viewer = await loggedInPage('rhea', 'read_only');
  await viewer.goto(`${server.base}/console/changes`);
  await expect(viewer.locator(`section[data-change="${changeId}"]`).count()).resolves.toBe(1);
  await expect(viewer.getByRole('button', { name: 'Revert this change' }).count()).resolves.toBe(0);
  await viewer.context().close();

  const page = await loggedInPage('otto', 'ops_rw');
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  // The device page lists the change; the revert is offered on the changes page.
  await page.goto(`${server.base}/console/devices/rv-0`);
  await expect(page.locator(`section[data-change="${changeId}"]`).count()).resolves.toBe(1);
  await page.goto(`${server.base}/console/changes`);
  const section = page.locator(`section[data-change="${changeId}"]`);
  await expect(section.locator('.badge').first().textContent()).resolves.toBe('verified');
  await section.getByRole('button', { name: 'Revert this change' }).click();
  await page.waitForURL(/\/console\/changes\?done=/);
  await expect(page.locator('p.notice').textContent()).resolves.toContain(`${changeId} reverted on rv-0`);
  await page.screenshot({ path: join(ARTIFACTS, 'change-reverted.png'), fullPage: true });
  expect(await identity()).toBe(before);
  await expect(section.locator('.badge').first().textContent()).resolves.toBe('reverted');
  // No revert is offered twice: the reverted change has no button left.
  await expect(section.getByRole('button', { name: 'Revert this change' }).count()).resolves.toBe(0);
  expect(errors).toEqual([]);
  await page.context().close();
  // Audited under the person, as the CLI's change revert is.
  const audit = (await mcp.callTool('audit_list_events', { action: 'change.revert' })).structuredContent.items;
  expect(audit[0]).toMatchObject({ principal: 'as:otto (console)', outcome: 'success' });
}, 180_000);
