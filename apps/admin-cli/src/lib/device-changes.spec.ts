import { deviceChanges } from './device-changes';

describe('what device update changed', () => {
  const before = { id: 'dev-1', name: 'Lab 1', port: 443, tags: { role: 'core', site: 'ber1' }, capabilities: { allow_advanced_writes: true, allow_firewall_writes: false }, critical: true, tls_fingerprint: null, updated_at: '2026-01-01T00:00:00.000Z', facts: { identity: 'x' } };

  it('names each changed field with its old and new value, tags and flags by their own names', () => {
    const after = { ...before, name: 'Edge Berlin', tags: { site: 'ber1' }, capabilities: { allow_advanced_writes: false, allow_firewall_writes: true }, critical: false, tls_fingerprint: 'SHA256:abc', updated_at: '2026-01-02T00:00:00.000Z', facts: { identity: 'y' } };
    expect(deviceChanges(before, after)).toEqual([
      'name: Lab 1 -> Edge Berlin',
      'tags.role: core -> (none)',
      'capabilities.allow_advanced_writes: true -> false',
      'capabilities.allow_firewall_writes: false -> true',
      'critical: true -> false',
      'tls_fingerprint: (none) -> SHA256:abc',
    ]);
  });

  it('is empty when the device already was as given', () => {
    expect(deviceChanges(before, { ...before, updated_at: 'later' })).toEqual([]);
  });
});
