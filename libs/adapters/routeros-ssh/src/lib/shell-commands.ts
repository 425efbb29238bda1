import { ExportOptions, SHELL_PRINTS, ShellPrint } from '@routeros-mcp/application-ports';

/**
 * The only console commands the shell sends, built from typed options: no input from a caller becomes part
 * of a command string, so nothing can append a second command.
 */
const ALLOWED = /^\/[a-z/-]+(?: [a-z-]+)*$/;

function checked(command: string): string {
  if (!ALLOWED.test(command)) throw new Error(`refusing to send a console command outside the allow-list: ${JSON.stringify(command)}`);
  return command;
}

export function exportCommand(options: ExportOptions): string {
  const flags = [options.terse && 'terse', options.verbose && 'verbose', options.compact && 'compact', options.showSensitive ? 'show-sensitive' : undefined].filter(Boolean);
  return checked(['/export', ...flags].join(' '));
}

export function printCommand(menu: ShellPrint): string {
  if (!(SHELL_PRINTS as readonly string[]).includes(menu)) throw new Error(`print is limited to ${SHELL_PRINTS.join(', ')}; got ${JSON.stringify(menu)}`);
  return checked(`/${menu}/print without-paging`);
}

export const SAFE_MODE_COMMANDS = {
  take: checked('/safe-mode/take'),
  release: checked('/safe-mode/release'),
  unroll: checked('/safe-mode/unroll'),
} as const;
