/** An error as RouterOS's REST server answers it: status plus `{"error","message"[,"detail"]}`. */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly detail?: string,
  ) {
    super(detail ?? String(status));
  }

  body(): Record<string, unknown> {
    return { error: this.status, message: STATUS_TEXT[this.status] ?? 'Error', ...(this.detail !== undefined ? { detail: this.detail } : {}) };
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  406: 'Not Acceptable',
  500: 'Internal Server Error',
};

export const errors = {
  notFound: () => new RestError(404),
  noSuchCommand: (what: string) => new RestError(400, `no such command or directory (${what})`),
  /** A command path read with GET. */
  noSuchCommandPlain: () => new RestError(400, 'no such command'),
  unknownParameter: (name: string) => new RestError(400, `unknown parameter ${name}`),
  invalidValue: (name: string, value: string) => new RestError(400, `invalid value of ${name}: ${value}`),
  missingValue: (name: string) => new RestError(400, `missing value for ${name}`),
  noMatch: (name: string) => new RestError(400, `input does not match any value of ${name}`),
  /** `failure: already have such entry`, `… interface with such name`, `… such address`. */
  alreadyExists: (what: string) => new RestError(400, `failure: already have ${what}`),
  noSuchItem: () => new RestError(400, 'no such item'),
  builtin: () => new RestError(406, 'cannot remove builtin object'),
  dynamic: () => new RestError(400, 'failure: can not change dynamic'),
  /**
   * A command the version's tree has but the simulator does not model (`/system/shutdown`, `/ip/address/edit`).
   * No RouterOS answer fits (a real router runs it); chosen: 400 with a `failure:` text naming the command, so a
   * client reads it as the device refusing the command, never as success (docs/simulator.md).
   */
  notSimulated: (command: string) => new RestError(400, `failure: /${command} is not supported by the simulator`),
  /** A write by a user whose group lacks `write`: RouterOS's REST answers 400 `not enough permissions (9)` (issue 23's review). */
  notAllowed: () => new RestError(400, 'not enough permissions (9)'),
  sessionClosed: () => new RestError(400, 'Session closed'),
  unauthorized: () => new RestError(401),
  badJson: () => new RestError(400, 'JSON parsing error'),
};

/** RouterOS's console wording for what the REST layer reports (the SSH console's and the script interpreter's). */
export function consoleText(error: RestError): string {
  if (error.status === 404) return 'no such item';
  if (error.detail === 'not allowed (9)') return 'not enough permissions (9)';
  return error.detail ?? 'failure';
}
