import { connect, TLSSocket } from 'node:tls';
import { oneDevice } from './one-device';
import { until } from './until';

// Issue 23: the HTTPS service presents the certificate `/ip/service www-ssl certificate=` names, as RouterOS does. A
// change reaches new TLS connections; one already open keeps the certificate it was made with and keeps working.
const hex = (fingerprint256: string) => fingerprint256.replace(/:/g, '').toLowerCase();

/** A TLS connection opened now, before any change: its certificate, and one HTTP request sent on it later. */
function openSession(port: number): Promise<{ fingerprint: string; get(path: string): Promise<number> }> {
  return new Promise((resolve, reject) => {
    const socket: TLSSocket = connect({ host: '127.0.0.1', port, rejectUnauthorized: false }, () =>
      resolve({
        fingerprint: hex(socket.getPeerCertificate().fingerprint256),
        get: (path) =>
          new Promise((done, fail) => {
            if (socket.destroyed) return fail(new Error('the connection was closed'));
            let raw = '';
            socket.on('data', (d) => (raw += d));
            socket.on('close', () => done(Number(/^HTTP\/1\.1 (\d+)/.exec(raw)?.[1] ?? 0)));
            socket.on('error', fail);
            socket.write(`GET /rest${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Basic ${Buffer.from('admin:admin').toString('base64')}\r\nConnection: close\r\n\r\n`);
          }),
      }),
    );
    socket.once('error', reject);
  });
}

/** The certificate a new TLS connection gets (rejects when the service accepts none). */
async function presented(port: number): Promise<string> {
  const session = await openSession(port);
  void session.get('/system/identity').catch(() => undefined);
  return session.fingerprint;
}

describe.each(['7.15.3', '7.20.5'])('RouterOS %s: the certificate www-ssl presents', (version) => {
  const sim = oneDevice(version);
  const port = () => sim.fleet.devices[0].restPort;
  const certificate = async (name: string) => ((await sim.rest('GET', '/certificate')).body as Record<string, string>[]).find((c) => c['name'] === name);
  const reason = async () => ((await (await fetch(`${sim.fleet.control.url}/devices/0/state`)).json()) as { management: { rest: { reason?: string } } }).management.rest.reason;

  it('the seeded sim-cert is the certificate served (the fingerprint a client pins at enrolment)', async () => {
    const seeded = (await certificate('sim-cert'))!;
    expect(seeded).toMatchObject({ 'private-key': 'true', 'key-type': 'ec', trusted: 'true', 'common-name': 'sim-home-001' });
    expect(await presented(port())).toBe(seeded['fingerprint']);
    expect(hex(sim.fleet.devices[0].keys.tlsFingerprint.replace(/^SHA256:/, ''))).toBe(seeded['fingerprint']);
  });

  it('REST: another certificate with its key serves new connections while an open one lives on; none refuses new connections', async () => {
    const seeded = (await certificate('sim-cert'))!['fingerprint'];
    expect((await sim.rest('PUT', '/certificate', { name: 'web', 'common-name': 'router.lan', 'key-size': 'prime256v1' })).status).toBe(201);
    // A template has no key yet: www-ssl may name it, but then accepts no TLS connection.
    expect((await sim.rest('POST', '/ip/service/set', { numbers: 'www-ssl', certificate: 'web' })).status).toBe(200);
    await until(async () => (await reason()) === 'service www-ssl uses certificate web, which has no private key');
    await expect(presented(port())).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await sim.ssh('/ip service set www-ssl certificate=sim-cert');
    await until(async () => (await presented(port())) === seeded);
    const before = await openSession(port());
    expect((await sim.rest('POST', '/certificate/sign', { number: 'web' })).status).toBe(200);
    const web = (await certificate('web'))!['fingerprint'];
    const id = ((await sim.rest('GET', '/ip/service?name=www-ssl')).body as Record<string, string>[])[0]['.id'];
    expect((await sim.rest('PATCH', `/ip/service/${id}`, { certificate: 'web' })).status).toBe(200);
    expect(await presented(port())).toBe(web);
    expect(hex(sim.fleet.devices[0].keys.tlsFingerprint.replace(/^SHA256:/, ''))).toBe(web);
    // The connection made before the change keeps its certificate and is still served.
    expect(before.fingerprint).toBe(seeded);
    expect(await before.get('/system/identity')).toBe(200);
    expect((await sim.rest('POST', '/ip/service/set', { numbers: 'www-ssl', certificate: 'sim-cert' })).status).toBe(200);
    expect(await presented(port())).toBe(seeded);
    expect((await sim.rest('POST', '/ip/service/set', { numbers: 'www-ssl', certificate: 'none' })).status).toBe(200);
    await until(async () => (await presented(port()).then(() => 'served', (e: NodeJS.ErrnoException) => e.code)) === 'ECONNREFUSED');
    expect(await reason()).toBe('service www-ssl has no certificate');
    expect((await sim.ssh('/system identity print')).code).toBe(0);
  });

  it('console: an imported certificate with its key is served; removing the certificate www-ssl uses is allowed and refuses new connections', async () => {
    const seeded = (await certificate('sim-cert'))!['fingerprint'];
    // Made, exported with its key and removed, then imported back: the same certificate, now from /file.
    await sim.ssh('/certificate add name=made common-name=made.lan key-size=prime256v1; /certificate sign made; /certificate export-certificate made export-passphrase=12345678 file-name=made');
    const made = (await certificate('made'))!['fingerprint'];
    await sim.ssh('/certificate remove made; /certificate import file-name=made.crt; /certificate import file-name=made.key passphrase=12345678');
    expect(await certificate('made.crt_0')).toMatchObject({ fingerprint: made, 'private-key': 'true' });
    const before = await openSession(port());
    expect((await sim.ssh('/ip service set www-ssl certificate=made.crt_0')).output).toBe('');
    expect(await presented(port())).toBe(made);
    expect(await before.get('/system/identity')).toBe(200);
    // Renaming it keeps it served (the service follows the rename).
    await sim.ssh('/certificate set made.crt_0 name=web');
    expect(await presented(port())).toBe(made);
    expect((await sim.ssh('/certificate remove web')).output).toBe('');
    await until(async () => (await presented(port()).then(() => 'served', (e: NodeJS.ErrnoException) => e.code)) === 'ECONNREFUSED');
    expect(await reason()).toBe('service www-ssl uses certificate web, which no longer exists');
    expect((await sim.ssh('/ip service print where name=www-ssl')).code).toBe(0);
    await sim.ssh('/ip service set www-ssl certificate=sim-cert');
    await until(async () => (await presented(port()).catch(() => '')) === seeded);
  });
});
