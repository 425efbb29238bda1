import { Fleet, startFleet } from '../src';
import { call } from './rest-client';
import { sshOnce } from './ssh-client';

type Rows = Record<string, string>[];

describe.each(['7.15.3', '7.20.5'])('RouterOS %s tunnel and virtual interfaces in /interface', (version) => {
  let fleet: Fleet;
  beforeAll(async () => (fleet = await startFleet({ devices: 1, version, profile: 'edge' })));
  afterAll(() => fleet.stop());
  afterEach(() => fetch(`${fleet.control.url}/reset`, { method: 'POST' }));

  const rest = (method: string, path: string, body?: unknown) => call(fleet.devices[0].restUrl, method, path, { body });
  const ssh = (command: string) => sshOnce(fleet.devices[0].sshPort, command, { password: 'admin' });
  const rows = async (path: string) => (await rest('GET', path)).body as Rows;
  const named = async (name: string) => (await rows('/interface')).find((i) => i['name'] === name);

  it('REST: a GRE tunnel gets its name, defaults and the next interface id, and shows in /interface as gre-tunnel', async () => {
    const ids = (await rows('/interface')).map((i) => parseInt(i['.id'].slice(1), 16));
    const added = await rest('PUT', '/interface/gre', { 'remote-address': '192.0.2.2' });
    expect(added.status).toBe(201);
    const row = added.body as Record<string, string>;
    expect(row).toMatchObject({ name: 'gre-tunnel1', keepalive: '10s,10', mtu: 'auto', 'actual-mtu': '1476', running: 'true', 'rx-byte': '0' });
    expect(parseInt(row['.id'].slice(1), 16)).toBe(Math.max(...ids) + 1);
    expect(await named('gre-tunnel1')).toMatchObject({ '.id': row['.id'], type: 'gre-tunnel', running: 'true' });
  });

  it('REST: refuses what RouterOS refuses (missing tunnel-id, a taken name, VRRP on a missing interface), adding nothing', async () => {
    for (const [path, body, detail] of [
      ['/interface/eoip', { 'remote-address': '192.0.2.2' }, 'missing value for tunnel-id'],
      ['/interface/vxlan', { name: 'ether1', vni: '10' }, 'failure: already have interface with such name'],
      ['/interface/vrrp', { interface: 'nope' }, 'input does not match any value of interface'],
    ] as const) {
      const refused = await rest('PUT', path, body);
      expect({ status: refused.status, detail: (refused.body as { detail: string }).detail }).toEqual({ status: 400, detail });
    }
    expect((await rows('/interface')).filter((i) => ['eoip-tunnel', 'vxlan', 'vrrp'].includes(i['type']))).toEqual([]);
  });

  it('SSH: an EoIP tunnel added on the console prints in /interface, and a rename there follows into its menu, addresses and lists', async () => {
    expect((await ssh('/interface eoip add name=eoip-a remote-address=192.0.2.9 tunnel-id=4')).code).toBe(0);
    expect((await ssh('/ip address add address=10.7.7.1/30 interface=eoip-a')).code).toBe(0);
    expect((await ssh('/interface list add name=TUN; /interface list member add list=TUN interface=eoip-a')).code).toBe(0);
    const terse = (await ssh('/interface print terse where type=eoip-tunnel')).output;
    expect(terse).toMatch(/R\s+name=eoip-a .*type=eoip-tunnel/);
    expect((await ssh('/interface set eoip-a name=eoip-b')).code).toBe(0);
    const eoip = (await rows('/interface/eoip'))[0];
    expect(eoip).toMatchObject({ name: 'eoip-b', 'tunnel-id': '4' });
    expect(eoip['mac-address']).toMatch(/^02(:[0-9A-F]{2}){5}$/);
    expect((await rows('/ip/address')).filter((a) => a['address'] === '10.7.7.1/30').map((a) => a['interface'])).toEqual(['eoip-b']);
    expect((await rows('/interface/list/member')).filter((m) => m['list'] === 'TUN').map((m) => m['interface'])).toEqual(['eoip-b']);
    expect(await ssh('/interface gre add name=eoip-b remote-address=192.0.2.3')).toMatchObject({ code: 1, output: 'failure: already have interface with such name\r\n' });
    expect((await ssh('/export terse')).output).toContain(`/interface eoip add mac-address=${eoip['mac-address']} name=eoip-b remote-address=192.0.2.9 tunnel-id=4\r\n`);
  });

  it('SSH and REST: VRRP runs as master on a running interface and stops when that interface is disabled', async () => {
    expect((await ssh('/interface vrrp add interface=ether1 vrid=7')).code).toBe(0);
    expect(await named('vrrp1')).toMatchObject({ type: 'vrrp', running: 'true' });
    expect((await rows('/interface/vrrp'))[0]).toMatchObject({ master: 'true', 'mac-address': '00:00:5E:00:01:07', priority: '100' });
    expect((await rest('POST', '/interface/disable', { numbers: 'ether1' })).status).toBe(200);
    expect((await rows('/interface/vrrp'))[0]).toMatchObject({ master: 'false', running: 'false' });
  });

  it('SSH and REST: a PPPoE client takes the default profile, shows in /interface as pppoe-out and never runs', async () => {
    expect((await ssh('/interface pppoe-client add interface=ether2 user=isp password=secret')).code).toBe(0);
    expect(await named('pppoe-out1')).toMatchObject({ type: 'pppoe-out', running: 'false', 'rx-byte': '0' });
    expect((await rows('/interface/pppoe-client'))[0]).toMatchObject({ profile: 'default', interface: 'ether2' });
    const refused = await rest('PUT', '/interface/l2tp-client', { profile: 'default' });
    expect({ status: refused.status, detail: (refused.body as { detail: string }).detail }).toEqual({ status: 400, detail: 'missing value for connect-to' });
    expect((await ssh('/interface print terse where type=pppoe-out')).output).toMatch(/^\d+\s+name=pppoe-out1 .*type=pppoe-out/m);
  });
});
