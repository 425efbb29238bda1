import { FleetRig } from './plan-fleet-rig';

/*
 * Issue 14 end to end, the rollout's behaviour on 20 simulated devices (10 on RouterOS 7.15.3, 10 on 7.20.5,
 * interleaved): a failing health gate in the second batch halts and rolls back, halt_and_hold then plan_rollback,
 * continue, and cancel mid-rollout. Plans are made and applied by the model over MCP (the SDK client on the built
 * stdio server) and approved by a person with the admin CLI binary; device state is read from the simulator.
 */
const PER_VERSION = 10;
/** Canary of 2, then batches of 6: four batches, the second one [2..7]. */
const ROLLOUT = { canary_size: 2, batch_size: 6, pause_seconds: 0, max_cpu_percent: 80 };

describe('rollouts on 20 simulated devices: health gates, halt policies and cancel, over MCP with the admin CLI', () => {
  let rig: FleetRig;
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

  beforeAll(async () => {
    rig = await FleetRig.start({ perVersion: PER_VERSION });
  }, 180_000);
  afterAll(() => rig?.stop());
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
    expect(messages).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`batch 2/4: health gate failed: ${loaded} \\(CPU load 99% > 80%\\)`))]));
    expect(messages.filter((m) => /health gate passed/.test(m))).toHaveLength(3);
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
