import { RestError } from './rest-error';

/**
 * The scripting language's global commands as the tree's root lists them (Scripting manual, "Global commands").
 * MikroTik's API manual: "no other scripting constructs are available in API (:if, :for etc.)"; REST wraps the
 * API, so `POST /rest/put` is refused, pointing at `/execute`, which runs a script (rest/execute-command.ts). The
 * text is chosen (no source gives RouterOS's words), a `failure:` rather than `no such command` (docs/simulator.md).
 */
const SCRIPTING = new Set([
  'beep', 'convert', 'delay', 'deserialize', 'do', 'error', 'find', 'for', 'foreach', 'global', 'grep', 'if', 'jobname', 'len', 'local',
  'lock', 'nothing', 'onerror', 'parse', 'pick', 'put', 'range', 'resolve', 'retry', 'return', 'rndnum', 'rndstr', 'serialize', 'set', 'time',
  'timestamp', 'toarray', 'tobool', 'tocrlf', 'toid', 'toip', 'toip6', 'tolf', 'tonsec', 'tonum', 'tostr', 'totime', 'typeof', 'while',
]);

/**
 * Commands that need a terminal, which REST and SSH exec lack: `/terminal` draws on or reads from it (cursor, style,
 * a key, a prompt); the hotspot and DHCP server `setup` wizards prompt for each answer; `/system shell` and
 * `serial-terminal` hand the terminal to another program.
 */
const TERMINAL = /^(terminal\/(ask|cuu|el|inkey|style)|ip\/(hotspot|dhcp-server)\/setup|system\/(shell|serial-terminal))$/;

/** The refusal for a console-only command, or undefined for any other. */
export function consoleOnlyRefusal(command: string): RestError | undefined {
  if (SCRIPTING.has(command)) return new RestError(400, `failure: :${command} is a scripting command, which the API does not run (use /execute)`);
  if (TERMINAL.test(command)) return new RestError(400, `failure: /${command} needs an interactive terminal`);
  return undefined;
}
