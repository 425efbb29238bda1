import { parseSshHostKeyFingerprint, parseTag, parseTlsFingerprint, validateCredentials } from '../index';

const hex = 'a1'.repeat(32);
const canonical = 'SHA256:' + Array(32).fill('A1').join(':');

describe('parseTlsFingerprint', () => {
  it.each([
    ['openssl output', 'sha256 Fingerprint=' + Array(32).fill('A1').join(':')],
    ['SHA256: prefix, colons', canonical],
    ['lower-case with prefix', canonical.toLowerCase()],
    ['bare hex', hex],
  ])('accepts %s', (_label, input) => expect(parseTlsFingerprint(input)).toBe(canonical));

  it.each(['', 'SHA256:', hex.slice(2), hex + 'ff', 'zz'.repeat(32), 'SHA1:' + hex])('rejects %p', (input) => {
    expect(() => parseTlsFingerprint(input)).toThrow('tls_fingerprint: must be a SHA-256 fingerprint');
  });
});

describe('parseSshHostKeyFingerprint', () => {
  const key = 'uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s';
  it.each([`SHA256:${key}`, `sha256:${key}`, `SHA256:${key}=`, key])('accepts %s', (input) => {
    expect(parseSshHostKeyFingerprint(input)).toBe(`SHA256:${key}`);
  });
  it.each(['SHA256:abc', `SHA256:${key}x`, `SHA256:${key.slice(0, 42)}!`, `MD5:${key}`])('rejects %p', (input) => {
    expect(() => parseSshHostKeyFingerprint(input)).toThrow('ssh_host_key:');
  });
});

describe('parseTag', () => {
  it('splits on the first =', () => expect(parseTag('note=a=b')).toEqual(['note', 'a=b']));
  it.each(['novalue', '=x', 'Key=v', 'k='])('rejects %p', (input) => expect(() => parseTag(input)).toThrow('tag:'));
});

describe('validateCredentials', () => {
  const ok = { rest: { username: 'admin', password: 'pw' }, ssh: { username: 'admin', password: 'pw' } };
  it('accepts a password pair and a PEM key', () => {
    expect(validateCredentials(ok)).toBe(ok);
    const withKey = { ...ok, ssh: { username: 'admin', privateKey: '-----BEGIN OPENSSH PRIVATE KEY-----\nabc\n-----END OPENSSH PRIVATE KEY-----' } };
    expect(validateCredentials(withKey)).toBe(withKey);
  });
  it('names every bad field', () => {
    expect(() => validateCredentials({ rest: { username: 'a b', password: '' }, ssh: { username: '', privateKey: 'nope' } })).toThrow(
      'username: must be 1-64 letters, digits or . _ @ -; password: must not be empty; ssh_username: must be 1-64 letters, digits or . _ @ -; ssh_key_file: is not a PEM or OpenSSH private key',
    );
  });
});
