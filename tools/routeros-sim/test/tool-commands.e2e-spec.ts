import { oneDevice } from './one-device';
import { until } from './until';

type Row = Record<string, string>;

// Issue 23/24: kid-control pause/resume, the packet sniffer, and the commands whose effect lies outside the model
// (they check their items and arguments, then answer as a router with nothing more to show), over REST and SSH.
describe.each(['7.15.3', '7.20.5'])('RouterOS %s tool and acknowledged commands', (version) => {
  const sim = oneDevice(version);
  const rows = async (path: string) => (await sim.rest('GET', path)).body as Row[];
  const post = (path: string, body: unknown) => sim.rest('POST', path, body);
  const detail = async (path: string, body: unknown) => ((await post(path, body)).body as { detail?: string }).detail;
  const ssh = async (command: string) => (await sim.ssh(command)).output;

  it('REST and console: /ip/kid-control pause marks the kid paused until resume; paused is not a setting', async () => {
    expect((await sim.rest('PUT', '/ip/kid-control', { name: 'kid1' })).status).toBe(201);
    expect(await detail('/ip/kid-control/pause', {})).toBe('missing value for numbers');
    expect(await detail('/ip/kid-control/pause', { numbers: 'nobody' })).toBe('no such item');
    expect((await post('/ip/kid-control/pause', { numbers: 'kid1' })).status).toBe(200);
    expect((await rows('/ip/kid-control'))[0]).toMatchObject({ name: 'kid1', paused: 'true' });
    expect(await ssh('/export')).not.toContain('paused');
    expect(await ssh('/ip kid-control resume kid1')).toBe('');
    expect((await rows('/ip/kid-control'))[0]['paused']).toBeUndefined();
    expect(await ssh('/ip kid-control pause kid1')).toBe('');
    expect((await rows('/ip/kid-control'))[0]).toMatchObject({ paused: 'true' });
  });

  it('REST and console: /tool/sniffer start runs it, stop ends it, save writes a pcap file', async () => {
    expect(await detail('/tool/sniffer/start', { interface: 'ether99' })).toBe('input does not match any value of interface');
    expect((await post('/tool/sniffer/start', { interface: 'ether1' })).status).toBe(200);
    expect((await sim.rest('GET', '/tool/sniffer')).body).toMatchObject({ running: 'true' });
    expect(await ssh('/tool sniffer stop')).toBe('');
    expect((await sim.rest('GET', '/tool/sniffer')).body).toMatchObject({ running: 'false' });
    expect(await detail('/tool/sniffer/save', {})).toBe('missing value for file-name');
    expect((await post('/tool/sniffer/save', { 'file-name': 'cap.pcap' })).status).toBe(200);
    expect(await ssh('/tool sniffer save file-name=cap2.pcap')).toBe('');
    const files = await rows('/file');
    expect(files.filter((f) => /^cap2?\.pcap$/.test(f['name']))).toHaveLength(2);
  });

  it('REST and console: commands outside the model check their items and arguments', async () => {
    expect(await detail('/routing/bgp/session/clear', { numbers: '*1' })).toBe('no such item');
    expect(await detail('/ip/dhcp-server/alert/reset-alert', {})).toBe('missing value for numbers');
    expect(await detail('/tool/wol', {})).toBe('missing value for mac');
    expect(await detail('/tool/wol', { mac: '00:11:22:33:44:55', interface: 'ether99' })).toBe('input does not match any value of interface');
    expect((await post('/tool/wol', { mac: '00:11:22:33:44:55', interface: 'ether1' })).status).toBe(200);
    expect((await post('/ip/ipsec/installed-sa/flush', {})).status).toBe(200);
    expect((await post('/ip/proxy/clear-cache', {})).status).toBe(200);
    expect((await post('/system/sup-output', {})).status).toBe(200);
    expect((await rows('/file')).some((f) => f['name'] === 'supout.rif')).toBe(true);
    // The update server is another host: the check fails as an unanswered connection and says so in `status`.
    expect(await detail('/system/package/update/check-for-updates', {})).toMatch(/^failure: connection to [\d.]+:443 failed: connection timed out$/);
    expect((await sim.rest('GET', '/system/package/update')).body).toMatchObject({ status: expect.stringMatching(/^ERROR: connection to [\d.]+:443 failed: connection timed out$/) });
    expect(await ssh('/routing bgp session stop *1')).toContain('no such item');
    expect(await ssh('/ip proxy clear-cache; /system ntp client reset-freq-drift')).toBe('');
    if (version === '7.20.5') expect(await detail('/console/clear-history', { user: 'nobody' })).toBe('input does not match any value of user');
    // Packages: install reaches the update server too, so it fails and the device does not reboot.
    const uptime = async () => ((await sim.rest('GET', '/system/resource')).body as Row)['uptime'];
    await until(async () => (await uptime()) !== '0s', 30_000);
    expect(await detail('/system/package/update/install', {})).toMatch(/connection timed out$/);
    expect(await uptime()).not.toBe('0s');
    expect((await post('/system/package/unschedule', { numbers: '*1' })).status).toBe(200);
    expect(await detail('/system/package/unschedule', { numbers: '*99' })).toBe('no such item');
    expect(await detail('/ip/hotspot/host/make-binding', { numbers: '*1', type: 'bypassed' })).toBe('no such item');
    expect(await ssh('/ip dns adlist reload')).toBe('');
    if (version === '7.15.3') {
      expect((await post('/routing/reinstall-fib', {})).status).toBe(200);
      expect(await detail('/system/upgrade/download', { numbers: '*1' })).toBe('no such item');
    } else expect(await detail('/system/package/local-update/download', { numbers: '*1' })).toBe('no such item');
  });
});
