import type { AuditEvent, AuditLog, CredentialKeyring, CredentialRepository, EncryptedCredential, KeyRotation, Logger, SecretCipher } from '@routeros-mcp/application-ports';
import { ValidationError } from '@routeros-mcp/domain-kernel';
import { AuditRecorder, CredentialVault, KeyRotationService, redactArguments } from '../index';

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

function memoryAudit(): AuditLog & { events: AuditEvent[] } {
  const events: AuditEvent[] = [];
  return { events, record: async (e) => void events.push(e), list: async () => events };
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

  it('never lets a failing audit store hide the action’s own result', async () => {
    const errors: string[] = [];
    const recorder = new AuditRecorder({ record: async () => { throw new Error('db down'); }, list: async () => [] }, clock, { ...logger, error: (m) => void errors.push(m) });
    expect(await recorder.run({ principal, action: 'x' }, async () => 'done')).toBe('done');
    expect(errors).toEqual(['audit record could not be written']);
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
  const stored: EncryptedCredential = { deviceId: 'd1', purpose: 'rest_password', username: 'a', ciphertext: new FakeCipher().encrypt('pw', 'credential:d1:rest_password'), keyId: 'k1', updatedAt: clock.now() };

  function setup(failAt?: number) {
    const calls: string[] = [];
    let rows = [stored];
    const rotation: KeyRotation = {
      cipher: new FakeCipher('k2', ['k1', 'k2']),
      previousKeyId: 'k1',
      commit: async (keep) => void calls.push(`commit:${(keep ?? []).join(',')}`),
      abort: async () => void calls.push('abort'),
    };
    const keyring: CredentialKeyring = { beginRotation: async () => rotation };
    const repo: CredentialRepository = {
      forDevice: async () => rows,
      replace: async () => undefined,
      reencryptAll: async (transform) => {
        const next = rows.map((r, i) => {
          if (i + 1 === failAt) throw new Error('disk full');
          return transform(r);
        });
        rows = next;
        return next.length;
      },
      keyIdsInUse: async () => [...new Set(rows.map((r) => r.keyId))],
    };
    const audit = memoryAudit();
    return { service: new KeyRotationService(keyring, repo, new AuditRecorder(audit, clock, logger), clock, logger), calls, rows: () => rows, audit };
  }

  it('re-encrypts under the new key, then retires the old one', async () => {
    const { service, calls, rows, audit } = setup();
    expect(await service.rotate(principal)).toEqual({ reencrypted: 1, previousKeyId: 'k1', newKeyId: 'k2' });
    expect(rows()[0].keyId).toBe('k2');
    expect(new FakeCipher('k2', ['k2']).decrypt(rows()[0].ciphertext, 'credential:d1:rest_password')).toBe('pw');
    expect(calls).toEqual(['commit:']);
    expect(audit.events[0]).toMatchObject({ action: 'keys.rotate', outcome: 'success' });
  });

  it('aborts the rotation and keeps the old key when re-encryption fails', async () => {
    const { service, calls, rows, audit } = setup(1);
    await expect(service.rotate(principal)).rejects.toThrow('disk full');
    expect(calls).toEqual(['abort']);
    expect(rows()[0].keyId).toBe('k1');
    expect(audit.events[0]).toMatchObject({ outcome: 'error' });
  });
});
