import { DomainError } from '@routeros-mcp/domain-kernel';

export class DeviceNotFoundError extends DomainError {
  readonly code = 'DEVICE.NOT_FOUND';
  constructor(readonly deviceId: string) {
    super(`device '${deviceId}' is not enrolled`);
  }
  override details(): Record<string, unknown> {
    return { device_id: this.deviceId, resource_type: 'device' };
  }
}
