import { X509Certificate } from 'node:crypto';
import { oneDevice } from './one-device';

// Issue 23: /certificate add, sign (self-signed and by a CA), export-certificate and import, over REST and the console.
describe.each(['7.15.3', '7.20.5'])('RouterOS %s certificates', (version) => {
  const { rest, ssh } = oneDevice(version);
  const rows = async (path: string) => (await rest('GET', path)).body as Record<string, string>[];
  const byName = async (name: string) => (await rows('/certificate')).find((c) => c['name'] === name);
  const fileText = async (name: string) => (await rows('/file')).find((f) => f['name'] === name)?.['contents'];

  it('REST: add a template, sign it as a CA, issue a server certificate by it, export both', async () => {
    expect((await rest('PUT', '/certificate', { name: 'x' })).body).toMatchObject({ detail: 'missing value for common-name' });
    expect((await rest('PUT', '/certificate', { name: 'ca', 'common-name': 'Sim CA', 'key-usage': 'key-cert-sign,crl-sign', 'key-size': 'prime256v1' })).status).toBe(201);
    expect((await rest('PUT', '/certificate', { name: 'srv', 'common-name': 'router.lan', 'subject-alt-name': 'DNS:router.lan', 'key-size': 'prime256v1' })).status).toBe(201);
    const caId = (await byName('ca'))!['.id'];
    expect(await rest('POST', '/certificate/sign', { '.id': caId, 'ca-crl-host': '192.168.88.1' })).toMatchObject({ status: 200 });
    expect(await byName('ca')).toMatchObject({ 'private-key': 'true', crl: 'true', authority: 'true', trusted: 'true', 'ca-crl-host': '192.168.88.1' });
    expect((await rest('POST', '/certificate/sign', { number: 'srv', ca: 'srv' })).body).toMatchObject({ detail: 'failure: ca certificate is not a CA' });
    expect((await rest('POST', '/certificate/sign', { number: 'srv', bogus: '1' })).body).toMatchObject({ detail: 'unknown parameter bogus' });
    expect((await rest('POST', '/certificate/sign', { number: 'srv', ca: 'ca', name: 'web' })).status).toBe(200);
    expect(await byName('web')).toMatchObject({ issued: 'true', ca: 'ca', 'private-key': 'true', issuer: 'CN=Sim CA' });
    expect((await rest('POST', '/certificate/export-certificate', { numbers: 'web,ca' })).status).toBe(200);
    const web = new X509Certificate((await fileText('cert_export_web.crt'))!);
    expect(web.verify(new X509Certificate((await fileText('cert_export_ca.crt'))!).publicKey)).toBe(true);
    expect(web.fingerprint256.replace(/:/g, '').toLowerCase()).toBe((await byName('web'))!['fingerprint']);
    // www-ssl may use it, and follows when it is renamed.
    expect((await rest('PATCH', `/ip/service/${(await rows('/ip/service')).find((s) => s['name'] === 'www-ssl')!['.id']}`, { certificate: 'nope' })).body).toMatchObject({ detail: 'input does not match any value of certificate' });
    await rest('POST', '/ip/service/set', { numbers: 'www-ssl', certificate: 'web' });
    await rest('POST', '/certificate/set', { numbers: 'web', name: 'www' });
    expect((await rows('/ip/service')).find((s) => s['name'] === 'www-ssl')!['certificate']).toBe('www');
  });

  it('console: add, sign by name, print with the flags RouterOS shows, export with a passphrase and import back', async () => {
    const run = await ssh('/certificate add name=ca common-name=CA key-usage=key-cert-sign,crl-sign key-size=prime256v1; /certificate sign ca ca-crl-host=10.0.0.1; /certificate add name=srv common-name=srv key-size=prime256v1; /certificate sign srv ca=ca');
    expect(run.output).toBe('');
    const printed = (await ssh('/certificate print')).output;
    expect(printed).toMatch(/Flags: K - PRIVATE-KEY; L - CRL; A - AUTHORITY; I - ISSUED; T - TRUSTED/);
    expect(printed).toMatch(/\d+ KLA T ca\s+CA\s+[0-9a-f]{10}/);
    expect(printed).toMatch(/\d+ K {2}I {2}srv\s+srv/);
    expect((await ssh('/certificate sign srv ca=nope')).output).toContain('failure: certificate is already signed');
    await ssh('/certificate export-certificate srv export-passphrase=12345678 file-name=srv');
    // `numbers=` named rather than first works too.
    expect((await ssh('/certificate export-certificate numbers=ca')).output).toBe('');
    expect(await fileText('cert_export_ca.crt')).toContain('BEGIN CERTIFICATE');
    expect(await fileText('srv.key')).toContain('ENCRYPTED PRIVATE KEY');
    await ssh('/certificate remove srv');
    const imported = await ssh('/certificate import file-name=srv.crt');
    expect(imported.output).toBe('');
    expect(await byName('srv.crt_0')).toMatchObject({ 'common-name': 'srv', 'private-key': 'false', trusted: 'true' });
    await ssh('/certificate import file-name=srv.key passphrase=12345678');
    expect(await byName('srv.crt_0')).toMatchObject({ 'private-key': 'true' });
  });
});
