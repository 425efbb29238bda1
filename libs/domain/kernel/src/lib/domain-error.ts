/**
 * Base of every error the core raises on purpose. `code` is stable (e.g. `DEVICE.NOT_FOUND`) and is what
 * the protocol layer and the CLI map to their own codes; `fault` tells whether the caller's input or the
 * system is at fault, so front ends can choose an exit code or a recovery strategy without string matching.
 */
export type ErrorFault = 'user' | 'system';

export abstract class DomainError extends Error {
  abstract readonly code: string;
  readonly fault: ErrorFault = 'user';

  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }

  /** Structured, secret-free context for logs and protocol error data. */
  details(): Record<string, unknown> {
    return {};
  }
}

export function isDomainError(value: unknown): value is DomainError {
  return value instanceof DomainError;
}
