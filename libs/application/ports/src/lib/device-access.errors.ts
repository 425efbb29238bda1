import { DomainError, truncate } from '@routeros-mcp/domain-kernel';

/** The device could not be reached (refused, unreachable, connect timeout, open circuit). */
export class DeviceUnreachableError extends DomainError {
  readonly code = 'DEVICE.UNREACHABLE';
  override readonly fault = 'system' as const;
  constructor(
    readonly deviceId: string,
    readonly reason: string,
    /** Seconds after which a retry makes sense. */
    readonly retryAfter: number,
  ) {
    super(`device '${deviceId}' is unreachable: ${reason}`);
  }
  override details(): Record<string, unknown> {
    return { device_id: this.deviceId, reason: this.reason, retry_after: this.retryAfter };
  }
}

/** The device accepted the request but did not finish it in time (request timeout, RouterOS `Session closed`). */
export class DeviceTimeoutError extends DomainError {
  readonly code = 'DEVICE.TIMEOUT';
  override readonly fault = 'system' as const;
  constructor(
    readonly deviceId: string,
    readonly operation: string,
    readonly seconds: number,
  ) {
    super(`device '${deviceId}' did not finish ${operation} within ${seconds} s`);
  }
  override details(): Record<string, unknown> {
    return { device_id: this.deviceId, operation: this.operation, timeout_seconds: this.seconds };
  }
}

export type AuthFailure = 'credentials' | 'tls_identity' | 'ssh_identity';

/** Wrong credentials, or the device presented an identity other than the pinned one. */
export class DeviceAuthFailedError extends DomainError {
  readonly code = 'DEVICE.AUTH_FAILED';
  constructor(
    readonly deviceId: string,
    readonly failure: AuthFailure,
    readonly fix: string,
    readonly presented?: string,
  ) {
    super(`device '${deviceId}': ${AUTH_TEXT[failure]}; ${fix}`);
  }
  override details(): Record<string, unknown> {
    return { device_id: this.deviceId, reason: this.failure, fix: this.fix, ...(this.presented ? { presented_fingerprint: this.presented } : {}) };
  }
}

const AUTH_TEXT: Record<AuthFailure, string> = {
  credentials: 'the device rejected the stored credentials',
  tls_identity: 'the TLS certificate does not match the pinned fingerprint',
  ssh_identity: 'the SSH host key does not match the pinned fingerprint',
};

export interface RouterOsErrorBody {
  status: number;
  message: string;
  detail?: string;
}

/** RouterOS answered with an error body (400/404/406/500). `detail` is kept whole here; messages truncate it. */
export class DeviceCommandError extends DomainError {
  readonly code = 'DEVICE.ERROR';
  constructor(
    readonly deviceId: string,
    readonly operation: string,
    readonly routerosError: RouterOsErrorBody,
    readonly likelyCause?: string,
    /** The object as re-read after the failure: RouterOS can apply part of a change and still answer 400. */
    readonly stateAfterFailure?: Record<string, string> | null,
  ) {
    super(`device '${deviceId}' refused ${operation}: ${truncate(routerosError.detail ?? routerosError.message, 200)}${likelyCause ? ` (${likelyCause})` : ''}`);
  }
  override details(): Record<string, unknown> {
    return { device_id: this.deviceId, operation: this.operation, routeros_error: { ...this.routerosError, detail: this.routerosError.detail === undefined ? undefined : truncate(this.routerosError.detail, 200) }, ...(this.likelyCause ? { likely_cause: this.likelyCause } : {}), ...(this.stateAfterFailure !== undefined ? { state_after_failure: this.stateAfterFailure } : {}) };
  }

  withStateAfterFailure(state: Record<string, string> | null): DeviceCommandError {
    return new DeviceCommandError(this.deviceId, this.operation, this.routerosError, this.likelyCause, state);
  }
}

/** The device's RouterOS version (or packages) lacks the menu asked for. */
export class DeviceUnsupportedError extends DomainError {
  readonly code = 'DEVICE.UNSUPPORTED';
  constructor(
    readonly deviceId: string,
    readonly menu: string,
    readonly requirement: string,
    readonly actualVersion?: string,
  ) {
    super(`device '${deviceId}' does not have /${menu}: it needs ${requirement}${actualVersion ? `, the device runs ${actualVersion}` : ''}`);
  }
  override details(): Record<string, unknown> {
    return { device_id: this.deviceId, menu: `/${this.menu}`, required: this.requirement, routeros_version: this.actualVersion };
  }
}
