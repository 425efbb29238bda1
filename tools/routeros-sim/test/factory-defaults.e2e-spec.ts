import { Fleet, startFleet } from '../src';
import { call } from './rest-client';
import { sshOnce } from './ssh-client';

type Rows = Record<string, string>[];

describe.each(['7.15.3', '7.20.5'])('RouterOS %s factory defaults of menus no profile seeds', (version) => {
  let fleet: Fleet;
  beforeAll(async () => (fleet = await startFleet({ devices: 1, version, profile: 'chr' })));
  afterAll(() => fleet.stop());
  afterEach(() => fetch(`${fleet.control.url}/reset`, { method: 'POST' }));

  const rest = (method: string, path: string, body?: unknown) => call(fleet.devices[0].restUrl, method, path, { body });
  const ssh = async (command: string) => (await sshOnce(fleet.devices[0].sshPort, command, { password: 'admin' })).output;

  it('REST: default rows and factory singletons answer as a fresh RouterOS prints them', async () => {
    expect(((await rest('GET', '/queue/type')).body as Rows).map((t) => t['name'])).toEqual(['default', 'ethernet-default', 'wireless-default', 'synchronous-default', 'hotspot-default', 'pcq-upload-default', 'pcq-download-default', 'only-hardware-queue', 'multi-queue-ethernet-default', 'default-small']);
    expect(((await rest('GET', '/ppp/profile')).body as Rows).map((p) => p['name'])).toEqual(['default', 'default-encryption']);
    expect((await rest('GET', '/ip/settings')).body).toMatchObject({ 'rp-filter': 'no', 'ip-forward': 'true', 'arp-timeout': '30s' });
    expect((await rest('GET', '/ppp/aaa')).body).toMatchObject({ accounting: 'true', 'use-radius': 'false' });
    const id = ((await rest('GET', '/queue/type')).body as Rows)[0]['.id'];
    expect(await rest('DELETE', `/queue/type/${id}`)).toMatchObject({ status: 406 });
  });

  it('SSH: the console prints them, and /export shows only what was changed', async () => {
    expect(await ssh('/queue type print count-only')).toBe('10\r\n');
    expect(await ssh('/ip ipsec settings print')).toMatch(/accounting: yes/);
    expect(await ssh('/export')).not.toMatch(/\/queue type|\/ip upnp|\/ppp profile/);
    await ssh('/ip upnp set enabled=yes');
    await ssh('/ppp profile set default-encryption only-one=yes');
    const exported = await ssh('/export terse');
    expect(exported).toContain('/ip upnp set enabled=yes\r\n');
    expect(exported).toContain('/ppp profile set [ find name=default-encryption ] only-one=yes\r\n');
  });
});
