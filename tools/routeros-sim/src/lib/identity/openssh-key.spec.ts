import { generateKeyPairSync } from 'node:crypto';
import { utils } from 'ssh2';
import { servableKey } from './openssh-key';

const publicBlob = (text: string) => {
  const parsed = utils.parseKey(text);
  const key = Array.isArray(parsed) ? parsed[0] : parsed;
  if (key instanceof Error) throw key;
  return key.getPublicSSH().toString('base64');
};

describe('servableKey (the host key /ip ssh import-host-key serves)', () => {
  it('keeps an unencrypted OpenSSH key as it is', () => {
    const pair = utils.generateKeyPairSync('ed25519');
    expect(servableKey(pair.private)).toBe(pair.private);
  });

  it('rewrites a PKCS#8 ed25519 key (plain or encrypted) as an OpenSSH key ssh2 reads, same public key', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const expected = publicKey.export({ format: 'jwk' }).x!;
    for (const [text, passphrase] of [
      [privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), undefined],
      [privateKey.export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'pw' }).toString(), 'pw'],
    ] as const) {
      const served = servableKey(text, passphrase)!;
      expect(served).toMatch(/^-----BEGIN OPENSSH PRIVATE KEY-----/);
      const blob = Buffer.from(publicBlob(served), 'base64');
      expect(blob.subarray(blob.length - 32).toString('base64url')).toBe(expected);
    }
  });

  it('opens an encrypted OpenSSH RSA key with its passphrase, and refuses a wrong one or no key', () => {
    const pair = utils.generateKeyPairSync('rsa', { bits: 2048, passphrase: 'pw', cipher: 'aes256-cbc' });
    const served = servableKey(pair.private, 'pw')!;
    expect(publicBlob(served)).toBe(publicBlob(pair.public));
    expect(servableKey(pair.private, 'wrong')).toBeUndefined();
    expect(servableKey(pair.public)).toBeUndefined();
    expect(servableKey('garbage')).toBeUndefined();
  });
});
