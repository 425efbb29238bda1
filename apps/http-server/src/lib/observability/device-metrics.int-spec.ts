import { AdminServices, buildContainer } from '@routeros-mcp/composition';
import { loadConfig } from '@routeros-mcp/config';
import { enrollmentOf, Fleet, simControl, startFleet, tempDir } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { createMetrics } from './metrics';

const principal = { id: 'spec', via: 'test' };
const PASSWORD = 'M3trics-Secret-Pw!';

/** The value of one series in the Prometheus text (0 when absent). */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

/**
 * Device failures made by the simulator's fault injection reach /metrics through the adapters composition builds:
 * errors by transport and kind, and the circuit breaker of the failing device.
 */
describe('device request metrics against the simulator', () => {
  let fleet: Fleet;
  let dir: ReturnType<typeof tempDir>;
  let admin: AdminServices;
  const metrics = createMetrics({ defaultMetrics: false });
  const faults = (i: number, body: Record<string, unknown>) => simControl(fleet, 'PUT', `/devices/${i}/faults`, body);
  const text = async () => (await metrics.render()).body;

  beforeAll(async () => {
    fleet = await startFleet({ devices: 2, profile: 'home', version: '7.20.5', users: [{ name: 'admin', password: PASSWORD, group: 'full' }] });
    dir = tempDir();
    const config = loadConfig({ env: { ROUTEROS_MCP_DATA_DIR: join(dir.path, 'data'), ROUTEROS_MCP_LOG_LEVEL: 'error', ROUTEROS_MCP_DEVICE_REQUEST_TIMEOUT_MS: '3000', ROUTEROS_MCP_DEVICE_CONNECT_TIMEOUT_MS: '1000' }, homeDir: '/nonexistent' });
    admin = (await buildContainer(config, { logStream: new PassThrough(), deviceRequestObserver: metrics.deviceRequestObserver })).get(AdminServices);
    for (const device of fleet.devices) await admin.devices.enroll(principal, ...enrollmentOf(device, `r${device.index}`, { name: 'admin', password: PASSWORD }));
  }, 120_000);

  afterAll(async () => {
    await admin?.close();
    await fleet?.stop();
    dir?.remove();
  });

  it('counts successful REST and SSH requests', async () => {
    const report = await admin.connectivity.test(principal, 'r1');
    expect(report).toMatchObject({ rest: { ok: true }, ssh: { ok: true } });
    const body = await text();
    expect(sample(body, 'routeros_mcp_device_requests_total{transport="rest",outcome="ok"}')).toBeGreaterThanOrEqual(2);
    expect(sample(body, 'routeros_mcp_device_requests_total{transport="ssh",outcome="ok"}')).toBeGreaterThanOrEqual(1);
    expect(sample(body, 'routeros_mcp_device_request_duration_seconds_count{transport="rest"}')).toBeGreaterThanOrEqual(2);
  });

  it('counts errors by kind: wrong credentials on REST, a changed host key on SSH', async () => {
    await faults(1, { unauthorized: true, sshHostKeyChanged: true });
    try {
      const report = await admin.connectivity.test(principal, 'r1');
      expect(report).toMatchObject({ rest: { ok: false, code: 'DEVICE.AUTH_FAILED' }, ssh: { ok: false, code: 'DEVICE.AUTH_FAILED' } });
    } finally {
      await simControl(fleet, 'DELETE', '/devices/1/faults');
    }
    const body = await text();
    expect(sample(body, 'routeros_mcp_device_request_errors_total{transport="rest",kind="auth"}')).toBe(1);
    expect(sample(body, 'routeros_mcp_device_request_errors_total{transport="ssh",kind="host_key"}')).toBe(1);
  });

  it('reports an unreachable device, then its circuit opening and the calls it refuses', async () => {
    await faults(0, { refuse: true });
    try {
      // The REST breaker opens after 5 consecutive failed calls (the default); each test() makes one REST call.
      for (let i = 0; i < 5; i++) await admin.connectivity.test(principal, 'r0');
      let body = await text();
      expect(sample(body, 'routeros_mcp_device_request_errors_total{transport="rest",kind="unreachable"}')).toBe(5);
      expect(sample(body, 'routeros_mcp_device_request_errors_total{transport="ssh",kind="unreachable"}')).toBe(5);
      expect(sample(body, 'routeros_mcp_circuit_breaker_state{device="r0"}')).toBe(2);
      expect(sample(body, 'routeros_mcp_circuit_breaker_state{device="r1"}')).toBe(0);

      const refused = await admin.connectivity.test(principal, 'r0');
      expect(refused.rest).toMatchObject({ ok: false, code: 'DEVICE.UNREACHABLE' });
      body = await text();
      expect(sample(body, 'routeros_mcp_device_request_errors_total{transport="rest",kind="circuit_open"}')).toBe(1);
      expect(sample(body, 'routeros_mcp_device_requests_total{transport="rest",outcome="error"}')).toBe(1 + 5 + 1);
    } finally {
      await simControl(fleet, 'DELETE', '/devices/0/faults');
    }
  });
});
