import { DeviceAuthFailedError, DeviceCommandError, DeviceTimeoutError, DeviceUnreachableError, Logger } from '@routeros-mcp/application-ports';
import { Fleet, simControl, startFleet, targetOf } from '@routeros-mcp/testing';
import { SshConfigShell } from './ssh-config-shell';

const PASSWORD = 'ssh-Secret-9';
const lines: string[] = [];
const logger: Logger = { debug: (m, x) => lines.push(m + JSON.stringify(x)), info: () => undefined, warn: () => undefined, error: () => undefined, child: () => logger };
let fleet: Fleet;
let shell: SshConfigShell;
const target = (i: number, overrides = {}) => targetOf(fleet.devices[i], overrides);

beforeAll(async () => {
  fleet = await startFleet({ devices: 3, profile: 'mixed', users: [{ name: 'admin', password: PASSWORD, group: 'full' }], safeModeRevertMs: 200 });
  shell = new SshConfigShell(logger, { connectTimeoutMs: 1500, commandTimeoutMs: 1500 });
});
afterEach(() => simControl(fleet, 'POST', '/reset'));
afterAll(() => fleet.stop());

async function failure(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('SshConfigShell against the simulator', () => {
  it('exports, joined and normalised, secrets redacted unless asked for', async () => {
    const exported = await shell.export(target(0), { verbose: true });
    expect(exported.header).toMatchObject({ routeros_version: '7.20.5', model: 'C53UiG+5HPaxD2HPaxD' });
    expect(exported.normalized).toContain('add address=192.168.88.1/24 comment=defconf disabled=no interface=bridge network=192.168.88.0');
    expect(exported.raw).not.toContain('factory-wifi-key');
    const sensitive = await shell.export(target(0), { verbose: true, showSensitive: true });
    expect(sensitive.raw).toContain('security.passphrase=factory-wifi-key');
  });

  it('prints the fixed menus', async () => {
    expect(await shell.print(target(1), 'system/resource')).toMatch(/uptime: /);
  });

  it('holds safe mode on its connection: a dropped session undoes the changes', async () => {
    const session = await shell.open(target(1));
    await session.takeSafeMode();
    await simControl(fleet, 'POST', '/devices/1/config', { action: 'set', path: 'system/identity', props: { name: 'temporary' } });
    await session.close();
    await new Promise((r) => setTimeout(r, 600));
    const state = await simControl(fleet, 'GET', '/devices/1/state');
    expect(state.config['system/identity'][0].name).toBe('sim-edge-002');
  });

  it('a changed host key is refused before the password is sent, naming the fix', async () => {
    const pinned = target(2);
    await simControl(fleet, 'PUT', '/devices/2/faults', { sshHostKeyChanged: true });
    const error = await failure(shell.export(pinned));
    expect(error).toBeInstanceOf(DeviceAuthFailedError);
    expect(error.failure).toBe('ssh_identity');
    expect(error.presented).toBe(fleet.devices[2].keys.sshHostKeyFingerprint);
    expect(error.message).toMatch(/device repin sim-2/);
    expect(await shell.presentedHostKey('127.0.0.1', fleet.devices[2].sshPort)).toBe(fleet.devices[2].keys.sshHostKeyFingerprint);
  });

  it.each([
    ['wrong password', {}, { password: 'nope' }, DeviceAuthFailedError],
    ['refused', { refuse: true }, {}, DeviceUnreachableError],
  ])('%s → %p', async (_label, fault, overrides, type) => {
    if (Object.keys(fault).length) await simControl(fleet, 'PUT', '/devices/0/faults', fault);
    expect(await failure(shell.export(target(0, overrides)))).toBeInstanceOf(type);
  });

  it('a slow export past the command timeout is a DeviceTimeout', async () => {
    await simControl(fleet, 'PUT', '/devices/0/faults', { slowExportMs: 2500 });
    const error = await failure(shell.export(target(0)));
    expect(error).toBeInstanceOf(DeviceTimeoutError);
  });

  it('console errors are DeviceCommandErrors (safe mode on 7.15 does not exist)', async () => {
    const old = await startFleet({ devices: 1, version: '7.15.3', profile: 'chr', users: [{ name: 'admin', password: PASSWORD, group: 'full' }] });
    try {
      const session = await shell.open(targetOf(old.devices[0]));
      const error = await failure(session.takeSafeMode());
      await session.close();
      expect(error).toBeInstanceOf(DeviceCommandError);
      expect(error.routerosError.detail).toMatch(/bad command name safe-mode/);
    } finally {
      await old.stop();
    }
  });

  it('never logs or throws the password', async () => {
    const error = await failure(shell.export(target(0, { password: 'wrong-' + PASSWORD })));
    expect(`${error.message} ${error.stack} ${JSON.stringify(error)} ${lines.join()}`).not.toContain(PASSWORD);
  });
});
