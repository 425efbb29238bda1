import { DomainError } from '@routeros-mcp/domain-kernel';

/** Another device already uses this id or name (both are unique in the registry). */
export class DeviceAlreadyExistsError extends DomainError {
  readonly code = 'DEVICE.ALREADY_EXISTS';
  constructor(
    readonly field: 'id' | 'name',
    readonly value: string,
  ) {
    super(`${field}: a device with ${field} '${value}' is already enrolled`);
  }
  override details(): Record<string, unknown> {
    return { field: this.field, value: this.value };
  }
}
