import { DomainError } from '@routeros-mcp/domain-kernel';

/** Which of the device's services refused, or could not check, new credentials. */
export type CredentialService = 'REST' | 'SSH';

/**
 * The device refused the credentials given to replace an enrolled device's stored ones: they are not stored, and the
 * stored ones stay as they were.
 */
export class CredentialsRejectedError extends DomainError {
  readonly code = 'DEVICE.AUTH_FAILED';
  constructor(
    readonly deviceId: string,
    readonly service: CredentialService,
    readonly username: string,
    readonly secret: 'password' | 'SSH key',
  ) {
    super(`device '${deviceId}' rejected the ${secret} for user '${username}' over ${service}; nothing was stored, the stored credentials are unchanged: run \`routeros-mcp-admin credentials set\` again with the right ${secret} (--offline stores them without asking the device)`);
  }
  override details(): Record<string, unknown> {
    return { device_id: this.deviceId, service: this.service, username: this.username, reason: 'credentials', field: this.secret === 'password' ? 'password' : 'ssh_key_file' };
  }
}

/**
 * New credentials could not be checked (the device did not answer over REST, or presented another identity than the
 * pinned one): they are not stored, since nobody knows whether they work. Its code is the cause's (the audit record
 * says why); a refusal the operator answers (`--offline`, or later), so `user`.
 */
export class CredentialsNotCheckedError extends DomainError {
  readonly code: string;
  constructor(
    readonly deviceId: string,
    readonly service: CredentialService,
    readonly problem: DomainError,
  ) {
    super(`cannot check the new credentials over ${service}: ${problem.message}; nothing was stored, the stored credentials are unchanged (--offline stores them without asking the device)`);
    this.code = problem.code;
  }
  override details(): Record<string, unknown> {
    return { ...this.problem.details(), device_id: this.deviceId, service: this.service };
  }
}
