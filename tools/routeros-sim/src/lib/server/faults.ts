/** Faults the control API can switch on per device; each changes how the device's servers behave. */
export interface Faults {
  /** Added to every REST response, with up to `jitterMs` more. */
  latencyMs?: number;
  jitterMs?: number;
  /** Accept the connection and never answer. */
  hang?: boolean;
  /** Refuse new connections (the listener is closed). */
  refuse?: boolean;
  /** Send part of the response, then reset the connection. */
  resetMidResponse?: boolean;
  /** Answer every request with 401. */
  unauthorized?: boolean;
  /** Answer every request with 500 and this RouterOS detail. */
  serverError?: string;
  /** Answer with invalid JSON holding raw control characters. */
  invalidJson?: boolean;
  /** Close the session with `Session closed` after this many ms. */
  sessionClosedAfterMs?: number;
}

export const FAULT_KEYS: readonly (keyof Faults)[] = ['latencyMs', 'jitterMs', 'hang', 'refuse', 'resetMidResponse', 'unauthorized', 'serverError', 'invalidJson', 'sessionClosedAfterMs'];
