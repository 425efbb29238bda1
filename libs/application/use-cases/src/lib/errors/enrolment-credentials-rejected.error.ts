import { DomainError } from '@routeros-mcp/domain-kernel';

/**
 * The device refused the username and password given for a device being enrolled. Nothing is stored yet,
 * so the advice is to enrol again, not to replace stored credentials.
 */
export class EnrolmentCredentialsRejectedError extends DomainError {
  readonly code = 'DEVICE.AUTH_FAILED';
  constructor(
    readonly deviceId: string,
    readonly username: string,
    readonly how = 'run `routeros-mcp-admin device add` again with the right password',
  ) {
    super(`device '${deviceId}' rejected the password for user '${username}'; nothing was enrolled: ${how}`);
  }
  override details(): Record<string, unknown> {
    return { device_id: this.deviceId, username: this.username, reason: 'credentials', field: 'password' };
  }
}
