import type { AuditEvent, AuditLog, ChangeRepository, CredentialKeyring, EncryptedCredential, KeyRotation, Logger, SealedValueStore, SealedValueVisitor, SecretCipher } from '@routeros-mcp/application-ports';
import type { ChangeRecord, RowOperation } from '@routeros-mcp/domain-changes';
import { CallCancelledError, ServerShuttingDownError, ValidationError } from '@routeros-mcp/domain-kernel';
import { AuditRecorder, CredentialVault, InterruptedCallRecovery, KeyRotationRefusedError, KeyRotationService, redactArguments } from '../index';

/** Reversible stand-in for the real cipher; checks the context like AES-GCM's AAD does. */
class FakeCipher implements SecretCipher {
  constructor(readonly activeKeyId = 'k1', private readonly known = ['k1']) {}
  encrypt(plaintext: string, context: string): string {
    return `${this.activeKeyId}|${context}|${Buffer.from(plaintext).toString('hex')}`;
  }
  decrypt(ciphertext: string, context: string): string {
    const [key, ctx, hex] = ciphertext.split('|');
    if (!this.known.includes(key) || ctx !== context) throw new Error('cannot decrypt');
    return Buffer.from(hex, 'hex').toString();
  }
  keyIdOf(ciphertext: string): string {
    return ciphertext.split('|')[0];
  }
}

const logger: Logger = { debug() {}, info() {}, warn() {}, error() {}, child: () => logger };
const clock = { now: () => new Date('2026-01-01T00:00:00Z') };
const principal = { id: 'alice', via: 'test' };

/** The audit log's contract in memory: settlements replace a `started` (or `interrupted`) record of the same id. */
function memoryAudit(): AuditLog & { events: AuditEvent[] } {
  const events: AuditEvent[] = [];
  const at = (id: string) => events.findIndex((e) => e.id === id);
  return {
    events,
    record: async (e) => void events.push(e),
    settle: async (e) => {
      const i = at(e.id);
      if (i < 0) events.push(e);
      else if (['started', 'interrupted'].includes(events[i].outcome)) events[i] = { ...events[i], ...e, leaseUntil: undefined };
    },
    renew: async (id, leaseUntil) => {
      const i = at(id);
      if (i >= 0 && events[i].outcome === 'started') events[i] = { ...events[i], leaseUntil };
    },
    expired: async (now) => events.filter((e) => e.outcome === 'started' && e.leaseUntil && e.leaseUntil < now),
    interrupt: async (e, now) => {
      const i = at(e.id);
      if (i < 0 || events[i].outcome !== 'started' || !(events[i].leaseUntil! < now)) return false;
      events[i] = { ...events[i], ...e, leaseUntil: undefined };
      return true;
    },
    list: async () => events,
  };
}

describe('redactArguments', () => {
  it('masks secret-looking fields at any depth and keeps the rest', () => {
    expect(redactArguments({ name: 'r1', password: 'x', nested: [{ privateKey: 'k', tags: { a: '1' } }], apiToken: 't' })).toEqual({
      name: 'r1',
      password: '[redacted]',
      nested: [{ privateKey: '[redacted]', tags: { a: '1' } }],
      apiToken: '[redacted]',
    });
  });

  it("masks RouterOS's own secret properties at any depth, in objects and arrays (issue 21 item 9)", () => {
    const planted = { change: { security_profiles: [{ name: 'p', 'wpa2-pre-shared-key': 'S1', psk: 'S2', 'eap-password': 'S3', 'security.passphrase': 'S4', nested: [[{ 'tcp-md5-key': 'S5', 'ipsec-secret': 'S6', 'key-val': 'S7' }]] }] }, public: { 'public-key': 'P', 'key-size': '2048', passthrough: 'yes' } };
    const out = redactArguments(planted);
    expect(JSON.stringify(out)).not.toMatch(/S[1-7]/);
    expect(out).toEqual({ change: { security_profiles: [{ name: 'p', 'wpa2-pre-shared-key': '[redacted]', psk: '[redacted]', 'eap-password': '[redacted]', 'security.passphrase': '[redacted]', nested: [[{ 'tcp-md5-key': '[redacted]', 'ipsec-secret': '[redacted]', 'key-val': '[redacted]' }]] }] }, public: { 'public-key': 'P', 'key-size': '2048', passthrough: '[redacted]' } });
    // A firewall plan names its rules by key: an argument's `key` is kept (a `key` no tool or topic takes is not kept at all).
    expect(redactArguments({ rules: [{ key: 'ssh-from-noc' }] })).toEqual({ rules: [{ key: 'ssh-from-noc' }] });
  });
});

describe('AuditRecorder', () => {
  it('records success with duration, and failure with the domain error code, rethrowing it', async () => {
    const audit = memoryAudit();
    const recorder = new AuditRecorder(audit, clock, logger);
    expect(await recorder.run({ principal, action: 'a.ok', deviceId: 'd1', arguments: { password: 'p' } }, async () => 42)).toBe(42);
    await expect(recorder.run({ principal, action: 'a.bad' }, async () => { throw ValidationError.single('x', 'bad'); })).rejects.toThrow('x: bad');
    await expect(recorder.run({ principal, action: 'a.crash' }, async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(audit.events.map((e) => [e.action, e.outcome, e.errorCode])).toEqual([
      ['a.ok', 'success', undefined],
      ['a.bad', 'error', 'VALIDATION.INVALID'],
      ['a.crash', 'error', 'INTERNAL.ERROR'],
    ]);
    expect(audit.events[0]).toMatchObject({ deviceId: 'd1', arguments: { password: '[redacted]' }, principal, durationMs: 0 });
  });

  it('records a refusal that ran nothing, settled, with its code and redacted arguments', async () => {
    const audit = memoryAudit();
    await new AuditRecorder(audit, clock, logger).refused({ principal, action: 'http.unauthenticated', correlationId: 'c1', arguments: { reason: 'invalid', token: 'x' } }, 'PROTOCOL.UNAUTHORIZED');
    expect(audit.events).toMatchObject([{ action: 'http.unauthenticated', outcome: 'error', errorCode: 'PROTOCOL.UNAUTHORIZED', correlationId: 'c1', arguments: { reason: 'invalid', token: '[redacted]' }, durationMs: undefined }]);
  });

  it('never lets a failing audit store hide the action’s own result', async () => {
    const errors: string[] = [];
    const recorder = new AuditRecorder({ ...memoryAudit(), record: async () => { throw new Error('db down'); } }, clock, { ...logger, error: (m) => void errors.push(m) });
    expect(await recorder.run({ principal, action: 'x' }, async () => 'done')).toBe('done');
    expect(errors).toEqual(['audit record could not be written']);
  });
});

describe('AuditRecorder, read your own calls', () => {
  it('a read of the trail waits for records of calls already answered, and only for those', async () => {
    const audit = memoryAudit();
    let commit = () => {};
    const gate = new Promise<void>((resolve) => (commit = resolve));
    const recorder = new AuditRecorder({ ...audit, record: async (e) => { await gate; audit.events.push(e); } }, clock, logger);
    // A call answered before its record is written (as the protocol layer answers reads), then a read of the trail.
    const recorded = recorder.run({ principal, action: 'tool.device_list' }, async () => 'listed');
    recorder.answeredBefore(recorded);
    const read = recorder.recent({ limit: 10 });
    let seen: AuditEvent[] | undefined;
    void read.then((events) => (seen = events));
    await new Promise((next) => setImmediate(next));
    expect(seen).toBeUndefined();
    commit();
    expect((await read).map((e) => e.action)).toEqual(['tool.device_list']);
    // Nothing unsettled: the next read does not wait.
    expect(await recorder.recent({ limit: 10 })).toHaveLength(1);
  });

  it('a record that cannot be written holds no read', async () => {
    const recorder = new AuditRecorder({ ...memoryAudit(), record: async () => { throw new Error('db down'); } }, clock, logger);
    recorder.answeredBefore(recorder.run({ principal, action: 'x' }, async () => 'done'));
    expect(await recorder.recent({ limit: 10 })).toEqual([]);
  });
});

describe('AuditRecorder, durably from the start', () => {
  it('commits the record started (with a lease) before the work acts, renews it while it runs, and settles it in place', async () => {
    const audit = memoryAudit();
    let now = Date.parse('2026-01-01T00:00:00Z');
    const recorder = new AuditRecorder(audit, { now: () => new Date(now) }, logger, { lockLeaseMs: 90 });
    const seen: AuditEvent[][] = [];
    const result = await recorder.run({ principal, action: 'tool.w', deviceId: 'd1', correlationId: 'k1', arguments: { password: 'secret' } }, async (durably) => {
      await durably();
      seen.push(audit.events.map((e) => ({ ...e })));
      now += 1_000;
      // A renewal (every 30 ms) moves the lease on with the clock: wait for it, however loaded the machine.
      for (let i = 0; audit.events[0].leaseUntil?.getTime() !== now + 90; i++) {
        if (i > 10_000) throw new Error('the lease was never renewed');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      seen.push(audit.events.map((e) => ({ ...e })));
      return 'written';
    });
    expect(result).toBe('written');
    expect(seen[0]).toMatchObject([{ action: 'tool.w', outcome: 'started', correlationId: 'k1', arguments: { password: '[redacted]' }, leaseUntil: new Date(Date.parse('2026-01-01T00:00:00.090Z')) }]);
    expect(seen[1][0].leaseUntil).toEqual(new Date(Date.parse('2026-01-01T00:00:01.090Z')));
    expect(audit.events).toEqual([expect.objectContaining({ id: seen[0][0].id, outcome: 'success', durationMs: 1_000, leaseUntil: undefined })]);
  });

  it('settles a cancelled call as cancelled, saying how (its client, or shutdown), durable or not (issue 22 item 2)', async () => {
    const audit = memoryAudit();
    const recorder = new AuditRecorder(audit, clock, logger);
    await expect(recorder.run({ principal, action: 'tool.w' }, async (durably) => { await durably(); throw new CallCancelledError('notification'); })).rejects.toBeInstanceOf(CallCancelledError);
    await expect(recorder.run({ principal, action: 'tool.r' }, async () => { throw new CallCancelledError('disconnect'); })).rejects.toBeInstanceOf(CallCancelledError);
    await expect(recorder.run({ principal, action: 'tool.s' }, async () => { throw new ServerShuttingDownError(); })).rejects.toBeInstanceOf(ServerShuttingDownError);
    expect(audit.events.map((e) => [e.action, e.outcome, e.errorCode, e.note])).toEqual([
      ['tool.w', 'cancelled', 'CALL.CANCELLED', 'the client cancelled the call (notifications/cancelled)'],
      ['tool.r', 'cancelled', 'CALL.CANCELLED', 'the client closed the connection or stream before the answer'],
      ['tool.s', 'cancelled', 'SERVER.SHUTTING_DOWN', expect.stringMatching(/shut down/)],
    ]);
  });

  it('settles a durable record as the failure when the work fails, and refuses the work when its start cannot be committed', async () => {
    const audit = memoryAudit();
    const recorder = new AuditRecorder(audit, clock, logger);
    await expect(recorder.run({ principal, action: 'tool.w' }, async (durably) => { await durably(); throw ValidationError.single('x', 'bad'); })).rejects.toThrow('x: bad');
    expect(audit.events).toMatchObject([{ action: 'tool.w', outcome: 'error', errorCode: 'VALIDATION.INVALID' }]);

    const down = memoryAudit();
    let acted = false;
    const refusing = new AuditRecorder({ ...down, record: async () => { throw new Error('db down'); } }, clock, logger);
    await expect(refusing.run({ principal, action: 'tool.w' }, async (durably) => { await durably(); acted = true; })).rejects.toThrow('db down');
    expect(acted).toBe(false);
  });
});

describe('InterruptedCallRecovery', () => {
  const changeOf = (id: string, status: ChangeRecord['status'], outcome?: string) => ({ id, status, outcome, correlationId: 'k1' }) as ChangeRecord;
  function setup(changes: ChangeRecord[]) {
    const audit = memoryAudit();
    let now = Date.parse('2026-01-01T00:00:10Z');
    const repo = { list: async (q: { correlationId?: string }) => changes.filter((c) => c.correlationId === q.correlationId) } as unknown as ChangeRepository;
    const recovery = new InterruptedCallRecovery(audit, repo, { now: () => new Date(now) }, logger, { lockLeaseMs: 1_000 });
    const started = (id: string, leaseUntil: string, correlationId = 'k1'): AuditEvent => ({ id, occurredAt: new Date('2026-01-01T00:00:00Z'), principal, action: 'tool.w', correlationId, outcome: 'started', leaseUntil: new Date(leaseUntil) });
    return { audit, recovery, started, advance: (ms: number) => (now += ms) };
  }

  it('settles a record whose lease ran out as interrupted, naming its change once recovery settled it; leases still running are left', async () => {
    const changes = [changeOf('c1', 'applying')];
    const { audit, recovery, started, advance } = setup(changes);
    audit.events.push(started('a1', '2026-01-01T00:00:05Z'), started('a2', '2026-01-01T00:00:20Z', 'k2'));
    // Its change is still in flight: waited for (recovery settles it first).
    expect(await recovery.sweep()).toEqual([{ auditId: 'a1', action: 'tool.w', result: 'skipped', reason: 'change c1 is still applying' }]);
    changes[0] = changeOf('c1', 'reverted', 'interrupted (the process ended mid-change) and recovered');
    expect(await recovery.sweep()).toMatchObject([{ auditId: 'a1', result: 'settled' }]);
    expect(audit.events[0]).toMatchObject({ id: 'a1', outcome: 'interrupted', errorCode: 'CALL.INTERRUPTED', note: 'the process ended before the call finished; change c1 reverted: interrupted (the process ended mid-change) and recovered', leaseUntil: undefined });
    expect(audit.events[1]).toMatchObject({ id: 'a2', outcome: 'started' });
    advance(20_000);
    expect(await recovery.sweep()).toMatchObject([{ auditId: 'a2', result: 'settled', note: 'the process ended before the call finished; no change was recorded for it, so it wrote nothing to a device' }]);
    expect(await recovery.sweep()).toEqual([]);
  });

  it('stops waiting for a change that never settles after ten leases', async () => {
    const { audit, recovery, started, advance } = setup([changeOf('c1', 'applying')]);
    audit.events.push(started('a1', '2026-01-01T00:00:05Z'));
    advance(4_000);
    expect(await recovery.sweep()).toMatchObject([{ result: 'skipped' }]);
    advance(2_000);
    expect(await recovery.sweep()).toMatchObject([{ result: 'settled', note: 'the process ended before the call finished; change c1 applying' }]);
  });
});

describe('CredentialVault', () => {
  const vault = new CredentialVault(new FakeCipher());
  const now = clock.now();

  it('seals one row per secret, bound to device and purpose, and opens them again', () => {
    const rows = vault.seal('d1', { rest: { username: 'api', password: 'pw' }, ssh: { username: 'ops', privateKey: 'KEY' } }, now);
    expect(rows.map((r) => [r.purpose, r.username, r.keyId])).toEqual([['rest_password', 'api', 'k1'], ['ssh_private_key', 'ops', 'k1']]);
    expect(rows.map((r) => r.ciphertext).join()).not.toMatch(/pw|KEY/);
    expect(vault.open('d1', rows)).toEqual({ rest: { username: 'api', password: 'pw' }, ssh: { username: 'ops', password: undefined, privateKey: 'KEY' } });
    expect(() => vault.open('d2', rows.map((r) => ({ ...r, deviceId: 'd2' })))).toThrow('cannot decrypt');
  });

  it('decrypts each stored secret once, and a moved ciphertext still fails after its first opening', () => {
    const cipher = new FakeCipher();
    const decrypt = jest.spyOn(cipher, 'decrypt');
    const memoVault = new CredentialVault(cipher);
    const rows = memoVault.seal('d1', { rest: { username: 'api', password: 'pw' }, ssh: { username: 'ops', password: 'sshpw' } }, now);
    for (let i = 0; i < 3; i++) expect(memoVault.open('d1', rows).rest.password).toBe('pw');
    expect(decrypt).toHaveBeenCalledTimes(2);
    expect(() => memoVault.open('d2', rows.map((r) => ({ ...r, deviceId: 'd2' })))).toThrow('cannot decrypt');
    const changed = memoVault.seal('d1', { rest: { username: 'api', password: 'new' }, ssh: { username: 'ops' } }, now);
    expect(memoVault.open('d1', changed).rest.password).toBe('new');
  });

  it('says how to fix a device without REST credentials', () => {
    expect(() => vault.open('d1', [])).toThrow('routeros-mcp-admin credentials set d1');
  });
});

describe('KeyRotationService', () => {
  const k1 = new FakeCipher();
  const stored: EncryptedCredential = { deviceId: 'd1', purpose: 'rest_password', username: 'a', ciphertext: k1.encrypt('pw', 'credential:d1:rest_password'), keyId: 'k1', updatedAt: clock.now() };
  const inverseOf = (changeId: string): RowOperation[] => [{ kind: 'set', menu: 'interface/wifi/security', id: '*1', props: { name: 'sec', passphrase: `sealed:${k1.encrypt('old-pass', `change-inverse:${changeId}:/interface/wifi/security passphrase`)}` } }];

  /** An in-memory SealedValueStore: a reseal works on copies and keeps them only if it completes. */
  function memoryStore(failAt?: string) {
    let state = {
      credentials: [stored],
      grants: [{ id: 'g1', sealed: k1.encrypt('{"nonce":"n","signature":"s"}', 'approval:g1') }],
      changes: [
        { id: 'c1', status: 'verified', inverse: inverseOf('c1') },
        { id: 'c2', status: 'applying', inverse: inverseOf('c2') },
      ],
      plans: [
        { id: 'plan-new1', topic: 'wireless', status: 'approved', sealedDataKey: k1.encrypt('data-key', 'plan-data-key:plan-new1') as string | undefined },
        { id: 'plan-old1', topic: 'wireless', status: 'approved', sealedDataKey: undefined as string | undefined, stepChanges: [{ security_profiles: [{ passphrase: { sealed: k1.encrypt('p', 'plan-secret:wireless:security_profiles.0.passphrase') } }] }] },
      ],
    };
    const walk = (visitor: SealedValueVisitor) => {
      const fail = (id: string) => {
        if (id === failAt) throw new Error('disk full');
      };
      return {
        credentials: state.credentials.map((c) => (fail(c.deviceId), visitor.credential(c))),
        grants: state.grants.map((g) => (fail(g.id), { ...g, sealed: visitor.grant(g) })),
        changes: state.changes.map((c) => (fail(c.id), { ...c, inverse: visitor.changeInverse(c) })),
        plans: state.plans.map((p) => (fail(p.id), { ...p, sealedDataKey: visitor.planDataKey(p) })),
      };
    };
    const store: SealedValueStore = {
      reseal: async (visitor) => {
        const next = walk(visitor);
        visitor.beforeCommit?.();
        const counts = {
          credentials: next.credentials.filter((c, i) => c.ciphertext !== state.credentials[i].ciphertext).length,
          approvalGrants: next.grants.filter((g, i) => g.sealed !== state.grants[i].sealed).length,
          changeInverses: next.changes.filter((c, i) => c.inverse !== state.changes[i].inverse).length,
          planDataKeys: next.plans.filter((p, i) => p.sealedDataKey !== state.plans[i].sealedDataKey).length,
        };
        state = next;
        return counts;
      },
      visit: async (visitor) => void walk(visitor),
    };
    return { store, state: () => state };
  }

  function setup(options: { failAt?: string; keepsOldKeys?: boolean } = {}) {
    const calls: string[] = [];
    const rotation: KeyRotation = {
      cipher: new FakeCipher('k2', ['k1', 'k2']),
      previousKeyId: 'k1',
      keepsOldKeys: options.keepsOldKeys ?? true,
      commit: async (keep) => void calls.push(`commit:${(keep ?? []).join(',')}`),
      abort: async () => void calls.push('abort'),
    };
    const keyring: CredentialKeyring = { beginRotation: async () => rotation };
    const { store, state } = memoryStore(options.failAt);
    const audit = memoryAudit();
    return { service: new KeyRotationService(keyring, store, new AuditRecorder(audit, clock, logger), clock, logger), calls, state, audit };
  }

  it('re-seals credentials, approval grants, settled change records and plan data keys; keeps the old key for what it cannot re-seal', async () => {
    const { service, calls, state, audit } = setup();
    const result = await service.rotate(principal);
    expect(result).toMatchObject({ reencrypted: 1, resealed: { credentials: 1, approvalGrants: 1, changeInverses: 1, planDataKeys: 1 }, previousKeyId: 'k1', newKeyId: 'k2', retainedKeyIds: ['k1'] });
    expect(result.notice).toContain('key k1 is kept for change c2, plan plan-old1');
    const k2 = new FakeCipher('k2', ['k2']);
    expect(k2.decrypt(state().credentials[0].ciphertext, 'credential:d1:rest_password')).toBe('pw');
    expect(k2.decrypt(state().grants[0].sealed, 'approval:g1')).toContain('nonce');
    expect(k2.decrypt(state().plans[0].sealedDataKey!, 'plan-data-key:plan-new1')).toBe('data-key');
    const passphrase = (state().changes[0].inverse[0] as { props: Record<string, string> }).props['passphrase'];
    expect(k2.decrypt(passphrase.slice('sealed:'.length), 'change-inverse:c1:/interface/wifi/security passphrase')).toBe('old-pass');
    expect(state().changes[1].inverse).toEqual(inverseOf('c2'));
    expect(calls).toEqual(['commit:k1']);
    expect(audit.events[0]).toMatchObject({ action: 'keys.rotate', outcome: 'success' });
    expect(JSON.stringify(audit.events)).not.toContain('old-pass');
  });

  it('aborts the rotation and changes nothing when one value cannot be re-sealed', async () => {
    const { service, calls, state, audit } = setup({ failAt: 'c1' });
    const before = JSON.stringify(state());
    await expect(service.rotate(principal)).rejects.toThrow('disk full');
    expect(calls).toEqual(['abort']);
    expect(JSON.stringify(state())).toBe(before);
    expect(audit.events[0]).toMatchObject({ outcome: 'error' });
  });

  it('refuses (rolls back) when the keyring cannot keep the old key and values still need it', async () => {
    const { service, calls, state } = setup({ keepsOldKeys: false });
    const before = JSON.stringify(state());
    await expect(service.rotate(principal)).rejects.toThrow(KeyRotationRefusedError);
    expect(calls).toEqual(['abort']);
    expect(JSON.stringify(state())).toBe(before);
  });
});
