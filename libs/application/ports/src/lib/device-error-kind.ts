import { DeviceAuthFailedError, DeviceCommandError, DeviceObjectNotFoundError, DeviceTimeoutError, DeviceUnreachableError, DeviceUnsupportedError } from './device-access.errors';

/**
 * The kind of a failed device request, for metrics (`routeros_mcp_device_request_errors_total{kind}`): a short,
 * fixed vocabulary taken from the device-access errors, so a label never carries a message or a device's words.
 * `circuit_open` is the REST adapter's own (only it knows its breaker refused the call).
 */
export type DeviceErrorKind =
  | 'unreachable'
  | 'circuit_open'
  | 'timeout'
  | 'auth'
  | 'tls'
  | 'host_key'
  | 'refused'
  | 'device_failure'
  | 'invalid_answer'
  | 'not_found'
  | 'unsupported'
  | 'other';

export function deviceErrorKind(error: unknown): DeviceErrorKind {
  if (error instanceof DeviceUnreachableError) return 'unreachable';
  if (error instanceof DeviceTimeoutError) return 'timeout';
  if (error instanceof DeviceAuthFailedError) return error.failure === 'credentials' ? 'auth' : error.failure === 'tls_identity' ? 'tls' : 'host_key';
  if (error instanceof DeviceCommandError) return error.failure;
  if (error instanceof DeviceObjectNotFoundError) return 'not_found';
  if (error instanceof DeviceUnsupportedError) return 'unsupported';
  return 'other';
}
