/** Limits and timeouts of the REST adapter; every one can come from configuration. */
export interface RestClientOptions {
  /** Bounds a whole call: learning the version, waiting for slots, every attempt and the backoffs (default 5000). */
  requestTimeoutMs: number;
  /** TCP connect plus TLS handshake (default 5000). */
  connectTimeoutMs: number;
  /** Attempts for idempotent reads on transient failures, the first included (default 3). */
  readAttempts: number;
  /** First backoff delay; later ones grow exponentially with jitter (default 200). */
  backoffInitialMs: number;
  backoffMaxMs: number;
  perDeviceConcurrency: number;
  globalConcurrency: number;
  /** Consecutive device failures that open the circuit (default 5). */
  breakerThreshold: number;
  /** How long the circuit stays open before one probe is let through (default 30000). */
  breakerHalfOpenMs: number;
}

export const DEFAULT_REST_CLIENT_OPTIONS: RestClientOptions = {
  requestTimeoutMs: 5_000,
  connectTimeoutMs: 5_000,
  readAttempts: 3,
  backoffInitialMs: 200,
  backoffMaxMs: 2_000,
  perDeviceConcurrency: 3,
  globalConcurrency: 64,
  breakerThreshold: 5,
  breakerHalfOpenMs: 30_000,
};
