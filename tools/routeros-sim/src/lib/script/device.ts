import type { Statement } from './ast';

/** A job `:execute` started: its id, and its output once it ends. */
export interface ExecutedJob {
  id: string;
  done: Promise<{ output: string; error?: string }>;
}

/** What a script needs of the device it runs on: menus, their rows and commands, the log, globals and the clock. */
export interface MenuStep {
  /** The menu reached (`ip/firewall/filter`). */
  menu: string[];
  /** The command named, if the words name one. */
  command?: string;
  /** How many of the words the path and command took; the rest are the command's values. */
  used: number;
}

/** A `print`'s switches, `name=value` arguments and, after a `where`, the `.id`s of the items it matched. */
export interface PrintOptions {
  switches: string[];
  args: Record<string, string>;
  ids?: Set<string>;
}

export interface ScriptDevice {
  /**
   * Walks path words (`/ip`, `firewall`, `filter`, `add`) from `cwd`; throws ScriptSyntaxError
   * `bad command name X` at a word that is neither a menu nor a command of it.
   */
  walk(cwd: string[], words: { text: string; line: number; column: number }[]): MenuStep;
  /** Argument names a command takes, when the device knows them (checked before the script runs). */
  argumentsOf(menu: string, command: string): string[] | undefined;
  isSingleton(menu: string): boolean;
  /** Rows as `print` shows them, with `.id`. */
  rows(menu: string): Record<string, string>[];
  /** An item word as the console reads it: a number the job's last `print` gave becomes that item's id. */
  itemOf(menu: string, word: string): string;
  /** Runs `add`/`set`/`remove`/… with the console's arguments; the new id for `add`. Throws ScriptFailure. */
  command(menu: string, command: string, args: Record<string, string>): Promise<string | undefined>;
  /** `print` as the console shows it, for the given switches (`detail`, `terse`…), arguments and matching items. */
  print(menu: string, request?: PrintOptions): string;
  /** `print as-value`: each item as `name=value` strings, `.id` first. */
  printValues(menu: string, request?: PrintOptions): string[][];
  log(topic: string, message: string): void;
  /** `/system/script` source by name, for `/system script run` and a scheduler naming a script. */
  scriptSource(name: string): string | undefined;
  /** Resolves after `ms` of the device's clock. */
  sleep(ms: number): Promise<void>;
  /** The device clock in milliseconds (`:time`). */
  now(): number;
  /** `:execute`: runs script text, or a parsed block, as a job of its own in the background. */
  execute(script: string | Statement[]): ExecutedJob;
  /** `:resolve`: the address a name has on the device; throws ScriptFailure with RouterOS's text otherwise. */
  resolve(name: string): string;
  /** `:jobname`: the `/system/script` entry the running job runs; empty for other jobs. */
  jobName(): string;
  /** `:execute … file=`: keeps a job's output as a file. */
  writeFile(name: string, contents: string): void;
}
