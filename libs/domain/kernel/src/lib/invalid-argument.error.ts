import { DomainError } from './domain-error';

/**
 * A tool argument that is well formed but names nothing the device's RouterOS has (a menu path, a property, a
 * value its command tree does not accept): the caller's parameters are wrong, as a schema failure would say, so the
 * protocol answers INVALID_PARAMS naming the argument and what it accepts.
 */
export class InvalidArgumentError extends DomainError {
  readonly code = 'VALIDATION.INVALID_ARGUMENT';

  constructor(
    readonly field: string,
    readonly reason: string,
    readonly accepted?: readonly string[],
  ) {
    super(`${field}: ${reason}`);
  }

  override details(): Record<string, unknown> {
    return { field: this.field, errors: [{ field: this.field, message: this.reason }], ...(this.accepted ? { accepted: this.accepted } : {}) };
  }
}
