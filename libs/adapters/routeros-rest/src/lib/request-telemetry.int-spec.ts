import type { DeviceRequestObserver, DeviceRequestOutcome, Logger } from '@routeros-mcp/application-ports';
import { Fleet, simControl, startFleet, targetOf } from '@routeros-mcp/testing';
import { RestRouterOsApi } from './rest-client';

const logger: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined, child: () => logger };

/** Records what the adapter reports. */
class RecordingObserver implements DeviceRequestObserver {
  readonly requests: DeviceRequestOutcome[] = [];
  readonly states: string[] = [];
  requestEnded(outcome: DeviceRequestOutcome): void {
    this.requests.push(outcome);
  }
  breakerChanged(deviceId: string, state: 'closed' | 'open' | 'half_open'): void {
    this.states.push(`${deviceId} ${state}`);
  }
}

describe('RestRouterOsApi reports requests and circuit changes', () => {
  let fleet: Fleet;
  beforeAll(async () => {
    fleet = await startFleet({ devices: 1, profile: 'home', users: [{ name: 'admin', password: 'Obs3rved-pw', group: 'full' }] });
  });
  afterAll(() => fleet.stop());

  it('reports each call once with its operation template, duration and outcome', async () => {
    const observer = new RecordingObserver();
    const api = new RestRouterOsApi(logger, { requestTimeoutMs: 2000 }, observer);
    try {
      const [address] = await api.list(targetOf(fleet.devices[0]), 'ip/address');
      await api.get(targetOf(fleet.devices[0]), 'ip/address', address['.id'], { fields: ['address'] });
      await expect(api.get(targetOf(fleet.devices[0]), 'ip/address', '*FFFF')).rejects.toThrow();
      expect(observer.requests.map(({ deviceId, transport, operation, outcome }) => ({ deviceId, transport, operation, outcome }))).toEqual([
        { deviceId: 'sim-0', transport: 'rest', operation: 'GET /ip/address', outcome: 'ok' },
        { deviceId: 'sim-0', transport: 'rest', operation: 'GET /ip/address/{id}', outcome: 'ok' },
        { deviceId: 'sim-0', transport: 'rest', operation: 'GET /ip/address/{id}', outcome: 'not_found' },
      ]);
      expect(observer.requests.every((r) => r.durationMs > 0)).toBe(true);
    } finally {
      await api.close();
    }
  });

  it('reports the circuit opening, half-opening and closing again', async () => {
    const observer = new RecordingObserver();
    const api = new RestRouterOsApi(logger, { breakerThreshold: 2, breakerHalfOpenMs: 300, readAttempts: 1, connectTimeoutMs: 500 }, observer);
    const target = targetOf(fleet.devices[0]);
    try {
      await simControl(fleet, 'PUT', '/devices/0/faults', { refuse: true });
      await expect(api.getSingleton(target, 'system/identity')).rejects.toThrow();
      await expect(api.getSingleton(target, 'system/identity')).rejects.toThrow();
      expect(observer.states).toEqual(['sim-0 open']);
      await expect(api.getSingleton(target, 'system/identity')).rejects.toThrow(/circuit open/);
      expect(observer.requests.map((r) => r.outcome)).toEqual(['unreachable', 'unreachable', 'circuit_open']);
      await simControl(fleet, 'DELETE', '/devices/0/faults');
      // Half-open comes with the first call after the pause: retry until the probe gets through (bounded).
      for (let tries = 0; tries < 100 && !observer.states.includes('sim-0 closed'); tries++) {
        await api.getSingleton(target, 'system/identity').catch(() => new Promise((resolve) => setTimeout(resolve, 100)));
      }
      expect(observer.states).toEqual(['sim-0 open', 'sim-0 half_open', 'sim-0 closed']);
    } finally {
      await simControl(fleet, 'DELETE', '/devices/0/faults');
      await api.close();
    }
  });

  it('reports a forgotten device whose circuit was open as closed (its next channel starts closed)', async () => {
    const observer = new RecordingObserver();
    const api = new RestRouterOsApi(logger, { breakerThreshold: 1, breakerHalfOpenMs: 60_000, readAttempts: 1, connectTimeoutMs: 500 }, observer);
    try {
      await simControl(fleet, 'PUT', '/devices/0/faults', { refuse: true });
      await expect(api.getSingleton(targetOf(fleet.devices[0]), 'system/identity')).rejects.toThrow();
      api.forget('sim-0');
      expect(observer.states).toEqual(['sim-0 open', 'sim-0 closed']);
    } finally {
      await simControl(fleet, 'DELETE', '/devices/0/faults');
      await api.close();
    }
  });
});
