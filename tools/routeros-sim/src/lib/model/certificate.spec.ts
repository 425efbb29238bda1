import { X509Certificate } from 'node:crypto';
import { DeviceState } from './device-state';
import { seedConfig } from './profiles';
import { runCommand } from '../rest/commands';

const users = [{ name: 'admin', password: 'x', group: 'full' as const }];
const device = () => new DeviceState('7.20.5', 7, () => seedConfig({ profile: 'home', version: '7.20.5', identity: 'r1', index: 0, users }));
const run = (s: DeviceState, command: string, body: Record<string, unknown>) => runCommand(s, `certificate/${command}`, body, new AbortController().signal);
const cert = (s: DeviceState, name: string) => s.list('certificate').find((c) => c['name'] === name)!;
const detail = async (p: Promise<unknown> | (() => unknown)) => {
  try {
    await (typeof p === 'function' ? p() : p);
    return 'ok';
  } catch (error) {
    return (error as { detail?: string }).detail;
  }
};

describe('/certificate (Certificates manual)', () => {
  it('add makes a template: name and common-name required, key-size, days-valid and digest checked', async () => {
    const s = device();
    expect(await detail(() => s.add('certificate', { name: 'a' }))).toBe('missing value for common-name');
    expect(await detail(() => s.add('certificate', { name: 'a', 'common-name': 'a', 'key-size': '3000' }))).toBe('input does not match any value of key-size');
    expect(await detail(() => s.add('certificate', { name: 'a', 'common-name': 'a', 'days-valid': '0' }))).toBe('value of days-valid out of range (1..36500)');
    expect(await detail(() => s.add('certificate', { name: 'a', 'common-name': 'a', 'key-usage': 'tls-server,bogus' }))).not.toBe('ok');
    expect(await detail(() => s.add('certificate', { name: 'a', 'common-name': 'a', 'subject-alt-name': 'foo' }))).toBe('invalid value for argument subject-alt-name');
    const t = s.add('certificate', { name: 'tmpl', 'common-name': 'router', 'subject-alt-name': 'DNS:router.lan,IP:192.168.88.1' });
    expect(t).toMatchObject({ 'key-size': '2048', 'days-valid': '365', 'private-key': 'false', authority: 'false', trusted: 'false' });
    expect(t['fingerprint']).toBeUndefined();
  });

  it('sign self-signs a CA (K L A T) and issues a server certificate by it (K I) with real X.509', async () => {
    const s = device();
    s.add('certificate', { name: 'ca-t', 'common-name': 'My CA', 'key-usage': 'key-cert-sign,crl-sign', 'key-size': 'prime256v1', 'days-valid': '3650' });
    s.add('certificate', { name: 'srv', 'common-name': 'router.lan', 'subject-alt-name': 'DNS:router.lan', 'key-size': 'prime256v1', 'key-usage': 'tls-server' });
    expect(await run(s, 'sign', { number: 'ca-t', name: 'myCa', 'ca-crl-host': '192.168.88.1' })).toEqual([{ progress: 'done' }]);
    const ca = cert(s, 'myCa');
    expect(ca).toMatchObject({ 'private-key': 'true', crl: 'true', authority: 'true', issued: 'false', trusted: 'true', expired: 'false', 'key-type': 'ec', issuer: 'CN=My CA' });
    expect(ca['fingerprint']).toMatch(/^[0-9a-f]{64}$/);
    expect(ca['serial-number']).toMatch(/^[0-9A-F]+$/);
    expect(ca['invalid-before']).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(await detail(run(s, 'sign', { number: 'srv', ca: 'nope' }))).toBe('input does not match any value of ca');
    expect(await detail(run(s, 'sign', { number: 'myCa' }))).toBe('failure: certificate is already signed');
    await run(s, 'sign', { number: 'srv', ca: 'myCa' });
    const srv = cert(s, 'srv');
    expect(srv).toMatchObject({ 'private-key': 'true', authority: 'false', issued: 'true', ca: 'myCa', issuer: 'CN=My CA' });
    // The issued certificate really is signed by the CA, with the CRL host the CA was signed with.
    const files = () => s.list('file');
    await run(s, 'export-certificate', { numbers: 'srv' });
    await run(s, 'export-certificate', { numbers: 'myCa' });
    const pem = (name: string) => files().find((f) => f['name'] === name)!['contents'];
    const issued = new X509Certificate(pem('cert_export_srv.crt'));
    expect(issued.verify(new X509Certificate(pem('cert_export_myCa.crt')).publicKey)).toBe(true);
    expect(issued.subjectAltName).toBe('DNS:router.lan');
    expect(files().some((f) => f['name'] === 'cert_export_srv.key')).toBe(false);
  });

  it('a CA must be a CA certificate with its private key', async () => {
    const s = device();
    s.add('certificate', { name: 'leaf', 'common-name': 'leaf', 'key-usage': 'tls-server', 'key-size': 'prime256v1' });
    s.add('certificate', { name: 'other', 'common-name': 'other', 'key-size': 'prime256v1' });
    await run(s, 'sign', { number: 'leaf' });
    expect(await detail(run(s, 'sign', { number: 'other', ca: 'leaf' }))).toBe('failure: ca certificate is not a CA');
    expect(cert(s, 'other')['private-key']).toBe('false');
  });

  it('export-certificate with a passphrase writes the encrypted key; import reads it back with the passphrase', async () => {
    const s = device();
    s.add('certificate', { name: 't', 'common-name': 'vpn', 'key-size': 'prime256v1' });
    await run(s, 'sign', { number: 't' });
    await run(s, 'export-certificate', { numbers: 't', 'export-passphrase': 'secret123', 'file-name': 'vpn' });
    const files = s.list('file');
    const key = files.find((f) => f['name'] === 'vpn.key')!['contents'];
    expect(key).toContain('ENCRYPTED PRIVATE KEY');
    s.writeFile('bundle.pem', '.pem file', files.find((f) => f['name'] === 'vpn.crt')!['contents'] + key);
    s.remove('certificate', 't');
    expect(await run(s, 'import', { 'file-name': 'bundle.pem', passphrase: 'wrong' })).toEqual([{ 'certificates-imported': '1', 'private-keys-imported': '0', 'files-imported': '1', 'decryption-failures': '1', 'keys-with-no-certificate': '0' }]);
    expect(cert(s, 'bundle.pem_0')).toMatchObject({ 'common-name': 'vpn', 'private-key': 'false', trusted: 'true' });
    expect(await run(s, 'import', { 'file-name': 'bundle.pem', passphrase: 'secret123' })).toEqual([{ 'certificates-imported': '0', 'private-keys-imported': '1', 'files-imported': '1', 'decryption-failures': '0', 'keys-with-no-certificate': '0' }]);
    expect(cert(s, 'bundle.pem_0')['private-key']).toBe('true');
    expect(await detail(run(s, 'import', { 'file-name': 'missing.pem' }))).toBe('input does not match any value of file-name');
  });

  it('a certificate www-ssl uses can still be renamed, and the service follows', () => {
    const s = device();
    s.update('certificate', 'sim-cert', { name: 'web' });
    expect(s.list('ip/service').find((r) => r['name'] === 'www-ssl')!['certificate']).toBe('web');
    expect(s.access('www-ssl').verdict).toBe('ok');
  });
});
