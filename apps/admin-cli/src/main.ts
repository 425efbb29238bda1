import { packageVersion } from './lib/package-version';
import { processIo } from './lib/process-io';
import { runCli } from './lib/run-cli';

runCli(process.argv.slice(2), processIo(), process.env, packageVersion()).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`internal error: ${(error as Error).message}\n`);
    process.exitCode = 2;
  },
);
