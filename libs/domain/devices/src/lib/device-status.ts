import { ValidationError } from '@routeros-mcp/domain-kernel';

export const DEVICE_STATUSES = ['unknown', 'healthy', 'degraded', 'unreachable', 'decommissioned'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

export function parseDeviceStatus(value: string, field = 'status'): DeviceStatus {
  if ((DEVICE_STATUSES as readonly string[]).includes(value)) return value as DeviceStatus;
  throw ValidationError.single(field, `unknown status '${value}'; expected one of ${DEVICE_STATUSES.join(', ')}`);
}
