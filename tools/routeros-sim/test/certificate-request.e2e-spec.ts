import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { createPrivateKey, webcrypto } from 'node:crypto';
import { oneDevice } from './one-device';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

// Issue 24 allows `/certificate create-certificate-request`: a PKCS#10 request for a template's subject and its
// encrypted key land in /file, over REST and the console.
describe.each(['7.15.3', '7.20.5'])('RouterOS %s certificate requests', (version) => {
  const sim = oneDevice(version);
  const post = (path: string, body: unknown) => sim.rest('POST', path, body);
  const fileText = async (name: string) => ((await post('/file/read', { file: name, 'chunk-size': '32768' })).body as { data: string }[])[0]?.data ?? '';

  it('REST: writes certificate-request.pem (the template subject, a valid signature) and the key encrypted with the passphrase', async () => {
    expect((await sim.rest('PUT', '/certificate', { name: 'web', 'common-name': 'router.example', organization: 'Example', 'key-size': 'prime256v1' })).status).toBe(201);
    expect((await post('/certificate/create-certificate-request', { 'key-passphrase': 'secret-pass' })).body).toMatchObject({ detail: 'missing value for template' });
    expect((await post('/certificate/create-certificate-request', { template: 'nope', 'key-passphrase': 'secret-pass' })).body).toMatchObject({ detail: 'input does not match any value of template' });
    expect((await post('/certificate/create-certificate-request', { template: 'web' })).body).toMatchObject({ detail: 'missing value for key-passphrase' });
    expect((await post('/certificate/create-certificate-request', { template: 'web', 'key-passphrase': 'secret-pass' })).status).toBe(200);
    const csr = new x509.Pkcs10CertificateRequest(await fileText('certificate-request.pem'));
    expect(csr.subject).toBe('O=Example, CN=router.example');
    expect(await csr.verify()).toBe(true);
    const keyText = await fileText('certificate-request_key.pem');
    expect(keyText).toContain('BEGIN ENCRYPTED PRIVATE KEY');
    expect(createPrivateKey({ key: keyText, passphrase: 'secret-pass' }).asymmetricKeyType).toBe('ec');
    // The template stays a template.
    expect(((await sim.rest('GET', '/certificate')).body as Record<string, string>[]).find((c) => c['name'] === 'web')!['fingerprint']).toBeUndefined();
  });

  it('console: create-certificate-request with named arguments', async () => {
    expect((await sim.ssh('/certificate add name=vpn common-name=vpn.example key-size=prime256v1; /certificate create-certificate-request template=vpn key-passphrase=another-pass')).output).toBe('');
    expect(new x509.Pkcs10CertificateRequest(await fileText('certificate-request.pem')).subject).toBe('CN=vpn.example');
  });
});
