import { Device } from '@routeros-mcp/domain-devices';
import { columnTypes, isUniqueViolation, violatedColumn } from './dialect';
import { toDevice, toDeviceRecord, toTagRecords } from './repositories/device.mapper';

describe('dialect helpers', () => {
  it('picks timestamp types per engine', () => {
    expect(columnTypes('postgres').timestamp).toBe('timestamptz');
    expect(columnTypes('sqlite').timestamp).toBe('datetime');
  });

  it.each([
    ['PostgreSQL unique violation', { driverError: { code: '23505', constraint: 'uq_devices_name' } }, true, 'uq_devices_name'],
    ['SQLite unique violation', { code: 'SQLITE_CONSTRAINT', message: 'SQLITE_CONSTRAINT: UNIQUE constraint failed: devices.name' }, true, 'devices.name'],
    ['SQLite foreign-key violation', { code: 'SQLITE_CONSTRAINT', message: 'SQLITE_CONSTRAINT: FOREIGN KEY constraint failed' }, false, undefined],
    ['PostgreSQL not-null violation', { driverError: { code: '23502' } }, false, undefined],
    ['an ordinary error', new Error('boom'), false, undefined],
  ])('%s', (_label, error, unique, column) => {
    expect(isUniqueViolation(error)).toBe(unique);
    if (unique) expect(violatedColumn(error)).toBe(column);
  });
});

describe('device mapper', () => {
  it('round-trips every field through a record and its tag rows', () => {
    const device = Device.create(
      { id: 'd1', name: 'D', host: '10.0.0.1', environment: 'staging', tags: { a: '1' }, capabilities: { allow_bridge_writes: true }, critical: true },
      new Date('2026-01-01T00:00:00Z'),
    ).recordContact({ routerosVersion: '7.15.3', board: 'hAP ax3' }, 'degraded', new Date('2026-01-02T00:00:00Z'));
    const record = toDeviceRecord(device);
    expect(record).toMatchObject({ id: 'd1', environment: 'staging', allow_bridge_writes: true, allow_dhcp_writes: false, routeros_version: '7.15.3', serial: null, status: 'degraded' });
    expect(toDevice(record, toTagRecords(device)).toProps()).toEqual(device.toProps());
  });

  it('reads SQLite-style 0/1 booleans as booleans', () => {
    const record = { ...toDeviceRecord(Device.create({ id: 'd1', name: 'D', host: 'h', environment: 'lab' }, new Date())), critical: 1 as unknown as boolean };
    expect(toDevice(record, []).critical).toBe(true);
  });
});
