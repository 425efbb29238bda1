import type { DeviceState } from '../model/device-state';
import { errors } from './rest-error';
import type { MenuCommand } from './menu-commands';

/**
 * `/log info|warning|error|debug message=…`: the same as the scripting language's `:log` (Scripting manual), a line
 * with the topics `script,<level>`.
 */
const logLine = (level: string): MenuCommand => (state: DeviceState, body) => {
  const message = body['message'];
  if (message === undefined) throw errors.missingValue('message');
  state.log(`script,${level}`, String(message));
  return [];
};

/**
 * `/system/logging/action clear action=A` (7.20): empties the memory buffer of action A. The simulator keeps one
 * buffer, the one `/log` prints, which every `memory`-target action shares; clearing an action of another target
 * has no buffer to empty (chosen without a source, docs/simulator.md).
 */
const clear: MenuCommand = (state, body) => {
  const name = body['action'];
  if (name === undefined) throw errors.missingValue('action');
  const action = state.rawRow('system/logging/action', String(name));
  if (!action) throw errors.noMatch('action');
  if (action['target'] === 'memory') state.clearLog();
  return [];
};

export const LOGGING_COMMANDS: Record<string, MenuCommand> = {
  ...Object.fromEntries(['info', 'warning', 'error', 'debug'].map((level) => [`log/${level}`, logLine(level)])),
  'system/logging/action/clear': clear,
};
