/** A mistake in how the CLI was called (exit code 1), reported as one line naming the field. */
export class CliUsageError extends Error {
  override name = 'CliUsageError';
}
