import { oneDevice } from './one-device';
import { SshSession, sshOnce } from './ssh-client';

// Issue 23: /ip/cloud and /ip/ssh over REST and the SSH console; regenerate-host-key changes the key served.
describe.each(['7.15.3', '7.20.5'])('RouterOS %s /ip/cloud and /ip/ssh', (version) => {
  const sim = oneDevice(version);
  const detail = async (method: string, path: string, body?: unknown) => ((await sim.rest(method, path, body)).body as { detail?: string }).detail;
  const ssh = async (command: string) => (await sim.ssh(command)).output;
  const described = async () => ((await (await fetch(`${sim.fleet.control.url}/devices`)).json()) as { ssh_host_key_sha256: string }[])[0];

  it('REST: /ip/cloud publishes the address the cloud sees once DDNS is on (the home WAN is behind carrier-grade NAT)', async () => {
    expect((await sim.rest('GET', '/ip/cloud')).body).toEqual({ 'ddns-enabled': 'false', 'ddns-update-interval': 'none', 'update-time': 'true' });
    expect(await detail('POST', '/ip/cloud/set', { 'ddns-enabled': 'maybe' })).toBe('input does not match any value of ddns-enabled');
    expect(await detail('POST', '/ip/cloud/set', { 'public-address': '1.2.3.4' })).toBe('unknown parameter public-address');
    expect((await sim.rest('POST', '/ip/cloud/set', { 'ddns-enabled': 'yes' })).status).toBe(200);
    const cloud = (await sim.rest('GET', '/ip/cloud')).body as Record<string, string>;
    expect(cloud).toMatchObject({ 'ddns-enabled': 'true', status: 'updated', 'dns-name': 'he4a17q.sn.mynetname.net', warning: 'Router is behind a NAT. Remote connection might not work.' });
    expect(cloud['public-address']).toMatch(/^198\.51\.100\.\d+$/);
    expect((await sim.rest('POST', '/ip/cloud/force-update', {})).status).toBe(200);
  });

  it('console: /ip cloud set and print; /ip ssh set, refusals and export', async () => {
    expect(await ssh('/ip cloud set ddns-enabled=yes; /ip cloud advanced set use-local-address=yes')).toBe('');
    expect(await ssh(':put [/ip cloud get public-address]')).toContain('100.71.12.34');
    expect(await ssh('/ip ssh set host-key-type=dsa')).toContain('input does not match any value of host-key-type');
    expect(await ssh('/ip ssh set strong-crypto=yes always-allow-password-login=yes')).toBe('');
    expect(await ssh('/ip ssh print')).toMatch(/strong-crypto: yes/);
    expect(await ssh('/export')).toMatch(/\/ip ssh\r\nset always-allow-password-login=yes strong-crypto=yes\r\n/);
  });

  it('regenerate-host-key: new connections get a new key (a pinned client sees the change), open sessions go on, reset restores it', async () => {
    const device = sim.fleet.devices[0];
    const original = device.keys.sshHostKeyFingerprint;
    const open = await SshSession.connect(device.sshPort, { password: 'admin', expectHostKey: original });
    try {
      expect((await sim.rest('POST', '/ip/ssh/regenerate-host-key', {})).status).toBe(200);
      const { hostKey } = await sshOnce(device.sshPort, '/system identity print', { password: 'admin' });
      expect(hostKey).not.toBe(original);
      expect(hostKey).toBe((await described()).ssh_host_key_sha256);
      // A client pinned to the old key refuses the device.
      await expect(sshOnce(device.sshPort, '/system identity print', { password: 'admin', expectHostKey: original })).rejects.toThrow();
      expect((await open.exec(':put ok')).output).toContain('ok');
      // From the console too, and of the type /ip/ssh names.
      expect((await sshOnce(device.sshPort, '/ip ssh set host-key-type=rsa; /ip ssh regenerate-host-key', { password: 'admin', expectHostKey: hostKey })).output).toBe('');
      const rsa = await sshOnce(device.sshPort, ':put 1', { password: 'admin' });
      expect(rsa.hostKey).not.toBe(hostKey);
      expect(rsa.hostKey).toBe((await described()).ssh_host_key_sha256);
    } finally {
      open.close();
    }
    await fetch(`${sim.fleet.control.url}/reset`, { method: 'POST' });
    expect((await sshOnce(device.sshPort, ':put 1', { password: 'admin', expectHostKey: original })).hostKey).toBe(original);
  });
});
