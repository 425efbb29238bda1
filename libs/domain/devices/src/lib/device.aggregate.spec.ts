import { ValidationError } from '@routeros-mcp/domain-kernel';
import { Device, DeviceDecommissionedError, NewDeviceInput } from '../index';

const now = new Date('2026-01-01T00:00:00Z');
const later = new Date('2026-01-02T00:00:00Z');
const base: NewDeviceInput = { id: 'dev-lab-01', name: 'Lab router 1', host: '192.0.2.10', environment: 'lab' };

function fieldsOf(fn: () => unknown): string[] {
  try {
    fn();
  } catch (error) {
    if (error instanceof ValidationError) return error.errors.map((e) => e.field);
    throw error;
  }
  throw new Error('expected a ValidationError');
}

describe('Device.create', () => {
  it('applies defaults: ports 443/22, status unknown, every capability off, not critical', () => {
    const device = Device.create(base, now);
    expect(device.restPort).toBe(443);
    expect(device.sshPort).toBe(22);
    expect(device.status).toBe('unknown');
    expect(Object.values(device.capabilities).every((v) => v === false)).toBe(true);
    expect(device.critical).toBe(false);
    expect(device.createdAt).toBe(now);
    expect(device.version).toBe(0);
  });

  it('normalises fingerprints, hosts and tags', () => {
    const device = Device.create(
      {
        ...base,
        host: 'Router1.Example.NET',
        tlsFingerprint: 'ab'.repeat(32),
        sshHostKey: 'SHA256:' + 'A'.repeat(43) + '=',
        tags: { site: 'ber1', role: 'edge' },
        capabilities: { allow_advanced_writes: true },
      },
      now,
    );
    expect(device.host).toBe('router1.example.net');
    expect(device.tlsFingerprint).toBe('SHA256:' + Array(32).fill('AB').join(':'));
    expect(device.sshHostKey).toBe('SHA256:' + 'A'.repeat(43));
    expect(Object.keys(device.tags)).toEqual(['role', 'site']);
    expect(device.hasCapability('allow_advanced_writes')).toBe(true);
    expect(device.hasCapability('allow_firewall_writes')).toBe(false);
  });

  it.each([
    ['id', { id: 'Dev_01' }],
    ['id', { id: '-dev' }],
    ['id', { id: 'a'.repeat(64) }],
    ['name', { name: '   ' }],
    ['name', { name: 'bad\nname' }],
    ['name', { name: 'core\u202Eputer' }],
    ['name', { name: 'edge\u200B1' }],
    ['name', { name: '\uFEFFedge' }],
    ['tags', { tags: { site: 'ber\u20661' } }],
    ['host', { host: 'https://10.0.0.1' }],
    ['host', { host: '10.0.0.1:443' }],
    ['host', { host: '300.1.1.1' }],
    ['host', { host: 'bad_host' }],
    ['port', { restPort: 0 }],
    ['port', { restPort: '65536' }],
    ['ssh_port', { sshPort: 'abc' }],
    ['environment', { environment: 'production' }],
    ['tags', { tags: { 'Bad Key': 'x' } }],
    ['tags', { tags: { site: '' } }],
    ['tls_fingerprint', { tlsFingerprint: 'SHA256:12:34' }],
    ['ssh_host_key', { sshHostKey: 'SHA256:short' }],
    ['tls_skip_verify', { environment: 'prod', tlsSkipVerify: true }],
  ] as const)('rejects a bad %s', (field, patch) => {
    expect(fieldsOf(() => Device.create({ ...base, ...patch } as NewDeviceInput, now))).toEqual([field]);
  });

  it('reports every bad field at once', () => {
    expect(fieldsOf(() => Device.create({ id: 'X', name: '', host: '', environment: 'x', restPort: -1 }, now))).toEqual([
      'id',
      'name',
      'host',
      'port',
      'environment',
    ]);
  });

  it.each(['10.0.0.1', '2001:db8::1', '[2001:db8::1]', 'edge-1.example.com', 'router'])('accepts host %s', (host) => {
    expect(() => Device.create({ ...base, host }, now)).not.toThrow();
  });
});

describe('Device.update', () => {
  const device = Device.create({ ...base, tags: { site: 'ber1', rack: '4' } }, now);

  it('returns a new device and leaves the original unchanged', () => {
    const updated = device.update({ name: 'Renamed', setTags: { site: 'muc1' }, removeTags: ['rack'], critical: true }, later);
    expect(updated.name).toBe('Renamed');
    expect(updated.tags).toEqual({ site: 'muc1' });
    expect(updated.critical).toBe(true);
    expect(updated.updatedAt).toBe(later);
    expect(device.name).toBe('Lab router 1');
    expect(device.tags).toEqual({ rack: '4', site: 'ber1' });
  });

  it('turns capabilities on and off individually', () => {
    const on = device.update({ capabilities: { allow_firewall_writes: true, allow_advanced_writes: true } }, later);
    const off = on.update({ capabilities: { allow_firewall_writes: false } }, later);
    expect(off.hasCapability('allow_firewall_writes')).toBe(false);
    expect(off.hasCapability('allow_advanced_writes')).toBe(true);
  });

  it('sets and clears pins', () => {
    const pinned = device.update({ tlsFingerprint: 'AA'.repeat(32) }, later);
    expect(pinned.tlsFingerprint).toMatch(/^SHA256:AA:/);
    expect(pinned.update({ tlsFingerprint: null }, later).tlsFingerprint).toBeUndefined();
  });

  it('refuses removing a tag the device does not have, and leaves everything as it was', () => {
    expect(fieldsOf(() => device.update({ removeTags: ['nope'], name: 'ok' }, later))).toEqual(['tags']);
    expect(device.name).toBe('Lab router 1');
  });

  it('refuses moving a device that skips TLS verification out of lab', () => {
    const insecure = device.update({ tlsSkipVerify: true }, later);
    expect(fieldsOf(() => insecure.update({ environment: 'staging' }, later))).toEqual(['tls_skip_verify']);
  });

  it.each([['status', { status: 'broken' }], ['environment', { environment: 'qa' }], ['port', { restPort: 70000 }], ['name', { name: 'a\u2067b' }], ['tags', { setTags: { role: 'x\u200Dy' } }]] as const)(
    'rejects a bad %s',
    (field, patch) => expect(fieldsOf(() => device.update(patch, later))).toEqual([field]),
  );
});

describe('contact and decommissioning', () => {
  it('records facts and last-seen time on contact', () => {
    const seen = Device.create(base, now).recordContact({ routerosVersion: '7.20.5', identity: 'r1', board: 'CHR' }, 'healthy', later);
    expect(seen.status).toBe('healthy');
    expect(seen.facts).toEqual({ routerosVersion: '7.20.5', identity: 'r1', board: 'CHR', lastSeenAt: later });
    expect(seen.markUnreachable(later).status).toBe('unreachable');
  });

  it('refuses contact with a decommissioned device until it is brought back', () => {
    const retired = Device.create(base, now).update({ status: 'decommissioned' }, later);
    expect(() => retired.assertUsable()).toThrow(DeviceDecommissionedError);
    expect(() => retired.recordContact({}, 'healthy', later)).toThrow("device 'dev-lab-01' is decommissioned");
    expect(() => retired.update({ status: 'unknown' }, later).assertUsable()).not.toThrow();
  });

  it('round-trips through props', () => {
    const device = Device.create({ ...base, tags: { a: 'b' } }, now);
    expect(Device.restore(device.toProps()).toProps()).toEqual(device.toProps());
  });
});
