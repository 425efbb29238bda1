import { connect } from 'node:net';
import { oneDevice } from './one-device';
import { until } from './until';

const refused = (promise: Promise<unknown>) => promise.then(() => false, (error: NodeJS.ErrnoException) => error.code === 'ECONNREFUSED');

/** Whether a new TCP connection to `port` is refused (a plain socket: an SSH handshake cut midway never settles). */
const portRefuses = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });

// Issue 23/24: `/system shutdown` (plan-only in the product) answers, then the device is off until powered on;
// `/system reboot` runs on the console as it does over REST.
describe.each(['7.15.3', '7.20.5'])('RouterOS %s shutdown and reboot', (version) => {
  const sim = oneDevice(version);
  const powerOn = () => fetch(`${sim.fleet.control.url}/devices/0/power-on`, { method: 'POST' });
  const uptime = async () => ((await sim.rest('GET', '/system/resource')).body as Record<string, string>)['uptime'];

  it('REST: shutdown refuses arguments, answers, then REST and SSH refuse connections until power-on; the configuration stays', async () => {
    expect((await sim.rest('POST', '/system/shutdown', { force: 'yes' })).body).toMatchObject({ detail: 'unknown parameter force' });
    expect((await sim.rest('POST', '/system/identity/set', { name: 'kept' })).status).toBe(200);
    expect((await sim.rest('POST', '/system/shutdown', {})).status).toBe(200);
    await until(() => refused(sim.rest('GET', '/system/identity')));
    expect(await portRefuses(sim.fleet.devices[0].sshPort)).toBe(true);
    expect((await powerOn()).status).toBe(200);
    await until(async () => (await sim.rest('GET', '/system/identity')).status === 200);
    expect((await sim.rest('GET', '/system/identity')).body).toMatchObject({ name: 'kept' });
  });

  it('console: /system shutdown turns the device off too; a reset powers it on', async () => {
    expect((await sim.ssh('/system shutdown')).output).toBe('');
    await until(() => portRefuses(sim.fleet.devices[0].sshPort));
    expect(await refused(sim.rest('GET', '/system/identity'))).toBe(true);
    await fetch(`${sim.fleet.control.url}/devices/0/reset`, { method: 'POST' });
    await until(async () => (await sim.rest('GET', '/system/identity')).status === 200);
  });

  it('console: /system reboot restarts the uptime as REST reboot does', async () => {
    await until(async () => (await uptime()) !== '0s', 30_000);
    expect((await sim.ssh('/system reboot')).output).toBe('');
    expect(await uptime()).toMatch(/^[0-2]s$/);
    expect((await sim.ssh('/system reboot bogus=1')).output).toContain('expected end of command');
    // check-disk checks the file system at the next boot, which it starts now.
    await until(async () => (await uptime()) !== '0s', 30_000);
    expect((await sim.rest('POST', '/system/check-disk', {})).status).toBe(200);
    expect(await uptime()).toMatch(/^[0-2]s$/);
  });
});
