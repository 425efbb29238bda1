import { DeviceAuthFailedError, DeviceCommandError, DeviceTimeoutError, DeviceUnreachableError, Logger } from '@routeros-mcp/application-ports';
import { Fleet, simControl, startFleet, targetOf } from '@routeros-mcp/testing';
import { createServer, connect, Server, Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { safeModeStyle, SshConfigShell } from './ssh-config-shell';

const PASSWORD = 'ssh-Secret-9';
const lines: string[] = [];
const logger: Logger = { debug: (m, x) => lines.push(m + JSON.stringify(x)), info: () => undefined, warn: () => undefined, error: () => undefined, child: () => logger };
let fleet: Fleet;
let shell: SshConfigShell;
const target = (i: number, overrides = {}) => targetOf(fleet.devices[i], overrides);

beforeAll(async () => {
  fleet = await startFleet({ devices: 3, profile: 'mixed', users: [{ name: 'admin', password: PASSWORD, group: 'full' }], safeModeRevertMs: 200 });
  shell = new SshConfigShell(logger, { connectTimeoutMs: 1500, requestTimeoutMs: 1500, exportTimeoutMs: 1500 });
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
    expect(sensitive.raw).toContain('.passphrase=factory-wifi-key');
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

/** A local TCP server whose connections are handled by `onConnection` (silent, reset, or relayed). */
async function tcpServer(onConnection: (socket: Socket) => void): Promise<{ port: number; server: Server; sockets: Set<Socket>; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    onConnection(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    server,
    sockets,
    close: () => new Promise<void>((resolve) => (sockets.forEach((s) => s.destroy()), server.close(() => resolve()))),
  };
}

/**
 * Elapsed time of a call that must fail within its bound. The slack above the bound's 10 % is scheduling on a
 * loaded 2-core machine (a timer can fire a couple of hundred ms late), while a call that adds the connect timeout
 * or ignores the bound overshoots by seconds, so the check still tells them apart.
 */
async function elapsedOfFailure(call: () => Promise<unknown>): Promise<{ error: any; ms: number }> {
  const started = performance.now();
  const error = await failure(call());
  return { error, ms: performance.now() - started };
}
const limitOf = (boundMs: number) => boundMs * 1.1 + 250;

describe('SSH failures say what really happened', () => {
  it('probing a closed SSH port says connection refused, not "no host key"', async () => {
    await simControl(fleet, 'PUT', '/devices/1/faults', { refuse: true });
    const refused = await failure(shell.presentedHostKey('127.0.0.1', fleet.devices[1].sshPort));
    expect(refused).toBeInstanceOf(DeviceUnreachableError);
    expect(refused.message).toMatch(/SSH connection refused/);
    const nothing = await tcpServer(() => undefined);
    await nothing.close(); // a port where nothing listens any more
    expect((await failure(shell.presentedHostKey('127.0.0.1', nothing.port))).message).toMatch(/SSH connection refused/);
  });

  it('probing a port that never speaks SSH times out within the bound, naming it', async () => {
    const silent = await tcpServer(() => undefined);
    try {
      const { error, ms } = await elapsedOfFailure(() => shell.presentedHostKey('127.0.0.1', silent.port, { timeoutMs: 700 }));
      expect(error).toBeInstanceOf(DeviceUnreachableError);
      expect(error.message).toMatch(/no SSH host key within 700 ms/);
      expect(ms).toBeLessThanOrEqual(limitOf(700));
    } finally {
      await silent.close();
    }
  });

  it('a port that resets the connection is reported as reset or closed, not "no host key"', async () => {
    const resetting = await tcpServer((socket) => socket.resetAndDestroy());
    try {
      const error = await failure(shell.presentedHostKey('127.0.0.1', resetting.port));
      expect(error).toBeInstanceOf(DeviceUnreachableError);
      expect(error.message).toMatch(/reset|closed the connection early/);
      expect(error.message).not.toMatch(/no SSH host key was presented/);
    } finally {
      await resetting.close();
    }
  });

  it('a session whose connection dropped is unreachable, not a console error', async () => {
    const relay = await tcpServer((client) => {
      const upstream = connect(fleet.devices[1].sshPort, '127.0.0.1');
      upstream.on('error', () => undefined);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.pipe(upstream).pipe(client);
    });
    try {
      const session = await shell.open(target(1, { sshPort: relay.port }));
      relay.sockets.forEach((s) => s.resetAndDestroy());
      await new Promise((r) => setTimeout(r, 100));
      const error = await failure(session.takeSafeMode());
      await session.close();
      expect(error).toBeInstanceOf(DeviceUnreachableError);
    } finally {
      await relay.close();
    }
  });
});

describe('the configured bounds cover the whole SSH call', () => {
  it('an export is bounded by the export timeout, connecting included, and says that bound', async () => {
    await simControl(fleet, 'PUT', '/devices/0/faults', { slowExportMs: 3000 });
    const bounded = new SshConfigShell(logger, { connectTimeoutMs: 1500, requestTimeoutMs: 500, exportTimeoutMs: 1000 });
    const { error, ms } = await elapsedOfFailure(() => bounded.export(target(0)));
    expect(error).toBeInstanceOf(DeviceTimeoutError);
    expect(error.message).toMatch(/within 1 s$/);
    expect(ms).toBeLessThanOrEqual(limitOf(1000));
  });

  it('an export within the export timeout succeeds though it takes longer than the request timeout', async () => {
    await simControl(fleet, 'PUT', '/devices/0/faults', { slowExportMs: 700 });
    const patient = new SshConfigShell(logger, { connectTimeoutMs: 1500, requestTimeoutMs: 300, exportTimeoutMs: 10_000 });
    expect((await patient.export(target(0))).header).toHaveProperty('routeros_version');
  });

  it('other commands are bounded by the request timeout, connecting included', async () => {
    const silent = await tcpServer(() => undefined);
    try {
      const quick = new SshConfigShell(logger, { connectTimeoutMs: 5000, requestTimeoutMs: 1000, exportTimeoutMs: 30_000 });
      const { error, ms } = await elapsedOfFailure(() => quick.print(target(0, { sshPort: silent.port }), 'system/resource'));
      expect(error).toBeInstanceOf(DeviceUnreachableError);
      expect(error.message).toMatch(/no SSH session within 1000 ms/);
      expect(ms).toBeLessThanOrEqual(limitOf(1000));
    } finally {
      await silent.close();
    }
  });
});

describe('safe mode by RouterOS version', () => {
  it('picks the /safe-mode menu from 7.18 and the console toggle before', async () => {
    expect([safeModeStyle('7.20.5'), safeModeStyle('7.18'), safeModeStyle('7.17.2'), safeModeStyle('7.15.3'), safeModeStyle(undefined), safeModeStyle('8.0')]).toEqual(['command', 'command', 'console', 'console', 'command', 'command']);
    const session = await shell.open(target(1), { routerosVersion: '7.20.5' });
    expect(session.safeModeStyle).toBe('command');
    await session.takeSafeMode();
    await simControl(fleet, 'POST', '/devices/1/config', { action: 'set', path: 'system/identity', props: { name: 'temporary' } });
    expect(await session.unrollSafeMode()).toEqual({ immediate: true });
    const state = await simControl(fleet, 'GET', '/devices/1/state');
    expect(state.config['system/identity'][0].name).toBe('sim-edge-002');
    await session.releaseSafeMode();
    await session.close();
  });

  it('on an earlier v7 asks for an interactive console; a device that refuses one is a DeviceCommandError, not a hang', async () => {
    const session = await shell.open(target(1), { routerosVersion: '7.15.3' });
    expect(session.safeModeStyle).toBe('console');
    const outcome = await session.takeSafeMode().then(
      () => 'taken',
      (error: unknown) => error,
    );
    await session.close();
    // The simulator on main serves exec only; once it serves a console, safe mode is taken with Ctrl+X.
    if (outcome !== 'taken') expect(outcome).toBeInstanceOf(DeviceCommandError);
  });
});
