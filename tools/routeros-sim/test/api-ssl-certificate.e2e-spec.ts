import { oneDevice } from './one-device';

// Issue 23: `/ip service api-ssl certificate=` names a /certificate row as www-ssl's does: it follows a rename, and a
// certificate that does not exist is refused (REST and console), the service keeping the one it had.
describe.each(['7.15.3', '7.20.5'])('RouterOS %s: the certificate api-ssl names', (version) => {
  const sim = oneDevice(version);
  const apiSsl = async () => ((await sim.rest('GET', '/ip/service?name=api-ssl')).body as Record<string, string>[])[0];

  it('REST: follows a certificate rename; a missing certificate is refused', async () => {
    expect((await sim.rest('PUT', '/certificate', { name: 'api', 'common-name': 'api.lan', 'key-size': 'prime256v1' })).status).toBe(201);
    expect((await sim.rest('POST', '/ip/service/set', { numbers: 'api-ssl', certificate: 'api' })).status).toBe(200);
    const id = ((await sim.rest('GET', '/certificate?name=api')).body as Record<string, string>[])[0]['.id'];
    expect((await sim.rest('PATCH', `/certificate/${id}`, { name: 'api-renamed' })).status).toBe(200);
    expect((await apiSsl())['certificate']).toBe('api-renamed');
    const refused = await sim.rest('POST', '/ip/service/set', { numbers: 'api-ssl', certificate: 'missing' });
    expect(refused).toMatchObject({ status: 400, body: { detail: 'input does not match any value of certificate' } });
    expect((await sim.rest('PATCH', `/ip/service/${(await apiSsl())['.id']}`, { certificate: 'missing' })).status).toBe(400);
    expect((await apiSsl())['certificate']).toBe('api-renamed');
  });

  it('console: follows a certificate rename; a missing certificate is refused', async () => {
    await sim.ssh('/certificate add name=api common-name=api.lan key-size=prime256v1');
    expect((await sim.ssh('/ip service set api-ssl certificate=api')).output).toBe('');
    await sim.ssh('/certificate set api name=api-renamed');
    expect((await sim.ssh('/ip service print detail where name=api-ssl')).output).toMatch(/certificate=api-renamed/);
    expect((await sim.ssh('/ip service set api-ssl certificate=missing')).output).toMatch(/input does not match any value of certificate/);
    expect((await apiSsl())['certificate']).toBe('api-renamed');
  });
});
