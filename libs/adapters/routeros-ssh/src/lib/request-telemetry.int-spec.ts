import type { DeviceRequestOutcome, Logger } from '@routeros-mcp/application-ports';
import { Fleet, simControl, startFleet, targetOf } from '@routeros-mcp/testing';
import { SshConfigShell } from './ssh-config-shell';

const logger: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined, child: () => logger };

describe('SshConfigShell reports each operation to its observer', () => {
  let fleet: Fleet;
  beforeAll(async () => {
    fleet = await startFleet({ devices: 1, profile: 'home', version: '7.20.5', users: [{ name: 'admin', password: 'ssh-Obs-pw', group: 'full' }] });
  });
  afterAll(() => fleet.stop());

  it('by operation name and error kind, never the command text', async () => {
    const seen: DeviceRequestOutcome[] = [];
    const shell = new SshConfigShell(logger, { connectTimeoutMs: 2000, requestTimeoutMs: 2000, exportTimeoutMs: 5000 }, { requestEnded: (o) => seen.push(o), breakerChanged: () => undefined });
    const target = targetOf(fleet.devices[0]);
    await shell.print(target, 'system/resource');
    await shell.export(target);
    const session = await shell.open(target, { routerosVersion: '7.20.5' });
    await session.takeSafeMode();
    await session.releaseSafeMode();
    await session.close();
    await simControl(fleet, 'PUT', '/devices/0/faults', { sshHostKeyChanged: true });
    try {
      await expect(shell.print(target, 'system/resource')).rejects.toThrow(/host key/);
    } finally {
      await simControl(fleet, 'DELETE', '/devices/0/faults');
    }
    expect(seen.map(({ deviceId, transport, operation, outcome }) => `${deviceId} ${transport} ${operation} ${outcome}`)).toEqual([
      'sim-0 ssh print ok',
      'sim-0 ssh export ok',
      'sim-0 ssh open ok',
      'sim-0 ssh safe_mode.take ok',
      'sim-0 ssh safe_mode.release ok',
      'sim-0 ssh print host_key',
    ]);
  });
});
