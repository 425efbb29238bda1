import { DomainError } from '@routeros-mcp/domain-kernel';

export class DeviceDecommissionedError extends DomainError {
  readonly code = 'DEVICE.DECOMMISSIONED';
  constructor(readonly deviceId: string) {
    super(`device '${deviceId}' is decommissioned; set its status back to unknown to use it again`);
  }
  override details(): Record<string, unknown> {
    return { device_id: this.deviceId };
  }
}
