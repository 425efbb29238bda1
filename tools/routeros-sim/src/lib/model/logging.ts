import { isIP } from 'node:net';
import type { Row } from '../rest/print-query';
import { invalidArg, numberIn } from './arg-rules';
import type { MenuSpec } from './menu-spec';
import { oneOf, strictBool, usedBy } from './menu-values';

/** Log targets and their arguments (System Logging manual; `email` too, which the simulator never sends). */
const TARGETS = ['disk', 'echo', 'email', 'memory', 'remote'];
const FACILITIES = ['auth', 'authpriv', 'cron', 'daemon', 'ftp', 'kern', 'local0', 'local1', 'local2', 'local3', 'local4', 'local5', 'local6', 'local7', 'lpr', 'mail', 'news', 'syslog', 'user', 'uucp'];
const SEVERITIES = ['alert', 'auto', 'critical', 'debug', 'emergency', 'error', 'info', 'notice', 'warning'];

/** What a new action of each target shows for the arguments it was not given (the manual's defaults). */
const TARGET_DEFAULTS: Record<string, Record<string, string>> = {
  memory: { 'memory-lines': '1000', 'memory-stop-on-full': 'false' },
  disk: { 'disk-file-name': 'log', 'disk-lines-per-file': '1000', 'disk-file-count': '2', 'disk-stop-on-full': 'false' },
  echo: { remember: 'true' },
  remote: { remote: '0.0.0.0', 'remote-port': '514', 'src-address': '0.0.0.0', 'syslog-facility': 'daemon', 'syslog-severity': 'auto', 'syslog-time-format': 'bsd-syslog' },
  email: { 'email-to': '', 'email-start-tls': 'false' },
};

function actionArg(key: string, value: string): string | undefined {
  switch (key) {
    case 'target':
      return oneOf(key, value, TARGETS);
    case 'memory-lines': case 'disk-lines-per-file': case 'disk-file-count':
      return numberIn(key, value, 1, 65535);
    case 'remote-port':
      return numberIn(key, value, 0, 65535);
    case 'remote': case 'src-address':
      if (!isIP(value)) throw invalidArg(key);
      return value;
    case 'syslog-facility':
      return oneOf(key, value, FACILITIES);
    case 'syslog-severity':
      return oneOf(key, value, SEVERITIES);
    case 'syslog-time-format':
      return oneOf(key, value, ['bsd-syslog', 'iso8601']);
    // 7.15's boolean (7.20 replaced it with remote-log-format): a boolean of one version only, so not in `bools`.
    case 'bsd-syslog': return strictBool(key, value);
    case 'remote-protocol':
      return oneOf(key, value, ['tcp', 'udp']);
  }
  return undefined;
}

/** The four actions every RouterOS has, built in: `memory`, `disk`, `echo` and `remote` (System Logging manual). */
export function loggingSeed(): Record<string, Row[]> {
  return {
    'system/logging/action': ['memory', 'disk', 'echo', 'remote'].map((target) => ({ name: target, target, ...TARGET_DEFAULTS[target], '.builtin': 'true' })),
  };
}

/**
 * `/system/logging/action`: a target with its own arguments (an action shows its target's defaults; arguments of
 * other targets are stored as given, chosen: RouterOS keeps every property on the object). An action a logging rule
 * uses cannot be removed; rules name actions by name and follow their renames.
 */
export const LOGGING_ACTION_MENU: MenuSpec = {
  path: 'system/logging/action', kind: 'table', writable: true, bools: ['memory-stop-on-full', 'disk-stop-on-full', 'remember', 'email-start-tls'],
  unique: 'name', required: ['name', 'target'],
  argRule: actionArg,
  // Wording chosen without a source (docs/simulator.md).
  removeRefusal: (row, rowsOf) => (usedBy(row['name'], rowsOf, [['system/logging', ['action']]]) ? 'failure: action is in use' : undefined),
  // The target's defaults are shown, not stored, so exports leave them out as RouterOS's do.
  computed: (row) => ({ ...Object.fromEntries(Object.entries(TARGET_DEFAULTS[row['target'] ?? ''] ?? {}).filter(([k]) => row[k] === undefined)), default: String(row['.builtin'] === 'true') }),
};
