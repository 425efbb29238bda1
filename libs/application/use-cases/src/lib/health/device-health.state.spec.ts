import { healthEtag, healthStateOf, unreachableState } from './device-health.state';

const resource = (cpu: string, free = '700', uptime = '1d') => ({ 'cpu-load': cpu, 'free-memory': free, 'total-memory': '1000', version: '7.20.5 (stable)', uptime });

describe('device health state and etag', () => {
  it('ignores uptime, load and memory moving within a band, and voltages', () => {
    const a = healthStateOf(resource('3', '700', '1d'), [{ name: 'temperature', value: '41', type: 'C' }, { name: 'voltage', value: '24.0', type: 'V' }]);
    const b = healthStateOf(resource('24', '690', '2d'), [{ name: 'temperature', value: '47', type: 'C' }, { name: 'voltage', value: '23.8', type: 'V' }]);
    expect(healthEtag(a)).toBe(healthEtag(b));
  });

  it('changes with reachability, the error, a band, a version, a hot sensor or a failed PSU', () => {
    const base = healthEtag(healthStateOf(resource('3'), [{ name: 'psu1-state', value: 'ok', type: '' }]));
    const variants = [
      unreachableState('DEVICE.UNREACHABLE'),
      healthStateOf(resource('90'), [{ name: 'psu1-state', value: 'ok', type: '' }]),
      healthStateOf(resource('3', '10'), [{ name: 'psu1-state', value: 'ok', type: '' }]),
      healthStateOf({ ...resource('3'), version: '7.21 (stable)' }, [{ name: 'psu1-state', value: 'ok', type: '' }]),
      healthStateOf(resource('3'), [{ name: 'psu1-state', value: 'fail', type: '' }]),
      healthStateOf(resource('3'), [{ name: 'psu1-state', value: 'ok', type: '' }, { name: 'temperature', value: '75', type: 'C' }]),
    ].map(healthEtag);
    expect(new Set([base, ...variants]).size).toBe(variants.length + 1);
    expect(healthEtag(unreachableState('DEVICE.UNREACHABLE'))).not.toBe(healthEtag(unreachableState('DEVICE.TIMEOUT')));
  });
});
