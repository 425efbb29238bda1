import { ResourceListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { AdminServices, buildContainer, readServiceConfig } from '@routeros-mcp/composition';
import { Fleet, startFleet, tempDir, until, waitFor } from '@routeros-mcp/testing';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { EraClient, ERAS } from './era-client';
import { connectStdio, enrollWriters, statelessLegacy, TRANSPORT } from './fleet-setup';
import { approvalSecrets } from './plan-approval-secrets';

/*
 * The professional tier end to end with real MCP clients (this file runs over stdio, and over HTTP with an admin token
 * through the HTTP app's fleet-setup): plans made by tools, approved out of band by an operator through the plan
 * service (as routeros-mcp-admin does), applied by a tool and rolled out by the server's runner.
 */
const dir = tempDir('plans-e2e-');
const dataDir = join(dir.path, 'data');
const logFile = join(dir.path, 'server.log');
const USERS = [{ name: 'admin', password: 'e2e-Pw-1', group: 'full' as const }];
const FULL = { allow_advanced_writes: true, allow_professional_workflows: true, allow_firewall_writes: true };
const DEVICES = ['pl-0', 'pl-1', 'pl-2'];
/** Every tool set, a log file the secret search reads, and plan_apply streaming progress for up to 10 minutes. */
const ENV = {
  ROUTEROS_MCP_TOOLSETS: 'all',
  ROUTEROS_MCP_LOG_LEVEL: 'debug',
  ROUTEROS_MCP_LOG_FILE: logFile,
  ROUTEROS_MCP_PLAN_APPLY_WAIT_S: '600',
  // The waits poll plan_status for minutes on a loaded machine; the per-minute limit is not what these tests judge.
  ROUTEROS_MCP_RATE_LIMIT_PER_MINUTE: '100000',
  // stdio serves no console: one configured there (the plan views link to it); HTTP serves its own under its origin.
  ...(TRANSPORT === 'stdio' ? { ROUTEROS_MCP_CONSOLE_URL: 'https://mcp.example.com/console' } : {}),
};
/** The MCP Apps views (`ui://`) of the tools that have one. */
const VIEWS = { plan_get: 'ui://routeros-mcp/plan', plan_status: 'ui://routeros-mcp/rollout', fleet_get_health_summary: 'ui://routeros-mcp/fleet-health', config_diff: 'ui://routeros-mcp/config-diff' };
const MCP_APP = 'text/html;profile=mcp-app';
const operator = { id: 'os:e2e-operator', via: 'admin-cli' as const };
let fleet: Fleet;
let admin: AdminServices;
/** Everything the model saw: every tool result, error and resource read of these scenarios. */
const seen: string[] = [];

beforeAll(async () => {
  fleet = await startFleet({ devices: 3, profile: 'home', version: '7.20.5', users: USERS });
  await enrollWriters(dataDir, USERS[0], DEVICES.map((id, i) => ({ id, device: fleet.devices[i], environment: 'lab' as const, capabilities: FULL })));
  admin = (await buildContainer(readServiceConfig({ env: { ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error' } }), { logStream: new PassThrough() })).get(AdminServices);
}, 120_000);
afterAll(async () => {
  await admin?.close();
  await fleet?.stop();
  dir.remove();
});

describe.each(ERAS)('plans over %s', (_label, era) => {
  let client: EraClient;
  const listChanged: unknown[] = [];
  const call = async (name: string, args: Record<string, unknown> = {}, options: { onprogress?: () => void } = {}) => {
    const result = await client.callTool(name, args, options);
    seen.push(JSON.stringify(result));
    return result;
  };
  /** plan_status once the rollout is no longer moving; a refused read fails here with its error, never ends the wait. */
  const rolloutEnded = (planId: string, what: string): Promise<{ status: string; devices: { status: string }[] }> =>
    waitFor(async () => {
      const result = await call('plan_status', { plan_id: planId });
      if (result.isError) throw new Error(`plan_status ${planId} failed: ${JSON.stringify(result.structuredContent)}`);
      return ['executing', 'rolling_back'].includes(result.structuredContent.status) ? undefined : result.structuredContent;
    }, what, 300_000, 250);
  const failure = async (name: string, args: Record<string, unknown>) => {
    const failed = await client.failure(name, args);
    seen.push(JSON.stringify(failed));
    return failed;
  };
  const read = async (uri: string) => {
    const result = await client.readResource(uri);
    seen.push(JSON.stringify(result));
    return JSON.parse(result.contents[0].text);
  };
  let planId: string;
  let otherId: string;

  beforeAll(async () => {
    client = await connectStdio(dataDir, ENV, era);
    if (era === 'legacy' && !statelessLegacy(era)) client.raw.setNotificationHandler(ResourceListChangedNotificationSchema, (n: unknown) => void listChanged.push(n));
  }, 180_000);
  afterAll(() => client?.close());

  it('lists the plan tools (never one that approves) and the plan resource templates', async () => {
    const names = (await client.listTools()).tools.map((t: { name: string }) => t.name);
    expect(names).toEqual(expect.arrayContaining(['plan_dns_ntp', 'plan_address_list_sync', 'plan_get', 'plan_list', 'plan_status', 'plan_cancel', 'plan_apply', 'plan_rollback']));
    expect(names.filter((n: string) => /approve/.test(n))).toEqual([]);
    const templates = (await client.listResourceTemplates()).resourceTemplates.map((t: { uriTemplate: string }) => t.uriTemplate);
    expect(templates).toEqual(expect.arrayContaining(['plan://{plan_id}/summary', 'plan://{plan_id}/details', 'plan://{plan_id}/execution-log']));
  });

  it('creates a dns_ntp plan for three devices: per-device diff, risk, verdicts, content hash, the review commands as next step', async () => {
    const n = era === 'legacy' ? 11 : 12;
    const result = await call('plan_dns_ntp', { devices: DEVICES, dns_servers: [`192.0.2.${n}`], rollout: { canary_size: 1, batch_size: 2, pause_seconds: 0 } });
    const plan = result.structuredContent;
    planId = plan.plan_id;
    expect(plan).toMatchObject({ status: 'pending', topic: 'dns_ntp', environment: 'lab', approval: null, content_hash: expect.stringMatching(/^[0-9a-f]{64}$/), progress: { done: 0, total: 3 } });
    expect(plan.rollout).toMatchObject({ canary_size: 1, batch_size: 2, pause_seconds: 0, halt_policy: 'halt_and_rollback' });
    expect(plan.devices.map((d: { device_id: string }) => d.device_id).sort()).toEqual(DEVICES);
    for (const d of plan.devices) {
      expect(d).toMatchObject({ status: 'pending', changed: true, risk: expect.any(String), diff: [`/ip dns set servers=192.0.2.${n}`] });
      expect(d.verdicts.map((v: { rule: string }) => v.rule)).toEqual(expect.arrayContaining(['TIER_CAPABILITY']));
    }
    expect(plan.next_step).toContain(`routeros-mcp-admin plan approve ${planId}`);
    expect(result.content[0].text).toContain(`/ip dns set servers=192.0.2.${n}`);
    // A second plan, leaving a device out with a reason: the exclusion is part of the answer.
    const other = (await call('plan_address_list_sync', { devices: DEVICES, list: 'mcp-e2e', addresses: ['198.51.100.7'], exclude: [{ device_id: 'pl-2', reason: 'under maintenance' }] })).structuredContent;
    otherId = other.plan_id;
    expect(other.devices.map((d: { device_id: string }) => d.device_id).sort()).toEqual(['pl-0', 'pl-1']);
    expect(other.excluded).toEqual([{ device_id: 'pl-2', reason: expect.stringContaining('under maintenance') }]);
  }, 120_000);

  it('tells a 2025-era session that the resource list changed when a plan is created', async () => {
    if (era !== 'legacy' || statelessLegacy(era)) return; // modern: on listen streams; stateless HTTP: no session
    await until(() => listChanged.length > 0, 'notifications/resources/list_changed');
  });

  it('plan_get, plan_list (filters, pages) and plan_status', async () => {
    const got = (await call('plan_get', { plan_id: planId })).structuredContent;
    expect(got.devices[0].touched[0]).toMatchObject({ menu: 'ip/dns', before: expect.any(Object), after: expect.objectContaining({ servers: expect.stringMatching(/^192\.0\.2\./) }) });
    const listed = (await call('plan_list', { status: 'pending', device_id: 'pl-2' })).structuredContent;
    expect(listed.items.map((p: { plan_id: string }) => p.plan_id)).toContain(planId);
    expect(listed.items.map((p: { plan_id: string }) => p.plan_id)).not.toContain(otherId);
    const first = (await call('plan_list', { limit: 1 })).structuredContent;
    expect(first).toMatchObject({ has_more: true, next_cursor: expect.any(String), items: [expect.objectContaining({ plan_id: expect.stringMatching(/^plan-/) })] });
    const second = (await call('plan_list', { limit: 1, cursor: first.next_cursor })).structuredContent;
    expect(second.items[0].plan_id).not.toBe(first.items[0].plan_id);
    const status = (await call('plan_status', { plan_id: planId })).structuredContent;
    expect(status).toMatchObject({ status: 'pending', progress: { done: 0, total: 3 }, approval: null });
    expect(status.log[0]).toMatchObject({ event: 'created' });
  }, 60_000);

  it('reads the plan resources, and lists them per plan', async () => {
    expect(await read(`plan://${planId}/summary`)).toMatchObject({ plan_id: planId, status: 'pending', devices: 3 });
    expect((await read(`plan://${planId}/details`)).devices).toHaveLength(3);
    expect((await read(`plan://${planId}/execution-log`)).entries[0]).toMatchObject({ event: 'created' });
    const uris = (await client.listResources()).resources.map((r: { uri: string }) => r.uri);
    expect(uris).toEqual(expect.arrayContaining([`plan://${planId}/summary`, `plan://${planId}/execution-log`]));
  });

  it('MCP Apps: four tools name their ui:// view, each listed and read as text/html;profile=mcp-app; the plan views get the console page', async () => {
    // The server names the extension among its capabilities (SEP-2133), from initialize or server/discover.
    expect(client.raw.getServerCapabilities()?.extensions).toEqual({ 'io.modelcontextprotocol/ui': {} });
    const tools = (await client.listTools()).tools as { name: string; _meta?: unknown }[];
    expect(Object.fromEntries(tools.filter((t) => t._meta).map((t) => [t.name, t._meta]))).toEqual(Object.fromEntries(Object.entries(VIEWS).map(([name, uri]) => [name, { ui: { resourceUri: uri } }])));
    const listed = (await client.listResources()).resources.filter((r: { uri: string }) => r.uri.startsWith('ui://'));
    expect(listed.map((r: { uri: string; mimeType: string }) => [r.uri, r.mimeType]).sort()).toEqual(Object.values(VIEWS).map((uri) => [uri, MCP_APP]).sort());
    for (const uri of Object.values(VIEWS)) {
      const { contents } = await client.readResource(uri);
      expect(contents).toEqual([{ uri, mimeType: MCP_APP, text: expect.stringMatching(/^<!doctype html>.*<script>.*<\/script><\/body><\/html>\n$/s), _meta: { ui: { prefersBorder: true } } }]);
    }
    // Over stdio the configured console; over HTTP the server's own: a link in _meta, text and structuredContent as before.
    for (const tool of ['plan_get', 'plan_status']) {
      const result = await call(tool, { plan_id: planId });
      expect(result._meta.console_url).toEqual(TRANSPORT === 'stdio' ? `https://mcp.example.com/console/plans/${planId}` : expect.stringMatching(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/console/plans/${planId}$`)));
      expect(result.structuredContent).not.toHaveProperty('console_url');
    }
  });

  it('refuses plan_apply before approval with PLAN_NOT_APPROVED naming the admin command', async () => {
    const refused = await failure('plan_apply', { plan_id: planId });
    expect(refused.data).toMatchObject({ mcp_error_code: 'PLAN_NOT_APPROVED', next_step: `routeros-mcp-admin plan approve ${planId}` });
    expect(refused.data.suggestion).toContain(`routeros-mcp-admin plan approve ${planId}`);
    // A tool execution error: an isError result on both revisions, the approval command in its text too.
    expect(refused.code).toBeUndefined();
    expect(refused.text).toContain(`routeros-mcp-admin plan approve ${planId}`);
  });

  it('after an operator approves out of band, plan_apply answers at once with the plan executing; subscribers hear of it', async () => {
    const updates: string[] = [];
    const stop = statelessLegacy(era) ? undefined : await client.watch(`plan://${planId}/summary`, (params) => void updates.push(params.uri));
    try {
      await admin.plans.approve(planId, operator);
      const approved = (await call('plan_get', { plan_id: planId })).structuredContent;
      expect(approved.status).toBe('approved');
      // The approval as the model may see it: who, when, until when; nothing else.
      expect(Object.keys(approved.approval).sort()).toEqual(['approved_at', 'approved_by', 'expires_at']);
      expect(approved.approval.approved_by).toBe(operator.id);
      const applied = await call('plan_apply', { plan_id: planId });
      expect(applied.structuredContent).toMatchObject({ plan_id: planId, status: 'executing' });
      expect(applied.structuredContent.next_step).toMatch(/plan_status/);
      if (stop) await until(() => updates.includes(`plan://${planId}/summary`), 'the summary update after plan_apply');
      const again = await failure('plan_apply', { plan_id: planId });
      expect(again.data.mcp_error_code).toBe('CONFLICT');
    } finally {
      await stop?.();
    }
  }, 120_000);

  it('cancels a pending plan at once; an executing one stops before its next device step', async () => {
    expect((await call('plan_cancel', { plan_id: otherId, reason: 'not needed' })).structuredContent).toMatchObject({ status: 'cancelled' });
    const answer = await call('plan_cancel', { plan_id: planId, reason: 'changed my mind' }).catch((error: { data: unknown }) => ({ thrown: error }));
    if ('thrown' in answer || answer.isError) {
      // The rollout finished before the cancel arrived: refused as a conflict (a 2025-era client throws it).
      const error = 'thrown' in answer ? answer.thrown.data : answer.structuredContent.error;
      expect(error.mcp_error_code).toBe('CONFLICT');
      expect((await call('plan_status', { plan_id: planId })).structuredContent.status).toBe('completed');
    } else if (answer.structuredContent.status === 'executing') {
      expect(answer.structuredContent.cancel_requested).toMatchObject({ reason: 'changed my mind' });
    }
    const ended = await rolloutEnded(planId, 'the cancelled rollout to stop');
    // Stopped at a step boundary: every device applied (and verified) or never touched; or it had finished already.
    expect(['cancelled', 'completed']).toContain(ended.status);
    for (const device of ended.devices) expect(['succeeded', 'pending', 'skipped']).toContain(device.status);
    expect((await failure('plan_cancel', { plan_id: planId })).data.mcp_error_code).toBe('CONFLICT');
    expect((await failure('plan_get', { plan_id: 'plan-0000-unknown' })).data.mcp_error_code).toBe('NOT_FOUND');
  }, 320_000);

  it('the rollout completes, with progress on the call stream and the execution log', async () => {
    // The first plan's rollout ends first: a second plan on the same devices is then planned from their new state.
    await rolloutEnded(planId, 'the first rollout to end');
    // A value of this era only: the cancelled rollout may have left devices at the previous era's value, which a plan
    // for that value would find already as planned (no 'applied and verified' line for them).
    const plan = (await call('plan_dns_ntp', { devices: DEVICES, dns_servers: [`192.0.2.${era === 'legacy' ? 98 : 99}`], rollout: { pause_seconds: 0 } })).structuredContent;
    await admin.plans.approve(plan.plan_id, operator);
    const { result: applied, frames } = await client.watchingFrames(() => call('plan_apply', { plan_id: plan.plan_id }, { onprogress: () => undefined }));
    // The answer waited (ROUTEROS_MCP_PLAN_APPLY_WAIT_S) while the rollout streamed its progress: every step's line before it.
    const before = frames.slice(0, frames.findIndex((f) => 'result' in f));
    expect(before.filter((f) => f.method === 'notifications/progress' && / applied and verified$/.test(f.params.message))).toHaveLength(3);
    expect(applied.structuredContent.status).toBe('completed');
    const log = await read(`plan://${plan.plan_id}/execution-log`);
    expect(log.entries.filter((e: { event: string }) => e.event === 'step ended')).toHaveLength(3);
  }, 600_000);
});

describe('the approval secrets', () => {
  it('appear in no tool result, error, resource or log line of these scenarios', async () => {
    const secrets = await approvalSecrets(dataDir);
    expect(secrets.length).toBeGreaterThanOrEqual(ERAS.length);
    const logs = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
    // Over stdio the server logs to the file; over HTTP too (the same environment).
    if (TRANSPORT === 'stdio') expect(logs).toContain('plan_apply');
    const corpus = [...seen, logs].join('\n');
    for (const { nonce, signature } of secrets) {
      expect(corpus.includes(nonce)).toBe(false);
      expect(corpus.includes(signature)).toBe(false);
    }
    expect(corpus).not.toMatch(/"(nonce|signature)"/);
  });
});
