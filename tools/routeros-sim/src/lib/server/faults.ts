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
  /**
   * Drop every open connection (REST and SSH) right after this many more writes (1: the next): the write is
   * applied but its answer is lost, as when a change cuts the line mid-way. Fires once, then clears itself.
   */
  dropConnectionsAfterWrites?: number;
  /** Writes answer as if they succeeded, but the configuration stays as it was. */
  writesDoNotStick?: boolean;
  /** After the next write the device stops answering on every service (open and new connections) until faults are cleared. */
  freezeAfterWrite?: boolean;
  /** system/resource reports this CPU load (percent) instead of its usual low figure: a device under load. */
  cpuLoadPercent?: number;
}

const BOOLEAN: readonly string[] = ['hang', 'refuse', 'resetMidResponse', 'unauthorized', 'invalidJson', 'tlsCertificateChanged', 'sshHostKeyChanged', 'writesDoNotStick', 'freezeAfterWrite'];
const DURATION: readonly string[] = ['latencyMs', 'jitterMs', 'sessionClosedAfterMs', 'flapPeriodMs', 'slowExportMs'];
const COUNT: readonly string[] = ['dropConnectionsAfterWrites'];

/** Checks a control-API fault request: known names, booleans as booleans, durations as whole ms up to an hour. */
export function parseFaults(body: Record<string, unknown>): Faults {
  for (const [key, value] of Object.entries(body)) {
    if (BOOLEAN.includes(key)) {
      if (typeof value !== 'boolean') throw new Error(`fault ${key}: expected true or false`);
    } else if (DURATION.includes(key)) {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 3_600_000) throw new Error(`fault ${key}: expected whole milliseconds from 1 to 3600000`);
    } else if (COUNT.includes(key)) {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 10_000) throw new Error(`fault ${key}: expected a whole number of writes from 1 to 10000`);
    } else if (key === 'cpuLoadPercent') {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 100) throw new Error('fault cpuLoadPercent: expected a whole percent from 0 to 100');
    } else if (key === 'serverError') {
      if (typeof value !== 'string' || value === '') throw new Error('fault serverError: expected the RouterOS detail text');
    } else {
      throw new Error(`unknown fault ${key}; known: ${FAULT_KEYS.join(', ')}`);
    }
  }
  return body as Faults;
}

export const FAULT_KEYS: readonly string[] = [...BOOLEAN, ...DURATION, ...COUNT, 'serverError', 'cpuLoadPercent'];
