import { CommanderError } from 'commander';
import { CliContext } from './cli-context';
import { CliUsageError, ReportedFailure } from './cli-error';
import { CliIo, write } from './cli-io';
import { compositionIfLoaded } from './composition';
import { shown } from './display';
import { AbortedByUser } from './commands/device-remove.command';
import { buildProgram } from './program';

export const EXIT = { ok: 0, user: 1, internal: 2 } as const;

/** Runs one CLI invocation and returns its exit code: 0 success, 1 the caller's mistake, 2 our failure. */
export async function runCli(argv: string[], io: CliIo, env: NodeJS.ProcessEnv, version: string): Promise<number> {
  const program = buildProgram(new CliContext(io, env), version);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander already printed its message (and help after errors).
      return error.exitCode === 0 ? EXIT.ok : EXIT.user;
    }
    if (error instanceof ReportedFailure) return error.exitCode;
    if (error instanceof AbortedByUser) {
      write(io.stderr, error.message);
      return EXIT.user;
    }
    // Its error classes only if it is loaded: before that, nothing can have thrown one (and a usage error loads none of it).
    const layers = compositionIfLoaded();
    if (layers && error instanceof layers.StoreUnavailableError) {
      // Not the caller's mistake and no bug: the operator fixes the store (or waits for it) and runs the command again.
      write(io.stderr, `error: ${error.message}; the step that failed was not saved. Check the database (server running, disk space, file permissions) and run the command again.`);
      return EXIT.internal;
    }
    if (error instanceof CliUsageError || (layers && (error instanceof layers.ConfigError || error instanceof layers.KeyFileError || (layers.isDomainError(error) && error.fault === 'user')))) {
      // A refusal may quote what a model or a device wrote (a verdict, a RouterOS error): one escaped line.
      write(io.stderr, `error: ${shown(error.message)}`);
      return EXIT.user;
    }
    write(io.stderr, `internal error: ${shown((error as Error).message ?? String(error))}`);
    return EXIT.internal;
  }
}
