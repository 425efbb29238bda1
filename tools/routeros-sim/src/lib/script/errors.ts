/** A script that cannot be read: nothing of it runs (RouterOS parses a whole script before running it). */
export class ScriptSyntaxError extends Error {
  constructor(
    readonly text: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${text} (line ${line} column ${column})`);
  }
}

/** A command that failed while running (`failure: …`, `no such item`, `:error "…"`): `on-error` catches it. */
export class ScriptFailure extends Error {}

/** The job was removed (`/system script job remove`): the script stops where it is; `on-error` does not catch it. */
export class JobStopped extends Error {
  constructor() {
    super('interrupted');
  }
}
