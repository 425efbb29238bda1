import type password from '@inquirer/password';
import { createInterface } from 'node:readline/promises';
import { CliIo } from './cli-io';

/** The real terminal: prompts only when both stdin and stderr are a TTY; prompts write to stderr. */
export function processIo(): CliIo {
  const interactive = Boolean(process.stdin.isTTY && process.stderr.isTTY);
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    interactive,
    color: Boolean(process.stdout.isTTY),
    // The prompt library loads when a prompt is shown, not on every start.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    promptSecret: (message) => (require('@inquirer/password') as { default: typeof password }).default({ message, mask: false }, { output: process.stderr }),
    async confirm(message) {
      const rl = createInterface({ input: process.stdin, output: process.stderr });
      try {
        return /^y(es)?$/i.test((await rl.question(`${message} [y/N] `)).trim());
      } finally {
        rl.close();
      }
    },
  };
}
