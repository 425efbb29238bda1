/** How a device request ended, by the adapters' error kinds (`ok` when it succeeded). */
export interface DeviceRequestOutcome {
  deviceId: string;
  transport: 'rest' | 'ssh';
  /** REST method and path template, or the SSH operation (`export`, `command`, `safe_mode`). */
  operation: string;
  durationMs: number;
  /** `ok`, or the DeviceAccessError kind (`timeout`, `unreachable`, `auth`, `tls`, `circuit_open`, …). */
  outcome: string;
}

export const DeviceRequestObserver = Symbol.for('DeviceRequestObserver');
/** For metrics: every device request, and the circuit breaker per device changing state. Must not throw or block. */
export interface DeviceRequestObserver {
  requestEnded(outcome: DeviceRequestOutcome): void;
  breakerChanged(deviceId: string, state: 'closed' | 'open' | 'half_open'): void;
}

export const NO_DEVICE_REQUEST_OBSERVER: DeviceRequestObserver = { requestEnded: () => undefined, breakerChanged: () => undefined };
