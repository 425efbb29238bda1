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
    /** Whose limit ran out: ours (the configured bound), or RouterOS's own, when it closed the session itself. */
    readonly limit: 'ours' | 'device' = 'ours',
  ) {
    super(limit === 'ours' ? `device '${deviceId}' did not finish ${operation} within ${seconds} s` : `device '${deviceId}' closed the session before finishing ${operation} (its own time limit)`);
  }
  override details(): Record<string, unknown> {
    return { device_id: this.deviceId, operation: this.operation, ...(this.limit === 'ours' ? { timeout_seconds: this.seconds } : { closed_by: 'device' }) };
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

/**
 * What went wrong with a request the device received: it refused it (a RouterOS 4xx error body), it failed
 * while carrying it out (5xx), or it sent an answer that is not what RouterOS sends (not JSON, wrong shape,
 * too large).
 */
export type CommandFailure = 'refused' | 'device_failure' | 'invalid_answer';

const failureOf = (status: number): CommandFailure => (status >= 500 ? 'device_failure' : 'refused');

function commandMessage(deviceId: string, operation: string, body: RouterOsErrorBody, failure: CommandFailure, likelyCause?: string): string {
  const cause = likelyCause ? ` (${likelyCause})` : '';
  const detail = truncate(body.detail ?? body.message, 200);
  switch (failure) {
    case 'refused':
      return `device '${deviceId}' refused ${operation}: ${detail}${cause}`;
    case 'device_failure':
      return `device '${deviceId}' failed ${operation} with an internal error (${body.status} ${detail})${cause}`;
    case 'invalid_answer':
      return `device '${deviceId}' sent an answer to ${operation} that ${detail}${cause}`;
  }
}

/**
 * The device received the request and did not carry it out: see CommandFailure. `detail` is kept whole here;
 * messages truncate it. For `invalid_answer`, `routerosError.message` says what is wrong with the answer
 * ("is not valid JSON").
 */
export class DeviceCommandError extends DomainError {
  readonly code = 'DEVICE.ERROR';
  readonly failure: CommandFailure;
  constructor(
    readonly deviceId: string,
    readonly operation: string,
    readonly routerosError: RouterOsErrorBody,
    readonly likelyCause?: string,
    /** The object as re-read after the failure: RouterOS can apply part of a change and still answer 400. */
    readonly stateAfterFailure?: Record<string, string> | null,
    /** Derived from the status when absent: 5xx is a device failure, anything else a refusal. */
    failure?: CommandFailure,
  ) {
    const kind = failure ?? failureOf(routerosError.status);
    super(commandMessage(deviceId, operation, routerosError, kind, likelyCause));
    this.failure = kind;
  }
  override details(): Record<string, unknown> {
    return { device_id: this.deviceId, operation: this.operation, failure: this.failure, routeros_error: { ...this.routerosError, detail: this.routerosError.detail === undefined ? undefined : truncate(this.routerosError.detail, 200) }, ...(this.likelyCause ? { likely_cause: this.likelyCause } : {}), ...(this.stateAfterFailure !== undefined ? { state_after_failure: this.stateAfterFailure } : {}) };
  }

  withStateAfterFailure(state: Record<string, string> | null): DeviceCommandError {
    return new DeviceCommandError(this.deviceId, this.operation, this.routerosError, this.likelyCause, state, this.failure);
  }
}

/** The device has no item with this id in the menu (RouterOS answered 404 for the item, not for the menu). */
export class DeviceObjectNotFoundError extends DomainError {
  readonly code = 'DEVICE.OBJECT_NOT_FOUND';
  constructor(
    readonly deviceId: string,
    /** Without the leading slash, e.g. `ip/route`. */
    readonly menu: string,
    readonly id: string,
  ) {
    super(`device '${deviceId}' has no ${menu} item '${id}'`);
  }
  override details(): Record<string, unknown> {
    return { device_id: this.deviceId, menu: `/${this.menu}`, id: this.id };
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
