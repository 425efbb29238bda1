import { commandItems } from './command-items';
import type { MenuCommand } from './menu-commands';

/**
 * `/user expire-password numbers=…` (User manual): the user's password is expired, so it must choose a new one at
 * its next login; `expired` prints `true` until it does (`/password`, rest/commands.ts). The simulator shows the flag
 * and keeps letting the old password log in (chosen: the forced change is an interactive prompt; docs/simulator.md).
 */
const expirePassword: MenuCommand = (state, body) => {
  for (const row of commandItems(state, 'user', body)) state.commandUpdate('user', row['.id'], { '.expired': 'true' });
  return [];
};

export const USER_COMMANDS: Record<string, MenuCommand> = { 'user/expire-password': expirePassword };
