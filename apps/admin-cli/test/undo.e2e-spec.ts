import { connectEra, EraClient, Fleet, simControl, tempDir } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { onTerminal, runAdmin } from './cli-runner';
import { STDIO_SERVER, startWritableFleet } from './writable-fleet';

/*
 * Issue 22 item 13: a person undoes a change or a plan with the admin CLI, no assistant needed, under the rules and
 * audit the tools (change_revert, plan_rollback) apply. Changes and plans are made by the model's side (the SDK client
 * on the built stdio server); the undo by the CLI binary on the same data directory; device state is read from the
 * simulator.
 */
const SIM_USER = { name: 'admin', password: 'undo-Pw-7' };
const FLAGS = { allow_advanced_writes: true, allow_professional_workflows: true, allow_firewall_writes: true };
const dir = tempDir('cli-undo-');
const dataDir = join(dir.path, 'data');
const env = { ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_DEVICE_REQUEST_TIMEOUT_MS: '30000' };
let fleet: Fleet;

beforeAll(async () => {
  fleet = await startWritableFleet(dataDir, ['edge-0', 'edge-1'], SIM_USER, FLAGS);
}, 180_000);
afterAll(async () => {
  await fleet?.stop();
  dir.remove();
});

/** A session of the model's side on the data directory; closed before the CLI undoes anything. */
async function asModel<T>(work: (client: EraClient) => Promise<T>): Promise<T> {
  const client = await connectEra('modern', { command: process.execPath, args: [STDIO_SERVER], env: { PATH: process.env['PATH']!, ...env, ROUTEROS_MCP_TOOLSETS: 'all', ROUTEROS_MCP_LOG_LEVEL: 'error' } });
  try {
    return await work(client);
  } finally {
    await client.close();
  }
}
const ok = async (client: EraClient, name: string, args: Record<string, unknown>) => {
  const result = await client.callTool(name, args);
  if (result.isError) throw new Error(`${name}: ${JSON.stringify(result.content)}`);
  return result.structuredContent;
};
const admin = (args: string[]) => runAdmin(args, { env });
const config = async (i: number) => (await simControl(fleet, 'GET', `/devices/${i}/state`)).config;
const dnsOf = async (i: number) => (await config(i))['ip/dns'][0]['servers'];
const filterOf = async (i: number) => (await config(i))['ip/firewall/filter'].map((r: Record<string, string>) => r['comment'] ?? '');
const auditOf = async (action: string) => JSON.parse((await admin(['audit', '--action', action, '--json'])).stdout);

describe('change revert', () => {
  beforeEach(() => simControl(fleet, 'POST', '/reset'));

  it('shows the diff with --dry-run (nothing written), asks on a terminal, refuses a script without --yes, reverts with --yes', async () => {
    const before = await dnsOf(0);
    const change = await asModel((c) => ok(c, 'dns_set_servers', { device_id: 'edge-0', servers: ['192.0.2.41', '192.0.2.42'] }));
    expect(await dnsOf(0)).toBe('192.0.2.41,192.0.2.42');

    const dry = await admin(['change', 'revert', change.change_id, '--dry-run', '--json']);
    expect(dry).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(dry.stdout)).toMatchObject({ changed: true, dry_run: true, change_id: null, diff: [`/ip dns set servers=${before}`] });
    expect(await dnsOf(0)).toBe('192.0.2.41,192.0.2.42');

    const script = await admin(['change', 'revert', change.change_id]);
    expect(script.code).toBe(1);
    expect(script.stderr).toBe(`error: refusing to revert ${change.change_id} without confirmation: see what it would write with change revert ${change.change_id} --dry-run, then pass --yes\n`);
    const declined = await onTerminal(['change', 'revert', change.change_id], env, [[/Revert .* as os:\S+\? /, 'n\n']]);
    expect(declined.code).toBe(1);
    expect(declined.screen).toContain(`/ip dns set servers=${before}`);
    expect(declined.screen).toContain('not reverted: edge-0 is unchanged');
    expect(await dnsOf(0)).toBe('192.0.2.41,192.0.2.42');

    const reverted = await admin(['change', 'revert', change.change_id, '--yes', '--json']);
    expect(reverted.code).toBe(0);
    expect(JSON.parse(reverted.stdout)).toMatchObject({ changed: true, dry_run: false, change_id: expect.any(String), verification: { status: 'verified' } });
    expect(await dnsOf(0)).toBe(before);
    const shown = JSON.parse((await admin(['change', 'show', change.change_id, '--json'])).stdout);
    expect(shown).toMatchObject({ status: 'reverted', reverted_by: JSON.parse(reverted.stdout).change_id });
    // The undo is a change of its own, by the OS user, and the CLI's call is audited as a tool call is.
    expect(JSON.parse((await admin(['change', 'show', shown.reverted_by, '--json'])).stdout)).toMatchObject({ tool: 'change_revert', principal: expect.stringMatching(/^os:\S+ \(admin-cli\)$/) });
    const audited = (await auditOf('change.revert')).filter((e: { arguments: { change_id: string } }) => e.arguments.change_id === change.change_id);
    expect(audited.map((e: { arguments: { dry_run: boolean }; outcome: string }) => [e.arguments.dry_run, e.outcome])).toEqual([[false, 'success'], [true, 'success'], [true, 'success']]);
  }, 600_000);

  it('refuses a revert that would cut the management path, exactly as change_revert does, writing nothing', async () => {
    // A final drop, then an accept for the NOC ahead of the rules, then the old management accept removed: the undo of
    // the new accept would now leave the NOC's traffic to the drop.
    await simControl(fleet, 'POST', '/devices/1/config', { action: 'add', path: 'ip/firewall/filter', props: { chain: 'input', action: 'drop', comment: 'drop the rest' } });
    const { accept, toolRefusal } = await asModel(async (c) => {
      const accept = await ok(c, 'firewall_add_filter_rule', { device_id: 'edge-1', rule: { chain: 'input', action: 'accept', 'src-address': '10.100.0.0/16', comment: 'NOC' }, place_before: { id: '*1', position: 0 } });
      await ok(c, 'firewall_remove_filter_rule', { device_id: 'edge-1', id: '*3', position: 3 });
      return { accept, toolRefusal: await c.failure('change_revert', { change_id: accept.change_id }) };
    });
    expect(toolRefusal.data).toMatchObject({ mcp_error_code: 'UNSAFE_OPERATION', safety_rule: 'PROTECT_MANAGEMENT_PATH' });
    const before = await filterOf(1);
    expect(before[0]).toBe('NOC');

    for (const args of [['--dry-run'], ['--yes'], ['--yes', '--json']]) {
      const refused = await admin(['change', 'revert', accept.change_id, ...args]);
      expect([args, refused.code, refused.stdout]).toEqual([args, 1, '']);
      // The tool's refusal word for word: the rule, the traffic it would drop, the accept it needs.
      const reason = refused.stderr.replace(/^error: /, '').trimEnd();
      expect(reason).toMatch(/^rule \d+ \(\*\d+\) would drop tcp\/443 from 10\.100\.\S+ in the input chain once the accept \*\d+ is gone/);
      expect(toolRefusal.message).toContain(reason);
    }
    expect(await filterOf(1)).toEqual(before);
    expect(JSON.parse((await admin(['change', 'show', accept.change_id, '--json'])).stdout)).toMatchObject({ status: 'verified', reverted_by: null });
    const audited = (await auditOf('change.revert')).filter((e: { arguments: { change_id: string } }) => e.arguments.change_id === accept.change_id);
    expect(audited).toHaveLength(3);
    expect(audited.map((e: { outcome: string; error_code: string }) => [e.outcome, e.error_code])).toEqual(Array(3).fill(['denied', 'SAFETY.PROTECT_MANAGEMENT_PATH']));
  }, 600_000);
});

describe('plan rollback', () => {
  beforeAll(() => simControl(fleet, 'POST', '/reset'));

  it('shows each device undo with --dry-run, refuses a script without --yes, then rolls the plan back here and restores every device', async () => {
    const before = [await dnsOf(0), await dnsOf(1)];
    const planId = await asModel(async (c) => {
      const plan = await ok(c, 'plan_dns_ntp', { devices: ['edge-0', 'edge-1'], dns_servers: ['192.0.2.91'], rollout: { canary_size: 1, batch_size: 1, pause_seconds: 0 } });
      const approved = await admin(['plan', 'approve', plan.plan_id, '--yes']);
      expect(approved.code).toBe(0);
      await ok(c, 'plan_apply', { plan_id: plan.plan_id });
      const deadline = Date.now() + 240_000;
      for (let status = await ok(c, 'plan_status', { plan_id: plan.plan_id }); status.status !== 'completed'; status = await ok(c, 'plan_status', { plan_id: plan.plan_id })) {
        if (Date.now() > deadline || ['failed', 'rolled_back', 'cancelled'].includes(status.status)) throw new Error(`plan ${status.status}: ${JSON.stringify(status)}`);
        await new Promise((next) => setTimeout(next, 500));
      }
      return plan.plan_id as string;
    });
    expect([await dnsOf(0), await dnsOf(1)]).toEqual(['192.0.2.91', '192.0.2.91']);

    const dry = await admin(['plan', 'rollback', planId, '--dry-run', '--json']);
    expect(dry).toMatchObject({ code: 0, stderr: '' });
    const preview = JSON.parse(dry.stdout);
    expect(preview).toMatchObject({ plan_id: planId, dry_run: true });
    // Newest first: the second batch's device, then the canary.
    expect(preview.devices.map((d: { device_id: string; result: { diff: string[] } }) => [d.device_id, d.result.diff])).toEqual([
      ['edge-1', [`/ip dns set servers=${before[1]}`]],
      ['edge-0', [`/ip dns set servers=${before[0]}`]],
    ]);
    const text = await admin(['plan', 'rollback', planId, '--dry-run']);
    expect(text.stdout).toMatch(new RegExp(`^Rolling back plan ${planId} \\(completed\\) would undo, newest first:\\nedge-1 \\(change \\S+\\):\\ndry run: would change: `));
    expect([await dnsOf(0), await dnsOf(1)]).toEqual(['192.0.2.91', '192.0.2.91']);

    const script = await admin(['plan', 'rollback', planId]);
    expect(script.code).toBe(1);
    expect(script.stderr).toMatch(/refusing to roll back .* without confirmation/);
    expect(JSON.parse((await admin(['plan', 'show', planId, '--json'])).stdout)).toMatchObject({ status: 'completed' });

    const rolled = await admin(['plan', 'rollback', planId, '--yes']);
    expect(rolled.code).toBe(0);
    expect(rolled.stdout).toContain(`Plan ${planId} rolled back.`);
    expect([await dnsOf(0), await dnsOf(1)]).toEqual(before);
    expect(JSON.parse((await admin(['plan', 'status', planId, '--json'])).stdout)).toMatchObject({ status: 'rolled_back' });
    expect(await auditOf('plan.rollback')).toEqual([expect.objectContaining({ plan_id: planId, outcome: 'success', principal: expect.stringMatching(/^os:/) })]);

    // A plan rolled back already is refused (exit 1), as plan_rollback refuses it.
    const again = await admin(['plan', 'rollback', planId, '--yes']);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^error: .*rolled_back/);
  }, 900_000);
});
