import { SecretDecryptionError } from '@routeros-mcp/application-ports';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AesGcmCipher,
  EnvCredentialKeyring,
  FileCredentialKeyring,
  AesGcmDataKeys,
  HmacApprovalSigner,
  keyIdOf,
  loadApprovalSigningKey,
  MASTER_KEY_FILE,
} from '../index';

const k1 = Buffer.alloc(32, 1);
const k2 = Buffer.alloc(32, 2);
let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'secrets-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('AesGcmCipher', () => {
  const cipher = new AesGcmCipher([], k1);

  it('round-trips and tags the envelope with the key id', () => {
    const envelope = cipher.encrypt('p@ss wörd', 'credential:dev-1:rest_password');
    expect(envelope).toMatch(/^v1\.[0-9a-f]{16}\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(cipher.keyIdOf(envelope)).toBe(keyIdOf(k1));
    expect(envelope).not.toContain('p@ss');
    expect(cipher.decrypt(envelope, 'credential:dev-1:rest_password')).toBe('p@ss wörd');
  });

  it('uses a fresh IV each time', () => {
    expect(cipher.encrypt('x', 'c')).not.toBe(cipher.encrypt('x', 'c'));
  });

  it.each([
    ['another row', (e: string) => e, 'credential:dev-2:rest_password', 'authentication failed'],
    ['altered data', (e: string) => e.slice(0, -2) + (e.endsWith('AA') ? 'BB' : 'AA'), 'credential:dev-1:rest_password', 'authentication failed'],
    ['garbage', () => 'not-an-envelope', 'credential:dev-1:rest_password', 'not a v1 ciphertext envelope'],
  ])('refuses %s', (_label, mangle, context, reason) => {
    const envelope = mangle(cipher.encrypt('secret', 'credential:dev-1:rest_password'));
    expect(() => cipher.decrypt(envelope, context)).toThrow(SecretDecryptionError);
    expect(() => cipher.decrypt(envelope, context)).toThrow(reason);
  });

  it('names the missing key without leaking anything', () => {
    const envelope = new AesGcmCipher([], k2).encrypt('secret', 'c');
    expect(() => cipher.decrypt(envelope, 'c')).toThrow(`encrypted with key ${keyIdOf(k2)}, which this service does not have`);
  });

  it('decrypts with old keys and encrypts with the active one', () => {
    const old = new AesGcmCipher([], k1).encrypt('a', 'c');
    const both = new AesGcmCipher([k1], k2);
    expect(both.decrypt(old, 'c')).toBe('a');
    expect(both.keyIdOf(both.encrypt('a', 'c'))).toBe(keyIdOf(k2));
  });
});

describe('FileCredentialKeyring', () => {
  it('creates a 0600 key file on first use and reuses it', () => {
    const keyring = FileCredentialKeyring.inDataDir(join(dir, 'data'));
    const first = keyring.load();
    const path = join(dir, 'data', MASTER_KEY_FILE);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'data')).mode & 0o777).toBe(0o700);
    const second = FileCredentialKeyring.inDataDir(join(dir, 'data')).load();
    expect(second.activeKeyId).toBe(first.activeKeyId);
    expect(second.decrypt(first.encrypt('x', 'c'), 'c')).toBe('x');
  });

  it('refuses a key file others can read, saying how to fix it', () => {
    const keyring = FileCredentialKeyring.inDataDir(dir);
    keyring.load();
    chmodSync(join(dir, MASTER_KEY_FILE), 0o644);
    expect(() => keyring.load()).toThrow(`mode 644); run: chmod 600 ${join(dir, MASTER_KEY_FILE)}`);
  });

  it('refuses a corrupt key file', () => {
    writeFileSync(join(dir, MASTER_KEY_FILE), '{"version":2}', { mode: 0o600 });
    expect(() => FileCredentialKeyring.inDataDir(dir).load()).toThrow('is not a routeros-mcp keyring');
  });

  it('rotates: new key active, old kept until commit, then retired unless still in use', async () => {
    const keyring = FileCredentialKeyring.inDataDir(dir);
    const old = keyring.load();
    const secret = old.encrypt('pw', 'c');
    const rotation = await keyring.beginRotation(k2);
    expect(rotation.previousKeyId).toBe(old.activeKeyId);
    expect(keyring.load().activeKeyId).toBe(keyIdOf(k2));
    expect(keyring.load().decrypt(secret, 'c')).toBe('pw');
    await rotation.commit([]);
    expect(() => keyring.load().decrypt(secret, 'c')).toThrow(SecretDecryptionError);
    expect(JSON.parse(readFileSync(join(dir, MASTER_KEY_FILE), 'utf8')).keys).toEqual({ [keyIdOf(k2)]: k2.toString('base64') });
  });

  it('keeps old keys still referenced, and restores the old state on abort', async () => {
    const keyring = FileCredentialKeyring.inDataDir(dir);
    const old = keyring.load();
    const kept = await keyring.beginRotation(k2);
    expect(kept.keepsOldKeys).toBe(true);
    await kept.commit([old.activeKeyId]);
    expect(keyring.keyValues()).toHaveLength(2);
    const before = readFileSync(join(dir, MASTER_KEY_FILE), 'utf8');
    const aborted = await keyring.beginRotation();
    await aborted.abort();
    expect(readFileSync(join(dir, MASTER_KEY_FILE), 'utf8')).toBe(before);
  });

  it('refuses rotating to the key already in use', async () => {
    const keyring = FileCredentialKeyring.inDataDir(dir);
    keyring.load();
    const current = Buffer.from(keyring.keyValues()[0], 'base64');
    await expect(keyring.beginRotation(current)).rejects.toThrow('already in use');
  });
});

describe('EnvCredentialKeyring', () => {
  it('needs the new key supplied and tells the operator to update the variable', async () => {
    const keyring = new EnvCredentialKeyring(k1.toString('base64'));
    await expect(keyring.beginRotation()).rejects.toThrow('--new-key-stdin');
    const rotation = await keyring.beginRotation(k2);
    expect(rotation.keepsOldKeys).toBe(false);
    expect(rotation.cipher.decrypt(keyring.load().encrypt('a', 'c'), 'c')).toBe('a');
    expect(await rotation.commit()).toContain('set ROUTEROS_MCP_MASTER_KEY to the new key');
  });
  it('rejects a key of the wrong size', () => expect(() => new EnvCredentialKeyring('c2hvcnQ=')).toThrow('exactly 32 bytes'));
});

describe('AesGcmDataKeys', () => {
  it('makes a fresh random key each time, with a cipher of its own that other keys cannot open', () => {
    const keys = new AesGcmDataKeys();
    const [a, b] = [keys.generate(), keys.generate()];
    expect(Buffer.from(a, 'base64')).toHaveLength(32);
    expect(a).not.toBe(b);
    const sealed = keys.cipher(a).encrypt('passphrase', 'plan:p1:x');
    expect(keys.cipher(a).decrypt(sealed, 'plan:p1:x')).toBe('passphrase');
    expect(() => keys.cipher(b).decrypt(sealed, 'plan:p1:x')).toThrow(SecretDecryptionError);
    expect(() => keys.cipher(a).decrypt(sealed, 'plan:p2:x')).toThrow(SecretDecryptionError);
    expect(() => keys.cipher('c2hvcnQ=')).toThrow('32 bytes');
  });
});

describe('approval signing', () => {
  it('creates its own 0600 key file and signs verifiably', () => {
    const key = loadApprovalSigningKey({ dataDir: dir, credentialKeyIds: [keyIdOf(k1)] });
    expect(statSync(join(dir, 'approval-signing.key')).mode & 0o777).toBe(0o600);
    expect(loadApprovalSigningKey({ dataDir: dir, credentialKeyIds: [] }).equals(key)).toBe(true);
    const signer = new HmacApprovalSigner(key);
    const signature = signer.sign('plan-1:sha256:abc');
    expect(signer.verify('plan-1:sha256:abc', signature)).toBe(true);
    expect(signer.verify('plan-1:sha256:abd', signature)).toBe(false);
    expect(signer.verify('plan-1:sha256:abc', 'AAAA')).toBe(false);
  });

  it('refuses a credential key as the approval key', () => {
    expect(() => loadApprovalSigningKey({ dataDir: dir, base64Key: k1.toString('base64'), credentialKeyIds: [keyIdOf(k1)] })).toThrow(
      'same as a credential key',
    );
  });
});

describe('FileCredentialKeyring.cipher', () => {
  it('follows a rotation made through another keyring object (another process)', async () => {
    const serverSide = FileCredentialKeyring.inDataDir(dir).cipher();
    const before = serverSide.encrypt('pw', 'c');
    const rotation = await FileCredentialKeyring.inDataDir(dir).beginRotation(k2);
    const after = rotation.cipher.encrypt('pw2', 'c');
    await rotation.commit([]);
    expect(serverSide.activeKeyId).toBe(keyIdOf(k2));
    expect(serverSide.decrypt(after, 'c')).toBe('pw2');
    expect(serverSide.keyIdOf(serverSide.encrypt('x', 'c'))).toBe(keyIdOf(k2));
    expect(() => serverSide.decrypt(before, 'c')).toThrow(SecretDecryptionError);
  });

  it('stops decrypting with a retired key once the rotation commits, even with no encryption in between', async () => {
    const serverSide = FileCredentialKeyring.inDataDir(dir).cipher();
    const before = serverSide.encrypt('pw', 'c');
    expect(serverSide.decrypt(before, 'c')).toBe('pw');
    const rotation = await FileCredentialKeyring.inDataDir(dir).beginRotation(k2);
    await rotation.commit([]);
    expect(() => serverSide.decrypt(before, 'c')).toThrow(SecretDecryptionError);
  });
});
