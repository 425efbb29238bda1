import { CAPABILITY_FLAGS, Device, DeviceStatus } from '@routeros-mcp/domain-devices';
import { Environment } from '@routeros-mcp/domain-kernel';
import { DeviceRecord, DeviceTagRecord } from '../records/device.record';

export function toDevice(record: DeviceRecord, tags: DeviceTagRecord[]): Device {
  return Device.restore({
    id: record.id,
    name: record.name,
    host: record.host,
    restPort: record.rest_port,
    sshPort: record.ssh_port,
    environment: record.environment as Environment,
    tags: Object.fromEntries(tags.map((t) => [t.key, t.value])),
    capabilities: Object.fromEntries(CAPABILITY_FLAGS.map((flag) => [flag, Boolean(record[flag])])) as Device['capabilities'],
    critical: Boolean(record.critical),
    tlsFingerprint: record.tls_fingerprint ?? undefined,
    sshHostKey: record.ssh_host_key ?? undefined,
    tlsSkipVerify: Boolean(record.tls_skip_verify),
    status: record.status as DeviceStatus,
    facts: {
      routerosVersion: record.routeros_version ?? undefined,
      identity: record.identity ?? undefined,
      board: record.board ?? undefined,
      serial: record.serial ?? undefined,
      lastSeenAt: record.last_seen_at ?? undefined,
    },
    createdAt: record.created_at,
    updatedAt: record.updated_at,
    version: record.version,
  });
}

export function toDeviceRecord(device: Device): DeviceRecord {
  const p = device.toProps();
  return {
    id: p.id,
    name: p.name,
    host: p.host,
    rest_port: p.restPort,
    ssh_port: p.sshPort,
    environment: p.environment,
    critical: p.critical,
    ...p.capabilities,
    tls_fingerprint: p.tlsFingerprint ?? null,
    ssh_host_key: p.sshHostKey ?? null,
    tls_skip_verify: p.tlsSkipVerify,
    status: p.status,
    routeros_version: p.facts.routerosVersion ?? null,
    identity: p.facts.identity ?? null,
    board: p.facts.board ?? null,
    serial: p.facts.serial ?? null,
    last_seen_at: p.facts.lastSeenAt ?? null,
    created_at: p.createdAt,
    updated_at: p.updatedAt,
    version: p.version,
  };
}

export function toTagRecords(device: Device): DeviceTagRecord[] {
  return Object.entries(device.tags).map(([key, value]) => ({ device_id: device.id, key, value }));
}
