import { DeviceHealthSample, evaluateHealthGate } from './health-gate';

const THRESHOLDS = { maxCpuPercent: 90, maxMemoryPercent: 90 };
import { reconcileStep } from './step-reconciliation';

const healthy = (deviceId: string, extra: Partial<DeviceHealthSample> = {}): DeviceHealthSample => ({ deviceId, reachable: true, cpuPercent: 90, memoryUsedPercent: 40, checks: [{ name: 'dns servers answer', ok: true }], ...extra });

describe('the health gate after a batch', () => {
  it('passes when every device of the batch is reachable, under both thresholds and passing its checks', () => {
    expect(evaluateHealthGate(['a', 'b'], [healthy('a'), healthy('b')], THRESHOLDS)).toEqual({ passed: true, failures: [] });
  });

  it('fails naming each device and every reason: unreachable, load, memory, a failed topic check, no sample', () => {
    const verdict = evaluateHealthGate(
      ['a', 'b', 'c', 'd'],
      [
        healthy('a', { reachable: false, unreachableReason: 'DEVICE.UNREACHABLE' }),
        healthy('b', { cpuPercent: 95, memoryUsedPercent: 91.4 }),
        healthy('c', { checks: [{ name: 'route 10.0.0.0/8 active', ok: false, detail: 'inactive' }] }),
      ],
      THRESHOLDS,
    );
    expect(verdict.passed).toBe(false);
    expect(verdict.failures).toEqual([
      { deviceId: 'a', reasons: ['unreachable over a new connection (DEVICE.UNREACHABLE)'] },
      { deviceId: 'b', reasons: ['CPU load 95% > 90%', 'memory use 91% > 90%'] },
      { deviceId: 'c', reasons: ['route 10.0.0.0/8 active failed: inactive'] },
      { deviceId: 'd', reasons: ['no health sample was taken'] },
    ]);
  });

  it('takes a figure the device did not report as unknown, not unhealthy; samples of other batches do not count', () => {
    expect(evaluateHealthGate(['a'], [healthy('a', { cpuPercent: undefined, memoryUsedPercent: undefined }), healthy('x', { reachable: false })], THRESHOLDS).passed).toBe(true);
  });
});

describe('a step after a restart, from its change record', () => {
  it('is done when its change was verified, and runs again only when the device provably did not keep it', () => {
    expect(reconcileStep({ status: 'verified' })).toEqual({ kind: 'succeeded' });
    expect(reconcileStep(undefined).kind).toBe('not_applied');
    expect(reconcileStep({ status: 'failed', outcome: 'the change was not made' })).toEqual({ kind: 'not_applied', reason: 'its change ended failed: the change was not made' });
    expect(reconcileStep({ status: 'reverted' }).kind).toBe('not_applied');
  });

  it('waits while the change is in flight or the device is undoing it, and halts on an unconfirmed state', () => {
    expect(reconcileStep({ status: 'applying' }).kind).toBe('wait');
    expect(reconcileStep({ status: 'proposed' }).kind).toBe('wait');
    expect(reconcileStep({ status: 'revert_pending' }).kind).toBe('wait');
    expect(reconcileStep({ status: 'needs_attention', outcome: 'needs attention: /ip/dns servers is 9.9.9.9, was 1.1.1.1' })).toEqual({
      kind: 'needs_attention',
      reason: 'needs attention: /ip/dns servers is 9.9.9.9, was 1.1.1.1',
    });
  });
});
