import { result, SafetyRule } from '../safety-rule';

const MENU = '(?:/[a-z][a-z0-9-]*)*';
const EXPORT_FLAGS = ['terse', 'verbose', 'compact', 'show-sensitive', 'hide-sensitive'];
const PRINT_FLAGS = ['without-paging', 'detail', 'terse'];
const SAFE_MODE = ['/safe-mode/take', '/safe-mode/release', '/safe-mode/unroll'];

/**
 * The only shapes of SSH command this service ever sends: `<menu>/export [flags]`, `<menu>/print [flags]`
 * and the safe-mode commands. Anything else (a second command after `;`, scripting with `[ ]`, `$`, `{ }`,
 * quotes, line breaks, or any other verb) is refused, whatever produced it.
 */
export function checkSshCommand(command: string): string | undefined {
  if (SAFE_MODE.includes(command)) return undefined;
  const match = new RegExp(`^(${MENU})/(export|print)((?: [a-z-]+)*)$`).exec(command);
  if (!match) return `'${truncate(command)}' is not an allow-listed export, print or safe-mode command`;
  const [, , verb, rest] = match;
  const allowed = verb === 'export' ? EXPORT_FLAGS : PRINT_FLAGS;
  const flags = rest.trim() === '' ? [] : rest.trim().split(' ');
  const bad = flags.find((flag) => !allowed.includes(flag));
  if (bad) return `'${bad}' is not an allowed ${verb} option (allowed: ${allowed.join(', ')})`;
  if (new Set(flags).size !== flags.length) return `an option is repeated in '${truncate(command)}'`;
  if (flags.includes('show-sensitive') && flags.includes('hide-sensitive')) return 'show-sensitive and hide-sensitive exclude each other';
  return undefined;
}

function truncate(text: string): string {
  const printable = text.replace(/[^\x20-\x7e]/g, '?');
  return printable.length > 80 ? `${printable.slice(0, 77)}...` : printable;
}

export const sshAllowlistRule: SafetyRule = {
  id: 'SSH_ALLOWLIST',
  description: 'SSH commands are limited to export, print and safe-mode, with known options only.',
  needsDeviceState: false,
  evaluate(ctx) {
    const command = ctx.input?.sshCommand;
    if (command === undefined) return result(this, 'not_applicable', 'no SSH command');
    const problem = checkSshCommand(command);
    return problem ? result(this, 'fail', problem) : result(this, 'pass', 'command is allow-listed');
  },
};
