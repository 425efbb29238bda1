import type { AuditEvent, ChangeLock, ChangeRepository, ConfigShell, DeviceTarget, Logger, RouterOsApi, RouterOsRow, SecretCipher, ShellSession } from '@routeros-mcp/application-ports';
import { DeviceUnreachableError, DeviceUnsupportedError } from '@routeros-mcp/application-ports';
import type { ChangePlanner, ChangeRecord } from '@routeros-mcp/domain-changes';
import { ChangeFailedError, ChangeLeaseLostError, ChangeNotRevertibleError, systemIdentityPlanner } from '@routeros-mcp/domain-changes';
import { Device } from '@routeros-mcp/domain-devices';
import { StoreUnavailableError } from '@routeros-mcp/domain-kernel';
import type { DeviceRegistry } from '../device-registry.service';
import { ChangeService } from './change.service';
import type { ChangeObserver } from './change-observer';
import type { ChangeRequest } from './change-runner';

type Tables = Record<string, RouterOsRow[]>;

/**
 * A device in memory behind the RouterOsApi port, with the failures the pipeline must survive: a write that does not
 * stick, a connection that drops right after a write landed (its answer lost), a device unreachable from then on.
 */
class FakeDevice implements RouterOsApi {
  tables: Tables = {
    'system/identity': [{ name: 'r1' }],
    'system/clock': [{ date: '2026-11-23', time: '10:00:00' }],
    'ip/address': [{ '.id': '*1', address: '10.0.0.1/24', interface: 'ether1' }],
    'system/scheduler': [],
  };
  writes: string[] = [];
  faults: { notSticking?: boolean; dropAfterWrite?: number; unreachable?: boolean } = {};
  private nextId = 0x10;

  private guard(): void {
    if (this.faults.unreachable) throw new DeviceUnreachableError('dev-1', 'connection reset', 5);
  }
  private wrote(what: string): void {
    this.writes.push(what);
    if (this.faults.dropAfterWrite !== undefined && --this.faults.dropAfterWrite < 0) {
      delete this.faults.dropAfterWrite;
      this.faults.unreachable = true;
      throw new DeviceUnreachableError('dev-1', 'connection reset after the request was sent', 5);
    }
  }
  async list(_t: DeviceTarget, menu: string) {
    this.guard();
    return (this.tables[menu] ?? []).map((r) => ({ ...r }));
  }
  async print(t: DeviceTarget, menu: string) {
    return this.list(t, menu);
  }
  async get(_t: DeviceTarget, menu: string, id: string) {
    this.guard();
    return { ...this.tables[menu].find((r) => r['.id'] === id)! };
  }
  async getSingleton(_t: DeviceTarget, menu: string) {
    this.guard();
    // A menu this device lacks (a wireless package it has not installed).
    if (!this.tables[menu]) throw new DeviceUnsupportedError('dev-1', menu, 'a package this device lacks');
    return { ...this.tables[menu][0] };
  }
  async add(_t: DeviceTarget, menu: string, props: Record<string, string>) {
    this.guard();
    const row = { ...props, '.id': `*${(this.nextId++).toString(16).toUpperCase()}` };
    if (!this.faults.notSticking) (this.tables[menu] ??= []).push(row);
    this.wrote(`add ${menu}`);
    return row;
  }
  async update(_t: DeviceTarget, menu: string, id: string, props: Record<string, string>) {
    this.guard();
    const rows = this.tables[menu];
    if (!this.faults.notSticking) this.tables[menu] = rows.map((r) => (r['.id'] === id ? { ...r, ...props } : r));
    this.wrote(`update ${menu}`);
    return this.tables[menu].find((r) => r['.id'] === id)!;
  }
  async setSingleton(_t: DeviceTarget, menu: string, props: Record<string, string>) {
    this.guard();
    if (!this.faults.notSticking) this.tables[menu] = [{ ...this.tables[menu][0], ...props }];
    this.wrote(`set ${menu}`);
  }
  async remove(_t: DeviceTarget, menu: string, id: string) {
    this.guard();
    if (!this.faults.notSticking) this.tables[menu] = this.tables[menu].filter((r) => r['.id'] !== id);
    this.wrote(`remove ${menu}`);
  }
  async run() {
    this.guard();
    return [];
  }
  async facts() {
    this.guard();
    return { version: '7.20.5', identity: this.tables['system/identity'][0].name, board: 'CHR', uptime: '1d', latencyMs: 1 };
  }
  async presentedCertificate() {
    return '';
  }
  forget() {}
  async close() {}
}

/** Safe mode as RouterOS keeps it: a copy of the configuration taken with it, restored on unroll. */
class FakeShell implements ConfigShell {
  available = true;
  taken = 0;
  constructor(private readonly device: FakeDevice) {}
  async open(): Promise<ShellSession> {
    if (!this.available) throw new DeviceUnreachableError('dev-1', 'SSH connection refused', 5);
    const device = this.device;
    let copy: Tables | undefined;
    const onTake = () => this.taken++;
    return {
      safeModeStyle: 'command',
      async takeSafeMode() {
        copy = structuredClone(device.tables);
        onTake();
      },
      async releaseSafeMode() {
        copy = undefined;
      },
      async unrollSafeMode() {
        if (copy) device.tables = structuredClone(copy);
        return { immediate: true };
      },
      async close() {},
    };
  }
  async export(): Promise<never> {
    throw new Error('not used');
  }
  async print(): Promise<never> {
    throw new Error('not used');
  }
  /** The key a new SSH connection sees (the device was enrolled without a pinned one). */
  async presentedHostKey(): Promise<string> {
    return 'SHA256:fake-host-key';
  }
}

const logger: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined, child: () => logger };

/** `leaseConfirms`: how many fencing checks find the device's lease still held (unset: all of them). */
function setup(options: { critical?: boolean; environment?: 'lab' | 'prod'; observer?: ChangeObserver; tlsFingerprint?: string; cipher?: SecretCipher; leaseConfirms?: number } = {}) {
  const device = Device.create({ id: 'dev-1', name: 'one', host: '192.0.2.1', environment: options.environment ?? 'lab', capabilities: { allow_advanced_writes: true }, critical: options.critical ?? false, tlsFingerprint: options.tlsFingerprint }, new Date(0));
  const registry = {
    get: async () => device,
    revealCredentials: async () => ({ rest: { username: 'api', password: 'pw' }, ssh: { username: 'api', password: 'pw' } }),
  } as unknown as DeviceRegistry;
  const api = new FakeDevice();
  const shell = new FakeShell(api);
  const records = new Map<string, ChangeRecord>();
  const events: AuditEvent[] = [];
  /** The change's audit records committed `started` with it, and the device's writes by then. */
  const starts: { event: AuditEvent; writesBefore: number }[] = [];
  const repo: ChangeRepository = {
    create: async (r, e) => void (records.set(r.id, r), e && starts.push({ event: e, writesBefore: api.writes.length })),
    save: async (r) => void records.set(r.id, r),
    settle: async (r, e) => void (records.set(r.id, r), events.push(...(Array.isArray(e) ? e : [e as AuditEvent]))),
    get: async (id) => records.get(id),
    list: async () => [...records.values()],
  };
  const fences = { checked: 0 };
  const confirm = async () => ++fences.checked <= (options.leaseConfirms ?? Infinity);
  const lock: ChangeLock = { acquire: async (deviceId, r) => ({ deviceId, changeId: r.changeId, confirm, release: async () => undefined }), holder: async () => undefined };
  const service = new ChangeService(registry, api, shell, repo, lock, { now: () => new Date('2026-11-23T10:00:00Z') }, logger, { lockWaitMs: 0, lockLeaseMs: 1000, revertTimerSeconds: 60, revertWatchMs: 200 }, options.observer, options.cipher);
  const request = <I>(planner: ChangePlanner<I>, input: I, dryRun = false): ChangeRequest<I> => ({
    principal: { id: 'alice', via: 'stdio' }, correlationId: 'c-1', environment: 'lab', deviceId: 'dev-1', tool: 'system_set_identity', planner, input, dryRun,
  });
  return { api, shell, records, events, starts, service, request, fences };
}

/** The service's own wired path as the device shows it: its session, its connection, the client's ARP entry on ether1. */
function showWiredPath(api: FakeDevice): void {
  Object.assign(api.tables, {
    interface: [{ '.id': '*1', name: 'ether1', type: 'ether', disabled: 'false' }],
    'ip/service': [{ name: 'www-ssl', port: '443', disabled: 'false', address: '' }, { name: 'ssh', port: '22', disabled: 'false', address: '' }],
    'user/active': [{ name: 'api', address: '10.0.0.9', via: 'rest-api' }],
    'ip/firewall/connection': [{ protocol: 'tcp', 'src-address': '10.0.0.9:50000', 'dst-address': '10.0.0.1:443' }],
    'ip/arp': [{ address: '10.0.0.9', 'mac-address': '02:00:00:00:00:09', interface: 'ether1' }],
  });
}

async function failure(promise: Promise<unknown>): Promise<ChangeFailedError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ChangeFailedError) return error;
    throw error;
  }
  throw new Error('expected the change to fail');
}

/** Adds a static DNS entry: the write the device may make without its answer reaching us. */
const addStatic: ChangePlanner<Record<string, never>> = {
  reads: () => ['ip/dns/static'],
  propose: () => ({ kind: 'change', proposal: { summary: 'add nas.lan', operations: [{ kind: 'add', menu: 'ip/dns/static', props: { name: 'nas.lan', address: '10.0.0.9' } }], touched: [{ menu: 'ip/dns/static', after: { name: 'nas.lan', address: '10.0.0.9' } }], risk: 'low' } }),
};

describe('ChangeService', () => {
  it('applies, verifies and records a change with its inverse; a dry run writes nothing', async () => {
    const { api, service, request, records, events } = setup();
    const dry = await service.run(request(systemIdentityPlanner, { name: 'core-1' }, true));
    expect(dry).toMatchObject({ changed: true, dryRun: true, diff: ['/system identity set name=core-1'] });
    expect(api.writes).toEqual([]);
    const result = await service.run(request(systemIdentityPlanner, { name: 'core-1' }));
    expect(result).toMatchObject({ changed: true, protection: 'none_needed', verification: { status: 'verified' } });
    expect(records.get(result.changeId!)).toMatchObject({ status: 'verified', inverse: [{ kind: 'set', menu: 'system/identity', props: { name: 'r1' } }] });
    expect(events[0]).toMatchObject({ action: 'change.apply', outcome: 'success', arguments: { change_id: result.changeId, diff: ['/system identity set name=core-1'] } });
  });

  it("commits the change's audit record as started with the change record, before the first write, and settles it under the same id", async () => {
    const { api, service, request, events, starts } = setup();
    const result = await service.run(request(systemIdentityPlanner, { name: 'core-1' }));
    expect(starts).toMatchObject([{ writesBefore: 0, event: { id: result.changeId, action: 'change.apply', outcome: 'started', correlationId: 'c-1', arguments: { change_id: result.changeId, status: 'proposed' } } }]);
    expect(api.writes.length).toBeGreaterThan(0);
    expect(events).toMatchObject([{ id: result.changeId, action: 'change.apply', outcome: 'success', arguments: { status: 'verified' } }]);
  });

  it('tells an observer (config history) before the first write and once the change settled, never failing it', async () => {
    const seen: string[] = [];
    const observer: ChangeObserver = {
      beforeWrite: async (r) => void seen.push(`before ${r.status} ${api.tables['system/identity'][0].name}`),
      afterChange: async (r) => {
        seen.push(`after ${r.status}`);
        throw new Error('snapshot store down');
      },
    };
    const { api, service, request } = setup({ observer });
    expect((await service.run(request(systemIdentityPlanner, { name: 'core-1' }))).changed).toBe(true);
    expect(seen).toEqual(['before proposed r1', 'after verified']);
  });

  it("protects an approved plan's write (safe mode) even when it touches nothing the path depends on", async () => {
    const { service, request, shell } = setup();
    const direct = await service.run(request(systemIdentityPlanner, { name: 'core-1' }));
    expect(direct.protection).toBe('none_needed');
    const step = await service.run({ ...request(systemIdentityPlanner, { name: 'core-2' }), authority: { kind: 'approved_plan', planId: 'p-1', stepId: 's-1' } });
    expect(step.protection).toBe('safe_mode');
    expect(shell.taken).toBe(1);
  });

  it('stops, writing and recording nothing more, at whichever fencing check finds the lease lost (a process paused past it, taken over)', async () => {
    // Checks: before the record, before protection, before `applying`, before the write, before release, after release.
    const seen: [number, string | undefined, number, string | undefined, number][] = [];
    for (let held = 0; held <= 5; held++) {
      const { api, service, request, records, events, shell, fences } = setup({ leaseConfirms: held });
      const error = await service.run({ ...request(systemIdentityPlanner, { name: 'core-1' }), authority: { kind: 'approved_plan', planId: 'p-1', stepId: 's-1' } }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ChangeLeaseLostError);
      // Nothing after the check that failed: no further check, no undo written, no outcome recorded over recovery's.
      expect(fences.checked).toBe(held + 1);
      expect(events).toEqual([]);
      const record = [...records.values()][0];
      seen.push([held, (error as ChangeLeaseLostError).before, shell.taken, record?.status, api.writes.length]);
    }
    expect(seen).toEqual([
      [0, 'record', 0, undefined, 0],
      [1, 'protect', 0, 'proposed', 0],
      [2, 'write', 1, 'proposed', 0],
      [3, 'write', 1, 'applying', 0],
      [4, 'release', 1, 'applying', 1],
      [5, 'release', 1, 'applying', 1],
    ]);
  });

  it('undoes a verified change whose record the store cannot settle, and answers the store outage (the device as it was)', async () => {
    const { api, service, request, records } = setup();
    const settle = records.set.bind(records);
    const outage = new StoreUnavailableError('unreachable', '57P01');
    const repo = (service as unknown as { changes: ChangeRepository }).changes;
    repo.settle = async (r) => {
      if (r.status === 'verified') throw outage;
      settle(r.id, r);
    };
    await expect(service.run(request(systemIdentityPlanner, { name: 'core-1' }))).rejects.toBe(outage);
    expect(api.tables['system/identity'][0].name).toBe('r1');
    expect(api.writes).toEqual(['set system/identity', 'set system/identity']);
  });

  it('reports a write that did not stick as failed at verify, the device as it was', async () => {
    const { api, service, request, records } = setup();
    api.faults.notSticking = true;
    const error = await failure(service.run(request(systemIdentityPlanner, { name: 'core-1' })));
    expect(error.details()).toMatchObject({ step: 'verify', end_state: 'reverted', cause_code: 'CHANGE.NOT_HELD' });
    expect(records.get(error.changeId)?.status).toBe('reverted');
    expect(api.tables['system/identity'][0].name).toBe('r1');
  });

  it('fails verification when a new TLS session to the device presents another certificate than the pinned one', async () => {
    const { api, service, request } = setup({ tlsFingerprint: 'SHA256:' + Array(32).fill('AB').join(':') });
    api.presentedCertificate = async () => 'SHA256:' + Array(32).fill('CD').join(':');
    const error = await failure(service.run(request(systemIdentityPlanner, { name: 'core-1' })));
    expect(error.details()).toMatchObject({ step: 'verify', end_state: 'reverted' });
    expect(api.tables['system/identity'][0].name).toBe('r1');
  });

  it('unrolls safe mode when the connection drops after a write on a critical device, and confirms the before-state', async () => {
    const { api, shell, service, request, records } = setup({ critical: true });
    api.faults.dropAfterWrite = 0;
    const pending = failure(service.run(request(systemIdentityPlanner, { name: 'core-1' })));
    // The device comes back for the undo and the check.
    setTimeout(() => (api.faults.unreachable = false), 20);
    const error = await pending;
    expect(shell.taken).toBe(1);
    expect(error.details()).toMatchObject({ step: 'write', end_state: 'reverted', cause_code: 'DEVICE.UNREACHABLE' });
    expect(records.get(error.changeId)).toMatchObject({ status: 'reverted', protection: 'safe_mode' });
    expect(api.tables['system/identity'][0].name).toBe('r1');
  });

  it('arms a device-side revert where SSH is unavailable, in the shared grammar, and removes it once verified', async () => {
    const { api, shell, service, request } = setup({ critical: true });
    shell.available = false;
    const scheduled: RouterOsRow[] = [];
    const add = api.add.bind(api);
    api.add = async (t, menu, props) => {
      if (menu === 'system/scheduler') scheduled.push(props);
      return add(t, menu, props);
    };
    const result = await service.run(request(systemIdentityPlanner, { name: 'core 1' }));
    expect(result.protection).toBe('device_revert_timer');
    expect(scheduled[0]).toEqual({
      name: `mcp-revert-${result.changeId}`, 'start-date': '2026-11-23', 'start-time': '10:01:00', interval: '0s',
      'on-event': `/system identity set name=r1; /system scheduler remove [find name="mcp-revert-${result.changeId}"]`,
    });
    expect(api.tables['system/scheduler']).toEqual([]);
  });

  it('says the revert is pending on the device when it cannot be reached to undo, naming when it fires', async () => {
    const { api, shell, service, request, records } = setup({ critical: true });
    shell.available = false;
    api.faults.dropAfterWrite = 1; // the scheduler entry lands, then the write lands and the device is gone
    const error = await failure(service.run(request(systemIdentityPlanner, { name: 'core-1' })));
    expect(error.details()).toMatchObject({ step: 'write', end_state: 'revert_pending' });
    expect(error.outcome).toMatch(/revert pending on the device within \d+ s/);
    expect(records.get(error.changeId)?.status).toBe('revert_pending');
  });

  it('finds a row whose add answer was lost by reading, never by adding again, and removes it on undo', async () => {
    const { api, service, request, records } = setup();
    api.faults.dropAfterWrite = 0;
    api.tables['ip/dns/static'] = [{ '.id': '*1', name: 'router.lan', address: '10.0.0.1' }];
    const pending = failure(service.run({ ...request(addStatic, {}), tool: 'dns_add_static' }));
    setTimeout(() => (api.faults.unreachable = false), 20);
    const error = await pending;
    expect(api.writes.filter((w) => w === 'add ip/dns/static')).toHaveLength(1);
    expect(records.get(error.changeId)).toMatchObject({ status: 'reverted', addedIds: ['*10'] });
    expect(api.tables['ip/dns/static'].map((r) => r['.id'])).toEqual(['*1']);
  });

  const STATIC = { '.id': '*1', name: 'router.lan', address: '10.0.0.1' };
  const removeStatic: ChangePlanner<Record<string, never>> = {
    reads: () => ['ip/dns/static'],
    propose: (live) => ({ kind: 'change', proposal: { summary: 'remove router.lan', operations: [{ kind: 'remove', menu: 'ip/dns/static', id: '*1' }], touched: [{ menu: 'ip/dns/static', id: '*1', before: live['ip/dns/static'][0] }], risk: 'medium' } }),
  };

  it('reads before undoing: a removal whose connection dropped before it landed is not answered by adding the row a second time', async () => {
    const { api, service, request, records } = setup();
    api.tables['ip/dns/static'] = [{ ...STATIC }];
    api.remove = async () => {
      throw new DeviceUnreachableError('dev-1', 'connection reset before the request was sent', 5);
    };
    const error = await failure(service.run({ ...request(removeStatic, {}), tool: 'dns_remove_static' }));
    expect(error.details()).toMatchObject({ step: 'write', end_state: 'reverted' });
    expect(api.tables['ip/dns/static']).toEqual([STATIC]);
    expect(api.writes).toEqual([]);
    expect(records.get(error.changeId)?.status).toBe('reverted');
  });

  it('says a revert entry left behind by a failed arming must be removed when it would add a removed row back', async () => {
    const { api, shell, service, request } = setup({ critical: true });
    shell.available = false;
    api.tables['ip/dns/static'] = [{ ...STATIC }];
    api.faults.dropAfterWrite = 0; // the scheduler entry lands, its answer is lost, the device is gone
    const error = await failure(service.run({ ...request(removeStatic, {}), tool: 'dns_remove_static' }));
    expect(error.details()).toMatchObject({ step: 'protect', end_state: 'needs_attention' });
    expect(error.outcome).toMatch(/remove it before it runs, or it adds a second copy of the row in \/ip\/dns\/static/);
    expect(api.tables['ip/dns/static']).toEqual([STATIC]);
  });

  it('never shows a secret value of a touched row, in a dry run or a result', async () => {
    const { api, service, request, shell } = setup();
    showWiredPath(api);
    api.tables['interface/wifi/security'] = [{ '.id': '*1', name: 'home', passphrase: 'hunter22' }];
    const rename: ChangePlanner<Record<string, never>> = {
      reads: () => ['interface/wifi/security'],
      propose: (live) => ({ kind: 'change', proposal: { summary: 'rename home', operations: [{ kind: 'set', menu: 'interface/wifi/security', id: '*1', props: { name: 'house' } }], touched: [{ menu: 'interface/wifi/security', id: '*1', before: live['interface/wifi/security'][0], after: { ...live['interface/wifi/security'][0], name: 'house' } }], risk: 'low' } }),
    };
    const dry = await service.run({ ...request(rename, {}, true), tool: 'wifi_rename_security' });
    const applied = await service.run({ ...request(rename, {}), tool: 'wifi_rename_security' });
    expect(JSON.stringify([dry, applied])).not.toContain('hunter22');
    expect(applied.touched[0].after).toMatchObject({ name: 'house', passphrase: '[redacted]' });
    // A radio's settings are part of what the management path depends on: judged, and written under safe mode.
    expect(applied.verdicts.find((v) => v.ruleId === 'PROTECT_MANAGEMENT_PATH')).toMatchObject({ status: 'pass' });
    expect(applied.protection).toBe('safe_mode');
    expect(shell.taken).toBe(1);
  });

  it('refuses, before writing, a change whose undo would need a secret this service never stores', async () => {
    const { api, service, request } = setup();
    showWiredPath(api);
    api.tables['interface/wifi/security'] = [{ '.id': '*1', name: 'home', passphrase: 'hunter22' }];
    const removeProfile: ChangePlanner<Record<string, never>> = {
      reads: () => ['interface/wifi/security'],
      propose: (live) => ({ kind: 'change', proposal: { summary: 'remove home', operations: [{ kind: 'remove', menu: 'interface/wifi/security', id: '*1' }], touched: [{ menu: 'interface/wifi/security', id: '*1', before: live['interface/wifi/security'][0] }], risk: 'medium' } }),
    };
    await expect(service.run({ ...request(removeProfile, {}), tool: 'wifi_remove_security' })).rejects.toBeInstanceOf(ChangeNotRevertibleError);
    expect(api.writes).toEqual([]);
  });

  it('with a secret cipher, keeps the secret an undo needs sealed in the record and opens it on revert', async () => {
    // A stand-in cipher for pure logic, bound to its context like the real one.
    const cipher: SecretCipher = {
      activeKeyId: 'k1',
      encrypt: (plain, context) => Buffer.from(JSON.stringify([context, plain])).toString('base64'),
      decrypt: (sealed, context) => {
        const [bound, plain] = JSON.parse(Buffer.from(sealed, 'base64').toString('utf8')) as [string, string];
        if (bound !== context) throw new Error('context mismatch');
        return plain;
      },
      keyIdOf: () => 'k1',
    };
    const { api, records, service, request } = setup({ cipher });
    showWiredPath(api);
    api.tables['interface/wifi/security'] = [{ '.id': '*1', name: 'home', passphrase: 'hunter22' }];
    const removeProfile: ChangePlanner<Record<string, never>> = {
      reads: () => ['interface/wifi/security'],
      propose: (live) => ({ kind: 'change', proposal: { summary: 'remove home', operations: [{ kind: 'remove', menu: 'interface/wifi/security', id: '*1' }], touched: [{ menu: 'interface/wifi/security', id: '*1', before: live['interface/wifi/security'][0] }], risk: 'medium' } }),
    };
    const applied = await service.run({ ...request(removeProfile, {}), tool: 'wifi_remove_security' });
    const record = records.get(applied.changeId!)!;
    expect(JSON.stringify(record.inverse)).not.toContain('hunter22');
    expect(record.inverse).toEqual([{ kind: 'add', menu: 'interface/wifi/security', props: { name: 'home', passphrase: expect.stringMatching(/^sealed:/) } }]);
    await service.revert({ principal: { id: 'alice', via: 'stdio' }, correlationId: 'c-2', environment: 'lab', changeId: applied.changeId!, dryRun: false });
    expect(api.tables['interface/wifi/security']).toEqual([expect.objectContaining({ name: 'home', passphrase: 'hunter22' })]);
    // The revert's own record keeps the secret its undo needs sealed too (the repository redacts its operations).
    const revert = [...records.values()].find((r) => r.revertOf === applied.changeId)!;
    expect(revert.inverse).toEqual([{ kind: 'remove', menu: 'interface/wifi/security', id: expect.any(String) }]);
    expect(records.get(applied.changeId!)!.status).toBe('reverted');
  });

  it('lets an approved plan write to prod, and refuses a direct write there before contacting the device', async () => {
    const { api, service, request } = setup({ environment: 'prod' });
    const direct = { ...request(systemIdentityPlanner, { name: 'core-1' }), environment: 'prod' as const };
    await expect(service.run(direct)).rejects.toMatchObject({ code: 'SAFETY.PROD_REQUIRES_APPROVAL' });
    expect(api.writes).toEqual([]);
    const planned = await service.run({ ...direct, authority: { kind: 'approved_plan', planId: 'plan-1', stepId: 's1' } });
    expect(planned.changed).toBe(true);
  });
});
