import { EntitySchema } from '@routeros-mcp/typeorm';
import { columnTypes, Dialect } from '../dialect';

export interface DeviceRecord {
  id: string;
  name: string;
  host: string;
  rest_port: number;
  ssh_port: number;
  environment: string;
  critical: boolean;
  allow_advanced_writes: boolean;
  allow_professional_workflows: boolean;
  allow_firewall_writes: boolean;
  allow_routing_writes: boolean;
  allow_wireless_writes: boolean;
  allow_dhcp_writes: boolean;
  allow_bridge_writes: boolean;
  allow_bandwidth_test: boolean;
  tls_fingerprint: string | null;
  ssh_host_key: string | null;
  tls_skip_verify: boolean;
  status: string;
  routeros_version: string | null;
  identity: string | null;
  board: string | null;
  serial: string | null;
  last_seen_at: Date | null;
  created_at: Date;
  updated_at: Date;
  version: number;
}

export interface DeviceTagRecord {
  device_id: string;
  key: string;
  value: string;
}

const FLAGS = [
  'critical', 'allow_advanced_writes', 'allow_professional_workflows', 'allow_firewall_writes', 'allow_routing_writes',
  'allow_wireless_writes', 'allow_dhcp_writes', 'allow_bridge_writes', 'allow_bandwidth_test', 'tls_skip_verify',
] as const;

export function deviceSchema(dialect: Dialect) {
  const { timestamp } = columnTypes(dialect);
  const nullableString = { type: 'varchar', nullable: true } as const;
  return new EntitySchema<DeviceRecord>({
    name: 'DeviceRecord',
    tableName: 'devices',
    columns: {
      id: { type: 'varchar', primary: true },
      name: { type: 'varchar' },
      host: { type: 'varchar' },
      rest_port: { type: 'integer' },
      ssh_port: { type: 'integer' },
      environment: { type: 'varchar' },
      ...Object.fromEntries(FLAGS.map((flag) => [flag, { type: 'boolean' }])),
      tls_fingerprint: nullableString,
      ssh_host_key: nullableString,
      status: { type: 'varchar' },
      routeros_version: nullableString,
      identity: nullableString,
      board: nullableString,
      serial: nullableString,
      last_seen_at: { type: timestamp, nullable: true },
      created_at: { type: timestamp },
      updated_at: { type: timestamp },
      version: { type: 'integer' },
    },
  });
}

export const deviceTagSchema = new EntitySchema<DeviceTagRecord>({
  name: 'DeviceTagRecord',
  tableName: 'device_tags',
  columns: {
    device_id: { type: 'varchar', primary: true },
    key: { type: 'varchar', primary: true },
    value: { type: 'varchar' },
  },
});
