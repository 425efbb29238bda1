/** A mistake in how the CLI was called (exit code 1), reported as one line naming the field. */
export class CliUsageError extends Error {
  override name = 'CliUsageError';
}

/** A command that printed its own report of a failure (e.g. an unreachable device): exit 2, nothing more to print. */
export class ReportedFailure extends Error {
  override name = 'ReportedFailure';
}
