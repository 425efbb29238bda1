/** A mistake in how the CLI was called (exit code 1), reported as one line naming the field. */
export class CliUsageError extends Error {
  override name = 'CliUsageError';
}

/**
 * A command that printed its own report of a failure (e.g. an unreachable device): nothing more to print; exit 2, or
 * the code given (`plan status --watch` exits 3 when the plan ended other than completed).
 */
export class ReportedFailure extends Error {
  override name = 'ReportedFailure';
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
  }
}
