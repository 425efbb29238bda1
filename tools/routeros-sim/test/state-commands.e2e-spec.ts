import { oneDevice } from './one-device';

type Row = Record<string, string>;

// Issue 23/24: menu-specific commands the change pipeline allows (DHCP client release/renew, reset-mac-address, /log
// lines, clearing the memory log, expire-password) change the state RouterOS documents, over REST and the console.
describe.each(['7.15.3', '7.20.5'])('RouterOS %s state commands', (version) => {
  const sim = oneDevice(version);
  const rows = async (path: string) => (await sim.rest('GET', path)).body as Row[];
  const detail = async (path: string, body: unknown) => ((await sim.rest('POST', path, body)).body as { detail?: string }).detail;
  const ssh = async (command: string) => (await sim.ssh(command)).output;

  it('REST: /ip/dhcp-client release gives the lease up (address, default route and DNS go); renew takes it back', async () => {
    const [client] = await rows('/ip/dhcp-client');
    expect(client).toMatchObject({ status: 'bound', address: '100.71.12.34/22' });
    expect((await rows('/ip/address')).some((a) => a['address'] === '100.71.12.34/22')).toBe(true);
    expect(await detail('/ip/dhcp-client/release', {})).toBe('missing value for numbers');
    expect(await detail('/ip/dhcp-client/release', { numbers: '*99' })).toBe('no such item');
    expect(await detail('/ip/dhcp-client/release', { numbers: client['.id'], bogus: '1' })).toBe('unknown parameter bogus');
    expect((await sim.rest('POST', '/ip/dhcp-client/release', { numbers: client['.id'] })).status).toBe(200);
    expect((await rows('/ip/dhcp-client'))[0]).toMatchObject({ status: 'searching...' });
    expect((await rows('/ip/dhcp-client'))[0]['address']).toBeUndefined();
    expect((await rows('/ip/address')).some((a) => a['address'] === '100.71.12.34/22')).toBe(false);
    expect((await rows('/ip/route')).some((r) => r['dst-address'] === '0.0.0.0/0' && r['gateway'] === '100.71.12.1')).toBe(false);
    expect((await sim.rest('POST', '/ip/dhcp-client/renew', { '.id': client['.id'] })).status).toBe(200);
    expect((await rows('/ip/dhcp-client'))[0]).toMatchObject({ status: 'bound', address: '100.71.12.34/22', gateway: '100.71.12.1' });
    expect((await rows('/ip/route')).some((r) => r['dst-address'] === '0.0.0.0/0' && r['gateway'] === '100.71.12.1')).toBe(true);
  });

  it('console: /ip dhcp-client release and renew by [find]', async () => {
    expect(await ssh('/ip dhcp-client release [find interface=ether1]')).toBe('');
    expect(await ssh(':put [/ip dhcp-client get [find interface=ether1] status]')).toContain('searching...');
    expect(await ssh('/ip dhcp-client renew [find interface=ether1]')).toBe('');
    expect(await ssh(':put [/ip dhcp-client get [find interface=ether1] status]')).toContain('bound');
    expect(await ssh('/ip dhcp-client renew bogus=1')).toContain('expected end of command');
  });

  it('REST and console: /interface/ethernet reset-mac-address gives the port its factory address back', async () => {
    const [ether] = await rows('/interface/ethernet');
    expect((await sim.rest('PATCH', `/interface/ethernet/${ether['.id']}`, { 'mac-address': '02:00:00:00:00:99' })).status).toBe(200);
    expect((await sim.rest('POST', '/interface/ethernet/reset-mac-address', { numbers: ether['name'] })).status).toBe(200);
    expect((await rows('/interface/ethernet'))[0]['mac-address']).toBe(ether['orig-mac-address']);
    expect(await detail('/interface/ethernet/reset-mac-address', { numbers: 'ether99' })).toBe('no such item');
    expect(await ssh(`/interface ethernet set ${ether['name']} mac-address=02:00:00:00:00:98; /interface ethernet reset-mac-address ${ether['name']}`)).toBe('');
    expect(await ssh(`:put [/interface ethernet get ${ether['name']} mac-address]`)).toContain(ether['orig-mac-address']);
    expect((await sim.rest('POST', '/interface/ethernet/blink', { numbers: ether['name'] })).status).toBe(200);
  });

  it('REST and console: /log info|warning|error|debug write a line with the script topics', async () => {
    expect((await sim.rest('POST', '/log/warning', { message: 'from rest' })).status).toBe(200);
    expect(await detail('/log/info', {})).toBe('missing value for message');
    expect(await ssh('/log info message="from console"')).toBe('');
    const log = await rows('/log');
    expect(log).toEqual(expect.arrayContaining([expect.objectContaining({ topics: 'script,warning', message: 'from rest' }), expect.objectContaining({ topics: 'script,info', message: 'from console' })]));
  });

  it('REST and console: /user expire-password marks the password expired until the user sets a new one', async () => {
    expect((await sim.rest('PUT', '/user', { name: 'ops', group: 'read', password: 'Old-pass-1' })).status).toBe(201);
    expect((await sim.rest('POST', '/user/expire-password', { numbers: 'ops' })).status).toBe(200);
    expect((await rows('/user')).find((u) => u['name'] === 'ops')).toMatchObject({ expired: 'true' });
    expect(await ssh('/user expire-password admin')).toBe('');
    expect(await ssh(':put [/user get admin expired]')).toContain('true');
    expect(await detail('/user/expire-password', { numbers: 'nobody' })).toBe('no such item');
    expect((await sim.rest('POST', '/password', { 'old-password': 'admin', 'new-password': 'New-pass-2', 'confirm-new-password': 'New-pass-2' })).status).toBe(200);
  });

  if (version === '7.20.5') {
    it('REST and console: /system/logging/action clear empties the memory log', async () => {
      expect((await rows('/log')).length).toBeGreaterThan(0);
      expect(await detail('/system/logging/action/clear', { action: 'nosuch' })).toBe('input does not match any value of action');
      expect((await sim.rest('POST', '/system/logging/action/clear', { action: 'disk' })).status).toBe(200);
      expect((await rows('/log')).length).toBeGreaterThan(0);
      expect(await ssh('/system logging action clear action=memory')).toBe('');
      expect(await rows('/log')).toEqual([]);
    });
  }
});
