import { FleetRig } from './plan-fleet-rig';

/*
 * Issue 14 end to end, the rollout's behaviour on 20 simulated devices (10 on RouterOS 7.15.3, 10 on 7.20.5,
 * interleaved): a failing health gate in the second batch halts and rolls back, halt_and_hold then plan_rollback,
 * continue, and cancel mid-rollout; then the dns-ntp-rollout and address-list-sync prompts followed as written, the
 * spec playing the model. Plans are made and applied by the model over MCP (the SDK client on the built stdio
 * server) and approved by a person with the admin CLI binary; device state is read from the simulator.
 */
const PER_VERSION = 10;
/** Canary of 2, then batches of 6: four batches, the second one [2..7]. */
const ROLLOUT = { canary_size: 2, batch_size: 6, pause_seconds: 0, max_cpu_percent: 80 };

let rig: FleetRig;
beforeAll(async () => {
  rig = await FleetRig.start({ perVersion: PER_VERSION });
}, 180_000);
afterAll(() => rig?.stop());

describe('rollouts on 20 simulated devices: health gates, halt policies and cancel, over MCP with the admin CLI', () => {
  const dnsOf = async (id: string) => (await rig.config(id))['ip/dns'][0]['servers'];
  const dnsOfAll = async () => new Map(await Promise.all(rig.ids.map(async (id) => [id, await dnsOf(id)] as const)));
  /** Plans DNS servers for the whole fleet; answers the plan and the devices of each batch. */
  const planDns = async (servers: string[], rollout: Record<string, unknown>) => {
    const plan = await rig.call('plan_dns_ntp', { devices: rig.ids, dns_servers: servers, rollout: { ...ROLLOUT, ...rollout } });
    const batches: string[][] = [];
    for (const d of plan.devices as { device_id: string; batch: number }[]) (batches[d.batch] ??= []).push(d.device_id);
    expect(batches.map((b) => b.length)).toEqual([2, 6, 6, 6]);
    return { plan, batches };
  };
  const statusesOf = (status: { devices: { device_id: string; status: string }[] }) => new Map(status.devices.map((d) => [d.device_id, d.status]));

  afterEach(() => rig.clearFaults());

  it('a failing health gate in the second batch (CPU high on one device) halts and rolls every applied device back', async () => {
    const before = await dnsOfAll();
    const { plan, batches } = await planDns(['192.0.2.71'], {});
    // A device of the second batch, on the older version, under load.
    const loaded = batches[1].find((id) => id.startsWith('r715-'))!;
    await rig.fault(loaded, { cpuLoadPercent: 99 });
    await rig.approve(plan.plan_id);
    expect((await rig.call('plan_apply', { plan_id: plan.plan_id })).status).toBe('executing');
    const done = await rig.settled(plan.plan_id);
    expect(done.status).toBe('rolled_back');
    const statuses = statusesOf(done);
    for (const id of [...batches[0], ...batches[1]]) expect([id, statuses.get(id)]).toEqual([id, 'rolled_back']);
    for (const id of [...batches[2], ...batches[3]]) expect([id, statuses.get(id)]).toEqual([id, 'skipped']);
    expect(await dnsOfAll()).toEqual(before);
    // The execution log says why: the second batch's gate, on that device.
    const log = JSON.parse((await rig.client.readResource(`plan://${plan.plan_id}/execution-log`)).contents[0].text);
    const halted = log.entries.find((e: { event: string }) => e.event === 'executing -> rolling_back');
    expect(halted.reason).toMatch(new RegExp(`batch 2/4: health gate failed on ${loaded} \\(CPU load 99% > 80%\\)`));
    // Each applied device's step ended rolled back (the order, newest first, is the composition specs' to check).
    const undone = log.entries.filter((e: { event: string; status?: string }) => e.event === 'step ended' && e.status === 'rolled_back');
    expect(undone).toHaveLength(8);
  }, 300_000);

  it('halt_and_hold stops with the devices as they are; plan_rollback then restores them', async () => {
    const before = await dnsOfAll();
    const { plan, batches } = await planDns(['192.0.2.72'], { halt_policy: 'halt_and_hold' });
    const loaded = batches[1].find((id) => id.startsWith('r720-'))!;
    await rig.fault(loaded, { cpuLoadPercent: 99 });
    await rig.approve(plan.plan_id);
    await rig.call('plan_apply', { plan_id: plan.plan_id });
    const held = await rig.settled(plan.plan_id);
    expect(held.status).toBe('failed');
    expect(held.failure_reason).toMatch(new RegExp(`halt_and_hold.*health gate failed on ${loaded}`));
    const statuses = statusesOf(held);
    for (const id of [...batches[0], ...batches[1]]) {
      expect([id, statuses.get(id)]).toEqual([id, 'succeeded']);
      expect([id, await dnsOf(id)]).toEqual([id, '192.0.2.72']);
    }
    for (const id of [...batches[2], ...batches[3]]) {
      expect([id, statuses.get(id)]).toEqual([id, 'skipped']);
      expect([id, await dnsOf(id)]).toEqual([id, before.get(id)]);
    }
    expect(held.next_step).toMatch(/plan_rollback/);

    await rig.clearFaults();
    expect((await rig.call('plan_rollback', { plan_id: plan.plan_id })).status).toBe('rolling_back');
    const undone = await rig.settled(plan.plan_id);
    expect(undone.status).toBe('rolled_back');
    expect(await dnsOfAll()).toEqual(before);
  }, 300_000);

  it('continue records the failed gate (in the progress stream) and goes on to the last device', async () => {
    const { plan, batches } = await planDns(['192.0.2.73'], { halt_policy: 'continue' });
    const loaded = batches[1][0];
    await rig.fault(loaded, { cpuLoadPercent: 99 });
    await rig.approve(plan.plan_id);
    const { plan: ended, messages } = await rig.applyFollowing(plan.plan_id);
    expect(ended.status).toBe('completed');
    // Every gate's verdict, in order, so a failure shows which one went missing or failed and why.
    expect(messages.filter((m) => /health gate/.test(m))).toEqual([
      'batch 1/4: health gate passed on 2 device(s)',
      `batch 2/4: health gate failed: ${loaded} (CPU load 99% > 80%)`,
      'batch 3/4: health gate passed on 6 device(s)',
      'batch 4/4: health gate passed on 6 device(s)',
    ]);
    const done = await rig.settled(plan.plan_id);
    expect(done.devices.map((d: { status: string }) => d.status)).toEqual(rig.ids.map(() => 'succeeded'));
    for (const [id, servers] of await dnsOfAll()) expect([id, servers]).toEqual([id, '192.0.2.73']);
  }, 300_000);

  it('cancel mid-rollout stops before the next device step: every device applied and verified, or untouched', async () => {
    const before = await dnsOfAll();
    const { plan, batches } = await planDns(['192.0.2.74'], {});
    // A slow device holds the second batch's step open while the model cancels.
    const slow = batches[1][1];
    await rig.fault(slow, { latencyMs: 1_500 });
    await rig.approve(plan.plan_id);
    await rig.call('plan_apply', { plan_id: plan.plan_id });
    await rig.settled(plan.plan_id, (s) => statusesOf(s).get(slow) === 'running');
    const asked = await rig.call('plan_cancel', { plan_id: plan.plan_id, reason: 'wrong servers' });
    // Only asked while a step runs: the runner ends the plan at the next step boundary.
    expect(asked.status).toBe('executing');
    await rig.clearFaults();
    const done = await rig.settled(plan.plan_id);
    expect(done.status).toBe('cancelled');
    const log = JSON.parse((await rig.client.readResource(`plan://${plan.plan_id}/execution-log`)).contents[0].text);
    expect(log.entries.at(-1)).toMatchObject({ event: 'executing -> cancelled', reason: 'wrong servers' });

    const view = await rig.call('plan_get', { plan_id: plan.plan_id });
    for (const d of view.devices as { device_id: string; status: string; change_id?: string }[]) {
      if (d.status === 'succeeded') {
        expect([d.device_id, await dnsOf(d.device_id)]).toEqual([d.device_id, '192.0.2.74']);
        const change = await rig.call('change_get', { change_id: d.change_id });
        expect([d.device_id, change.status]).toEqual([d.device_id, 'verified']);
      } else {
        expect([d.device_id, d.status, d.change_id]).toEqual([d.device_id, 'skipped', undefined]);
        expect([d.device_id, await dnsOf(d.device_id)]).toEqual([d.device_id, before.get(d.device_id)]);
      }
    }
    const statuses = statusesOf(done);
    // The canary and the slow device's batch ran (its step was started before the cancel); the last batch never did.
    for (const id of [...batches[0], ...batches[1]]) expect([id, statuses.get(id)]).toEqual([id, 'succeeded']);
    for (const id of [...batches[2], ...batches[3]]) expect([id, statuses.get(id)]).toEqual([id, 'skipped']);
  }, 300_000);
});

/**
 * A prompt's text and the tools it names: every lower-case snake_case word of the text is a listed tool or an
 * argument of one of the tools it names (dns_servers, canary_size…); answers the tools in the order named.
 */
async function promptWorkflow(name: string, args: Record<string, string>): Promise<{ text: string; tools: string[] }> {
  const prompt = await rig.client.getPrompt({ name, arguments: args });
  const text = (prompt.messages as { content: { type: string; text?: string } }[]).map((m) => m.content.text ?? '').join('\n');
  const listed = new Map<string, { inputSchema: unknown }>((await rig.client.listTools()).tools.map((t: { name: string; inputSchema: unknown }) => [t.name, t]));
  const words = [...new Set(text.match(/\b[a-z]+(?:_[a-z]+)+\b/g) ?? [])];
  const tools = words.filter((w) => listed.has(w));
  const argumentNames = new Set<string>();
  const collect = (schema: unknown): void => {
    if (!schema || typeof schema !== 'object') return;
    const properties = (schema as { properties?: Record<string, unknown> }).properties ?? {};
    for (const [key, value] of Object.entries(properties)) {
      argumentNames.add(key);
      collect(value);
    }
    for (const key of ['anyOf', 'oneOf', 'allOf', 'items'] as const) {
      const inner = (schema as Record<string, unknown>)[key];
      for (const s of Array.isArray(inner) ? inner : [inner]) collect(s);
    }
  };
  for (const tool of tools) collect(listed.get(tool)!.inputSchema);
  expect(words.filter((w) => !listed.has(w) && !argumentNames.has(w))).toEqual([]);
  return { text, tools };
}

describe('the prompts of issue 14, followed as written with the tools they name (the spec plays the model)', () => {
  it('dns-ntp-rollout: survey, plan the devices that differ, a human approves at the admin CLI, apply, follow to the end', async () => {
    // The site's own resolver and time server, on the routers' LAN (the simulated home routers route no further).
    const target = '192.168.88.53';
    const { text, tools } = await promptWorkflow('dns-ntp-rollout', { environment: 'lab', servers: target });
    expect(text).toContain(`Roll out DNS and NTP servers ${target} in lab`);
    expect(tools).toEqual(expect.arrayContaining(['device_list', 'dns_get_status', 'ntp_get_status', 'diagnostics_ping', 'plan_dns_ntp', 'plan_apply', 'plan_status', 'plan_rollback']));
    // Four devices (two per version) already hold the target, set one by one earlier.
    const already = ['r715-0', 'r720-0', 'r715-1', 'r720-1'];
    for (const device_id of already) {
      await rig.call('dns_set_servers', { device_id, servers: [target] });
      await rig.call('ntp_set_servers', { device_id, servers: [target], enabled: true });
    }

    // 1. Survey: the environment's devices, their DNS and NTP against the target, the servers' reachability.
    const devices: string[] = (await rig.call('device_list', { environment: 'lab', limit: 100 })).items.map((d: { id: string }) => d.id);
    expect(devices.sort()).toEqual([...rig.ids].sort());
    const differ: string[] = [];
    for (const device_id of devices) {
      const dns = await rig.call('dns_get_status', { device_id });
      const ntp = await rig.call('ntp_get_status', { device_id });
      if (dns.servers.join(',') !== target || ntp.servers.join(',') !== target || !ntp.enabled) differ.push(device_id);
    }
    expect(differ.sort()).toEqual(rig.ids.filter((id) => !already.includes(id)).sort());
    for (const device_id of ['r715-2', 'r720-2']) expect((await rig.call('diagnostics_ping', { device_id, address: target, count: 3 })).received).toBeGreaterThan(0);

    // 2. Plan the devices that differ; read each device's diff, risk and verdicts.
    const plan = await rig.call('plan_dns_ntp', { devices: differ, dns_servers: [target], ntp_servers: [target], ntp_enabled: true, rollout: { canary_size: 2, batch_size: 7, pause_seconds: 0 } });
    expect(plan.devices.map((d: { device_id: string }) => d.device_id).sort()).toEqual(differ.sort());
    for (const d of plan.devices) expect(d).toMatchObject({ changed: true, risk: expect.any(String), diff: expect.arrayContaining([expect.stringMatching(/^\/(ip dns|system ntp client) set /)]), verdicts: expect.arrayContaining([expect.objectContaining({ rule: expect.any(String) })]) });
    expect(plan.next_step).toContain(`routeros-mcp-admin plan approve ${plan.plan_id}`);

    // 3. Approval, by the human: `plan show` then `plan approve`, outside the conversation.
    expect(await rig.admin(['plan', 'show', plan.plan_id])).toMatch(new RegExp(`^content hash: +${plan.content_hash}$`, 'm'));
    await rig.approve(plan.plan_id);

    // 4. Apply: answered at once, the plan executing. 5. Follow with plan_status until it ends; report per device.
    expect((await rig.call('plan_apply', { plan_id: plan.plan_id })).status).toBe('executing');
    const done = await rig.settled(plan.plan_id);
    expect(done.status).toBe('completed');
    expect(done.devices.map((d: { status: string }) => d.status)).toEqual(differ.map(() => 'succeeded'));
    for (const id of rig.ids) {
      const config = await rig.config(id);
      expect([id, config['ip/dns'][0]['servers'], config['system/ntp/client'][0]['servers'], config['system/ntp/client'][0]['enabled']]).toEqual([id, target, target, 'true']);
    }
  }, 300_000);

  it('address-list-sync: survey the list on every device, agree a target, plan, a human approves, apply, follow; other lists untouched', async () => {
    const list = 'mcp-sync';
    const { text, tools } = await promptWorkflow('address-list-sync', { list, environment: 'lab' });
    expect(text).toContain(`Synchronise address list "${list}" across the devices of lab`);
    expect(tools).toEqual(expect.arrayContaining(['device_list', 'firewall_list_address_lists', 'plan_address_list_sync', 'plan_apply', 'plan_status', 'plan_rollback']));
    // The list as operators left it: different entries on a few devices, none on the rest.
    const seeded: Record<string, string[]> = { 'r715-0': ['198.51.100.1', '198.51.100.2'], 'r720-0': ['198.51.100.2', '198.51.100.3'], 'r720-5': ['198.51.100.9'] };
    for (const [device_id, addresses] of Object.entries(seeded)) await rig.call('firewall_update_address_list', { device_id, list, add: addresses.map((address) => ({ address })) });
    const otherLists = async (id: string) => ((await rig.config(id))['ip/firewall/address-list'] ?? []).filter((r) => r['list'] !== list).map((r) => `${r['list']} ${r['address']}`).sort();
    const othersBefore = new Map(await Promise.all(rig.ids.map(async (id) => [id, await otherLists(id)] as const)));

    // 1. Survey: one table, address -> devices that have it.
    const devices: string[] = (await rig.call('device_list', { environment: 'lab', limit: 100 })).items.map((d: { id: string }) => d.id);
    const table = new Map<string, string[]>();
    for (const device_id of devices) {
      const rows = (await rig.call('firewall_list_address_lists', { device_id, where: { list }, limit: 500 })).items as { list: string; address: string }[];
      for (const row of rows) table.set(row.address, [...(table.get(row.address) ?? []), device_id]);
    }
    expect(Object.fromEntries([...table].map(([a, ds]) => [a, ds.sort()]))).toEqual({ '198.51.100.1': ['r715-0'], '198.51.100.2': ['r715-0', 'r720-0'].sort(), '198.51.100.3': ['r720-0'], '198.51.100.9': ['r720-5'] });
    // The human agrees: every address seen but .9, plus one more.
    const target = ['198.51.100.1', '198.51.100.2', '198.51.100.3', '203.0.113.0/24'];

    // 2. Plan with the devices, the list and the target; read the diffs.
    const plan = await rig.call('plan_address_list_sync', { devices, list, addresses: target, rollout: { canary_size: 2, batch_size: 9, pause_seconds: 0 } });
    expect(plan.devices).toHaveLength(devices.length);
    const r720_5 = plan.devices.find((d: { device_id: string }) => d.device_id === 'r720-5');
    expect(r720_5.diff.join('\n')).toMatch(/remove/);

    // 3. Approval by the human at the admin CLI; 4. apply; 5. follow to the end.
    expect(await rig.admin(['plan', 'show', plan.plan_id])).toContain(plan.content_hash);
    await rig.approve(plan.plan_id);
    expect((await rig.call('plan_apply', { plan_id: plan.plan_id })).status).toBe('executing');
    const done = await rig.settled(plan.plan_id);
    expect(done.status).toBe('completed');
    expect(done.devices.map((d: { status: string }) => d.status)).toEqual(devices.map(() => 'succeeded'));
    for (const id of rig.ids) {
      const entries = ((await rig.config(id))['ip/firewall/address-list'] ?? []).filter((r) => r['list'] === list).map((r) => r['address']).sort();
      expect([id, entries]).toEqual([id, [...target].sort()]);
      expect([id, await otherLists(id)]).toEqual([id, othersBefore.get(id)]);
    }
  }, 300_000);
});
