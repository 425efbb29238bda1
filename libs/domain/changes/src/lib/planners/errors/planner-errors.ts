import { DomainError } from '@routeros-mcp/domain-kernel';

/** What a planner refuses on the live state: the request was well formed, the device says otherwise. */
abstract class PlannerError extends DomainError {
  constructor(
    message: string,
    private readonly context: Record<string, unknown>,
  ) {
    super(message);
  }

  override details(): Record<string, unknown> {
    return { ...this.context };
  }
}

/** The row the caller named is no longer as they saw it (e.g. a rule moved): read again, then retry. */
export class ChangePreconditionError extends PlannerError {
  readonly code = 'CHANGE.PRECONDITION_FAILED';
}

/** The row, interface or server the request names does not exist on the device. */
export class ChangeTargetNotFoundError extends PlannerError {
  readonly code = 'CHANGE.TARGET_NOT_FOUND';
}

/** The request collides with what the device holds (an overlapping prefix, an address leased to another client). */
export class ChangeOverlapError extends PlannerError {
  readonly code = 'CHANGE.OVERLAP';
}

/** The row is not one these tools may change: dynamic rows, connected routes, address lists not named `mcp-…`. */
export class ChangeNotPermittedError extends PlannerError {
  readonly code = 'CHANGE.NOT_PERMITTED';
}
