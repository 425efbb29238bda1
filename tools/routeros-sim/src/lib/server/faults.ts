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
  /** Serve a different TLS certificate (as after a reset or a certificate renewal). */
  tlsCertificateChanged?: boolean;
  /** Present a different SSH host key (as after a reinstall). */
  sshHostKeyChanged?: boolean;
  /** Go down and up every this many ms: both services refuse while down. */
  flapPeriodMs?: number;
  /** Delay exports (SSH `/export`, REST `export`) by this many ms. */
  slowExportMs?: number;
}

const BOOLEAN: readonly string[] = ['hang', 'refuse', 'resetMidResponse', 'unauthorized', 'invalidJson', 'tlsCertificateChanged', 'sshHostKeyChanged'];
const DURATION: readonly string[] = ['latencyMs', 'jitterMs', 'sessionClosedAfterMs', 'flapPeriodMs', 'slowExportMs'];

/** Checks a control-API fault request: known names, booleans as booleans, durations as whole ms up to an hour. */
export function parseFaults(body: Record<string, unknown>): Faults {
  for (const [key, value] of Object.entries(body)) {
    if (BOOLEAN.includes(key)) {
      if (typeof value !== 'boolean') throw new Error(`fault ${key}: expected true or false`);
    } else if (DURATION.includes(key)) {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 3_600_000) throw new Error(`fault ${key}: expected whole milliseconds from 1 to 3600000`);
    } else if (key === 'serverError') {
      if (typeof value !== 'string' || value === '') throw new Error('fault serverError: expected the RouterOS detail text');
    } else {
      throw new Error(`unknown fault ${key}; known: ${FAULT_KEYS.join(', ')}`);
    }
  }
  return body as Faults;
}

export const FAULT_KEYS: readonly string[] = [...BOOLEAN, ...DURATION, 'serverError'];
