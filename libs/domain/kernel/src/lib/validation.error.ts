import { DomainError } from './domain-error';

export interface FieldError {
  field: string;
  message: string;
}

/** Input that breaks a domain invariant. Carries one entry per offending field. */
export class ValidationError extends DomainError {
  readonly code = 'VALIDATION.INVALID';

  constructor(readonly errors: FieldError[]) {
    super(errors.map((e) => `${e.field}: ${e.message}`).join('; '));
  }

  static single(field: string, message: string): ValidationError {
    return new ValidationError([{ field, message }]);
  }

  override details(): Record<string, unknown> {
    return { errors: this.errors };
  }
}

/** Collects field errors while validating several fields, then throws them together. */
export class FieldErrors {
  private readonly errors: FieldError[] = [];

  add(field: string, message: string): void {
    this.errors.push({ field, message });
  }

  /** Runs `check`; a ValidationError it throws is recorded instead of propagated. */
  collect<T>(check: () => T): T | undefined {
    try {
      return check();
    } catch (error) {
      if (error instanceof ValidationError) {
        this.errors.push(...error.errors);
        return undefined;
      }
      throw error;
    }
  }

  throwIfAny(): void {
    if (this.errors.length > 0) throw new ValidationError([...this.errors]);
  }
}
