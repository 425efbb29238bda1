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

  // Issue 23: the service ports, hotspot default profiles, MAC server, RoMON and watchdog a fresh RouterOS 7 has.
  it('REST: service ports, default hotspot profiles and tool singletons; ports are only set, default profiles stay', async () => {
    const ports = (await rest('GET', '/ip/firewall/service-port')).body as Rows;
    expect(ports.map((p) => `${p['name']}:${p['ports'] ?? ''}:${p['disabled']}`)).toEqual(['ftp:21:false', 'tftp:69:false', 'irc:6667:true', 'h323::false', 'sip:5060,5061:false', 'pptp::false', 'rtsp:554:true', 'udplite::false', 'dccp::false', 'sctp::false']);
    expect(ports[4]).toMatchObject({ 'sip-direct-media': 'true', 'sip-timeout': '1h' });
    expect(await rest('PUT', '/ip/firewall/service-port', { name: 'x' })).toMatchObject({ status: 400 });
    expect(await rest('DELETE', `/ip/firewall/service-port/${ports[0]['.id']}`)).toMatchObject({ status: 400 });
    expect(await rest('POST', '/ip/firewall/service-port/disable', { numbers: 'ftp' })).toMatchObject({ status: 200 });
    expect(((await rest('GET', `/ip/firewall/service-port/${ports[0]['.id']}`)).body as Record<string, string>)['disabled']).toBe('true');
    for (const path of ['/ip/hotspot/profile', '/ip/hotspot/user/profile']) {
      const rows = (await rest('GET', path)).body as Rows;
      expect(rows.map((r) => `${r['name']}:${r['default']}`)).toEqual(['default:true']);
      expect(await rest('DELETE', `${path}/${rows[0]['.id']}`)).toMatchObject({ status: 406 });
    }
    expect(((await rest('GET', '/ip/hotspot/profile')).body as Rows)[0]).toMatchObject({ 'login-by': 'cookie,http-chap', 'html-directory': 'hotspot', 'use-radius': 'false' });
    expect(((await rest('GET', '/ip/hotspot/user/profile')).body as Rows)[0]).toMatchObject({ 'shared-users': '1', 'keepalive-timeout': '2m', 'add-mac-cookie': 'true' });
    expect((await rest('GET', '/tool/mac-server')).body).toEqual({ 'allowed-interface-list': 'all' });
    expect((await rest('GET', '/tool/mac-server/mac-winbox')).body).toEqual({ 'allowed-interface-list': 'all' });
    expect((await rest('GET', '/tool/romon')).body).toMatchObject({ enabled: 'false' });
    expect((await rest('GET', '/system/watchdog')).body).toMatchObject({ 'watchdog-timer': 'true', 'automatic-supout': 'true', 'watch-address': 'none' });
  });

  it('SSH: the console prints them, refuses what RouterOS refuses, and exports only changes', async () => {
    const ports = await ssh('/ip firewall service-port print');
    expect(ports).toMatch(/Flags: X - DISABLED/);
    for (const name of ['ftp', 'tftp', 'irc', 'h323', 'sip', 'pptp', 'rtsp', 'udplite', 'dccp', 'sctp']) expect(ports).toMatch(new RegExp(`\\b${name}\\b`));
    expect(ports).toMatch(/2 X irc +6667/);
    expect(await ssh('/ip firewall service-port remove ftp')).toMatch(/bad command name remove/);
    expect(await ssh('/ip firewall service-port add name=x')).toMatch(/bad command name add/);
    expect(await ssh('/ip hotspot profile print')).toMatch(/default +0\.0\.0\.0 +hotspot/);
    expect(await ssh('/ip hotspot profile remove default')).toMatch(/cannot remove builtin object/);
    expect(await ssh('/ip hotspot user profile remove default')).toMatch(/cannot remove builtin object/);
    expect(await ssh('/tool mac-server print')).toMatch(/allowed-interface-list: all/);
    expect(await ssh('/tool mac-server mac-winbox print')).toMatch(/allowed-interface-list: all/);
    expect(await ssh('/tool romon print')).toMatch(/enabled: no/);
    expect(await ssh('/system watchdog print')).toMatch(/watchdog-timer: yes/);
    expect(await ssh('/export')).not.toMatch(/service-port|\/ip hotspot|mac-server|romon|watchdog/);
    await ssh('/ip firewall service-port disable ftp; /ip firewall service-port enable irc; /tool romon set enabled=yes');
    const exported = await ssh('/export terse');
    expect(exported).toContain('/ip firewall service-port set [ find name=ftp ] disabled=yes\r\n');
    expect(exported).toContain('/ip firewall service-port set [ find name=irc ] disabled=no\r\n');
    expect(exported).toContain('/tool romon set enabled=yes\r\n');
  });
});
