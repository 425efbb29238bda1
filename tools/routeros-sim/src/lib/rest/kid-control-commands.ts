import { commandItems } from './command-items';
import type { MenuCommand } from './menu-commands';

/**
 * `/ip/kid-control pause numbers=… [duration=|till=]` and `resume` (Kid Control manual: "pause – block the kid's
 * devices now; resume – restore the schedule"): a paused kid prints `paused=true` until it is resumed. `paused` is
 * state, not a setting (no `set` takes it, no export prints it). Chosen without a source (docs/simulator.md): a pause
 * with `duration` or `till` also lasts until `resume`, the simulator having no kid's traffic to block.
 */
const pause: MenuCommand = (state, body) => {
  for (const row of commandItems(state, 'ip/kid-control', body)) state.commandUpdate('ip/kid-control', row['.id'], { paused: 'true' });
  return [];
};

const resume: MenuCommand = (state, body) => {
  for (const row of commandItems(state, 'ip/kid-control', body)) if (row['paused'] !== undefined) state.commandUpdate('ip/kid-control', row['.id'], { paused: undefined });
  return [];
};

export const KID_CONTROL_COMMANDS: Record<string, MenuCommand> = { 'ip/kid-control/pause': pause, 'ip/kid-control/resume': resume };
